// The console websocket, `GET /api/servers/:id/ws?token=` (docs/game-servers.md#console-websocket).
// Browsers dial the node directly, so the console token (signed by the portal) is the only credential:
// it must verify, be unexpired and name this server. JSON frames `{ event, args }` as Wings speaks them.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, type RawData, type WebSocketServer } from "ws";
import { z } from "zod";
import { parsePowerAction } from "../process/power-states";
import { verifyConsoleToken, type ConsolePermission, type ConsoleTokenClaims } from "../protocol/console-token";
import { CONSOLE_WS_CLOSE, type ConsoleServerEvent } from "../protocol/node-api";
import { encodeFrame, type ConsoleViewer } from "./console-hub";
import { isServerId } from "./server-id";
import type { ServerRegistry } from "./server-registry";
import { pacedWrites } from "./paced-writes";

export interface ConsoleSocketContext {
  nodeToken: string;
  registry: ServerRegistry;
  /** Exact origins (`scheme://host[:port]`) a browser may open the console from; null: any (the token still decides). */
  allowedOrigins: readonly string[] | null;
  /** A viewer whose socket holds more than this unsent is closed with 4008. */
  maxViewerBufferBytes: number;
  wss: WebSocketServer;
}

/** A viewer's socket is written at most this often while lines keep coming (a lone line goes at once). */
export const VIEWER_WRITE_INTERVAL_MS = 5;
/** Once this much is held, the next frame sends it at once, whatever the interval. */
const VIEWER_MAX_HELD_BYTES = 64 * 1024;
/** Largest client frame: a command is at most 4096 characters, a token a few hundred. */
export const MAX_CLIENT_FRAME_BYTES = 64 * 1024;
/** How long before expiry `token expiring` is sent. */
export const TOKEN_EXPIRING_NOTICE_MS = 60_000;
/** A viewer closed for being slow gets this long to take the close frame before its socket is cut. */
const SLOW_CLOSE_GRACE_MS = 5000;
/** setTimeout's largest delay; console tokens live 10 minutes, far below it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const WS_PATH = /^\/api\/servers\/([^/]+)\/ws$/;

const clientFrame = z.discriminatedUnion("event", [
  z.object({ event: z.literal("auth"), args: z.tuple([z.string().max(4096)]) }),
  z.object({ event: z.literal("send command"), args: z.tuple([z.string().min(1).max(4096)]) }),
  z.object({ event: z.literal("send logs"), args: z.array(z.unknown()).max(0).optional() }),
  z.object({ event: z.literal("set state"), args: z.tuple([z.string().max(32)]) }),
]);

/** True when the request was for the console (handled or refused here); false: not a console path. */
export function handleConsoleUpgrade(ctx: ConsoleSocketContext, req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
  const url = new URL(req.url ?? "/", "http://node.invalid");
  const match = WS_PATH.exec(url.pathname);
  if (!match) return false;
  if (!isServerId(match[1])) {
    refuseUpgrade(socket, 404, "Not Found");
    return true;
  }
  if (ctx.allowedOrigins !== null && !(typeof req.headers.origin === "string" && ctx.allowedOrigins.includes(req.headers.origin))) {
    refuseUpgrade(socket, 403, "Forbidden");
    return true;
  }
  const token = url.searchParams.get("token") ?? "";
  ctx.wss.handleUpgrade(req, socket, head, (ws) => {
    ctx.wss.emit("connection", ws, req);
    serveConsole(ctx, ws, socket, match[1], token);
  });
  return true;
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.on("error", () => {});
}

type TokenResult = { ok: true; claims: ConsoleTokenClaims } | { ok: false; code: number; reason: string };

function checkToken(nodeToken: string, token: string, id: string): TokenResult {
  const check = verifyConsoleToken(nodeToken, token);
  if (!check.ok) {
    if (check.reason === "expired") return { ok: false, code: CONSOLE_WS_CLOSE.tokenExpired, reason: "The console token has expired." };
    return { ok: false, code: CONSOLE_WS_CLOSE.tokenInvalid, reason: "The console token is not valid." };
  }
  if (check.claims.sid !== id) return { ok: false, code: CONSOLE_WS_CLOSE.tokenInvalid, reason: "The console token is for another server." };
  if (!check.claims.perms.includes("console.read")) return { ok: false, code: CONSOLE_WS_CLOSE.tokenInvalid, reason: "The console token does not allow reading the console." };
  return check;
}

