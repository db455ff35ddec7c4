import type { IncomingMessage } from "node:http";
import { WebSocket, type RawData } from "ws";
import { normalizeOrigins, originAllowed } from "./allowed-origin";
import { CONSOLE_CLOSE, CONSOLE_CLOSE_REASON, closeReasonText } from "./console-close-codes";
import type { WebSocketRoute } from "./registry";

/** The route the game console session's `ws_path` names (lib/game/game-console-path.ts). */
export const GAME_CONSOLE_RELAY_PATH = "/api/console/ws/game/:serverId";

export interface GameConsoleRelayOptions {
  /** The node's websocket URL for this dial, or null to refuse (lib/game/game-console-upstream.ts). */
  upstream: (dial: { serverId: string; token: string }) => Promise<{ url: string } | null>;
  /** The origin(s) the panel is served from; matched exactly, as the VPS console relay does. */
  allowedOrigin: string | readonly string[];
  /** The `Origin` the relay presents to nodes: the portal's public origin, which nodes are told to accept. */
  upstreamOrigin: string;
  /** How long the node may take to accept the upstream socket. */
  connectTimeoutMs?: number;
  /** A viewer holding more than this unsent is closed (the node closes its own slow viewers the same way). */
  maxViewerBufferBytes?: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_VIEWER_BUFFER = 4 * 1024 * 1024;
/** Close codes the node sends that the viewer should see unchanged (its 4000-4999 range, and normal closes). */
const passThrough = (code: number) => code === 1000 || (code >= 4000 && code <= 4999);

/**
 * The game console relay (docs/decisions.md#r20): the browser dials the portal, the portal dials the
 * node's console websocket and moves text frames both ways unchanged. The panel's CSP, TLS and
 * origin stay the portal's; the node's port never has to be reachable from browsers. Checked before
 * the upgrade (a refusal is a plain 403): the Origin, a token, and the upstream lookup (a live server
 * of an active service whose node signed that token). The node verifies the token again and owns
 * the protocol (auth refresh, commands, power), so the relay never reads a frame.
 */
export function createGameConsoleRelayRoute(options: GameConsoleRelayOptions): WebSocketRoute {
  const origins = normalizeOrigins(options.allowedOrigin);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const maxBuffer = options.maxViewerBufferBytes ?? DEFAULT_MAX_VIEWER_BUFFER;
  const dialling = new WeakMap<IncomingMessage, string>();

  return {
    path: GAME_CONSOLE_RELAY_PATH,
    async authorize(req, params) {
      if (!originAllowed(req.headers.origin, origins)) return false;
      const token = new URL(req.url ?? "/", "http://relay.invalid").searchParams.get("token");
      if (!token || !params.serverId) return false;
      const found = await options.upstream({ serverId: params.serverId, token });
      if (!found) return false;
      dialling.set(req, found.url);
      return true;
    },
    onConnection(viewer, req) {
      const url = dialling.get(req);
      dialling.delete(req);
      if (!url) return viewer.close(1011, "console upstream missing");
      const node = new WebSocket(url, { headers: { origin: options.upstreamOrigin }, handshakeTimeout: connectTimeoutMs, maxPayload: 1024 * 1024 });
      const pending: string[] = [];
      let ended = false;
      const end = (code: number, reason: string) => {
        if (ended) return;
        ended = true;
        if (viewer.readyState === WebSocket.OPEN) viewer.close(code, closeReasonText(reason));
        if (node.readyState === WebSocket.OPEN) node.close(1000);
        else if (node.readyState === WebSocket.CONNECTING) node.terminate();
      };
      viewer.on("error", () => {});
      node.on("error", () => end(CONSOLE_CLOSE.consoleUnreachable, CONSOLE_CLOSE_REASON.consoleUnreachable));
      node.on("open", () => {
        for (const frame of pending.splice(0)) node.send(frame);
      });
      node.on("message", (data: RawData, isBinary: boolean) => {
        if (viewer.readyState !== WebSocket.OPEN) return;
        viewer.send(isBinary ? toBuffer(data) : toBuffer(data).toString("utf8"));
        if (viewer.bufferedAmount > maxBuffer) end(4008, "The console could not keep up; reconnect.");
      });
      node.on("close", (code: number, reason: Buffer) => {
        const text = reason.toString("utf8");
        end(passThrough(code) ? code : CONSOLE_CLOSE.consoleClosed, text || CONSOLE_CLOSE_REASON.consoleClosed);
      });
      viewer.on("message", (data: RawData, isBinary: boolean) => {
        // The node speaks JSON text frames; anything binary is not a console message.
        if (isBinary) return;
        const frame = toBuffer(data).toString("utf8");
        if (node.readyState === WebSocket.OPEN) node.send(frame);
        else if (node.readyState === WebSocket.CONNECTING && pending.length < 32) pending.push(frame);
      });
      viewer.on("close", () => end(1000, "viewer left"));
    },
  };
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
