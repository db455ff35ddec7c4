import type { IncomingMessage } from "node:http";
import type { ConsumeConsoleSession, ServedConsole } from "@/lib/console/relay-port";
import { normalizeOrigins, originAllowed } from "./allowed-origin";
import type { WebSocketRoute } from "./registry";
import { DEFAULT_CONSOLE_RELAY_LIMITS, relayConsoleSocket, type ConsoleRelayLimits } from "./relay-console-socket";

/** The path the reseller API names in `wsPath` and `websocketUrl`. */
export const CONSOLE_RELAY_PATH = "/api/console/ws/:sessionId";

export interface ConsoleRelayOptions {
  /** Spends the dial's token (lib/console/relay-port.ts); null refuses the dial. */
  consume: ConsumeConsoleSession;
  /** The origin(s) a console page is served from (RACKFRONT_BASE_URL's); matched exactly. */
  allowedOrigin: string | readonly string[];
  clock?: () => Date;
  limits?: Partial<ConsoleRelayLimits>;
  log?: (message: string, error?: unknown) => void;
  /** Called with each relay's outcome once it has ended (tests, benchmarks). */
  onRelayEnded?: (sessionId: string, reason: string) => void;
}

/**
 * The console websocket (docs/decisions.md#r18). Every check happens before the upgrade, so a
 * refused dial is a plain HTTP 403 and no websocket ever opens: the Origin, the token's presence,
 * then the token itself, spent here (one-shot, atomically in the domain). A foreign page or a dial
 * without a token therefore never burns a token. Once upgraded, relayConsoleSocket carries it.
 */
export function createConsoleRelayRoute(options: ConsoleRelayOptions): WebSocketRoute {
  const origins = normalizeOrigins(options.allowedOrigin);
  const clock = options.clock ?? (() => new Date());
  const limits = { ...DEFAULT_CONSOLE_RELAY_LIMITS, ...options.limits };
  const log = options.log ?? ((message: string, error?: unknown) => console.error(`rackfront: ${message}`, error ?? ""));
  /** Sessions consumed by authorize, waiting for their upgrade to complete. */
  const upgrading = new WeakMap<IncomingMessage, ServedConsole>();

  const abandon = (served: ServedConsole) =>
    served.closed("the viewer left before the console opened", clock()).catch((error) => log(`console session ${served.sessionId}: recording its end failed`, error));

  return {
    path: CONSOLE_RELAY_PATH,
    async authorize(req, params) {
      if (!originAllowed(req.headers.origin, origins)) return false;
      const token = new URL(req.url ?? "/", "http://relay.invalid").searchParams.get("token");
      const sessionId = params.sessionId;
      if (!token || !sessionId) return false;
      const served = await options.consume({ sessionId, token, now: clock(), remoteAddress: req.socket.remoteAddress ?? null });
      if (!served) return false;
      // The token is spent: if the viewer is gone before the upgrade completes, the session still ends on record.
      if (req.socket.destroyed) {
        void abandon(served);
        return false;
      }
      upgrading.set(req, served);
      req.socket.once("close", () => {
        if (upgrading.delete(req)) void abandon(served);
      });
      return true;
    },
    onConnection(socket, req) {
      const served = upgrading.get(req);
      upgrading.delete(req);
      if (!served) return socket.close(1011, "console session missing");
      void relayConsoleSocket(socket, served, { clock, limits, log }).then((reason) => options.onRelayEnded?.(served.sessionId, reason));
    },
  };
}