/** `socket` is the upgraded connection `ws` writes to; its writes are batched (paced-writes.ts). */
function serveConsole(ctx: ConsoleSocketContext, ws: WebSocket, socket: Duplex, id: string, token: string): void {
  ws.on("error", () => {});
  const hold = pacedWrites(socket, { intervalMs: VIEWER_WRITE_INTERVAL_MS, maxHeldBytes: VIEWER_MAX_HELD_BYTES });
  const sendData = (data: Buffer) => {
    if (ws.readyState !== WebSocket.OPEN) return;
    hold();
    ws.send(data, { binary: false });
    // Nothing is queued here per viewer: a socket that cannot keep up is closed, the others never wait for it.
    if (ws.bufferedAmount > ctx.maxViewerBufferBytes) close(CONSOLE_WS_CLOSE.slowViewer, "The console could not keep up; reconnect.");
  };
  const send = (frame: ConsoleServerEvent) => sendData(encodeFrame(frame));
  const close = (code: number, reason: string) => {
    if (ws.readyState !== WebSocket.OPEN) return;
    ws.close(code, reason);
    // A viewer too slow for the output may be too slow for the close handshake too.
    setTimeout(() => ws.terminate(), SLOW_CLOSE_GRACE_MS).unref();
  };
  const refuse = (code: number, reason: string) => {
    send(code === CONSOLE_WS_CLOSE.tokenExpired ? { event: "token expired", args: [] } : { event: "error", args: [reason] });
    close(code, reason);
  };

  const first = checkToken(ctx.nodeToken, token, id);
  if (!first.ok) return refuse(first.code, first.reason);
  const server = ctx.registry.get(id);
  if (!server) return refuse(CONSOLE_WS_CLOSE.serverDeleted, "There is no such server on this node.");

  let claims = first.claims;
  let timers: NodeJS.Timeout[] = [];
  const arm = () => {
    timers.forEach(clearTimeout);
    const left = claims.exp * 1000 - Date.now();
    timers = [
      setTimeout(() => send({ event: "token expiring", args: [] }), Math.min(Math.max(left - TOKEN_EXPIRING_NOTICE_MS, 0), MAX_TIMER_MS)),
      setTimeout(() => refuse(CONSOLE_WS_CLOSE.tokenExpired, "The console token has expired."), Math.min(Math.max(left, 0), MAX_TIMER_MS)),
    ];
  };
  const allowed = (permission: ConsolePermission) => claims.perms.includes(permission);
  const viewer: ConsoleViewer = { send: sendData, close };

  send({ event: "auth success", args: [] });
  arm();
  const leave = server.hub.join(viewer);
  ws.on("close", () => {
    timers.forEach(clearTimeout);
    leave();
  });

  ws.on("message", (data: RawData, isBinary: boolean) => {
    if (claims.exp * 1000 <= Date.now()) return refuse(CONSOLE_WS_CLOSE.tokenExpired, "The console token has expired.");
    let parsed: z.infer<typeof clientFrame>;
    try {
      const result = clientFrame.safeParse(isBinary ? null : JSON.parse(rawText(data)));
      if (!result.success) return send({ event: "error", args: ["The node does not understand that message."] });
      parsed = result.data;
    } catch {
      return send({ event: "error", args: ["Messages are JSON: { event, args }."] });
    }
    switch (parsed.event) {
      case "auth": {
        const renewed = checkToken(ctx.nodeToken, parsed.args[0], id);
        if (!renewed.ok) return refuse(renewed.code, renewed.reason);
        claims = renewed.claims;
        arm();
        return send({ event: "auth success", args: [] });
      }
      case "send logs":
        return server.hub.sendScrollback(viewer);
      case "send command": {
        if (!allowed("console.write")) return send({ event: "error", args: ["Your console token does not allow sending commands."] });
        const outcome = server.installState === "installed" ? server.command(parsed.args[0]) : { ok: false as const, message: "The server is not installed yet." };
        if (!outcome.ok) send({ event: "error", args: [outcome.message] });
        return;
      }
      case "set state": {
        if (!allowed("power")) return send({ event: "error", args: ["Your console token does not allow power actions."] });
        const action = parsePowerAction(parsed.args[0]);
        if (!action) return send({ event: "error", args: ["Use start, stop, restart or kill."] });
        const outcome = server.power(action);
        // The new state reaches every viewer as a `status` event; only a refusal is answered here.
        if (!outcome.ok) send({ event: "error", args: [outcome.message] });
        return;
      }
    }
  });
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}
