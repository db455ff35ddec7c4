import type { IncomingMessage } from "node:http";
import type { WebSocket } from "ws";

/**
 * Feature code registers websocket endpoints here; server.ts dispatches upgrades to them. The
 * registry lives on globalThis because server.ts and the Next.js bundle are separate module graphs
 * in one process.
 */

/**
 * Where websocket routes may live: /ws/ (the server's own sockets) and /api/console/ws/ (the path
 * the reseller API's `websocketUrl` and `wsPath` name for console sessions). No other path is ever
 * upgraded by a route, so a Next.js page or API route can never be shadowed by accident.
 */
export const WEBSOCKET_PREFIXES = ["/ws/", "/api/console/ws/"] as const;

/** True when the path is under one of WEBSOCKET_PREFIXES (and names something beneath it). */
export function isWebSocketPath(pathname: string): boolean {
  return WEBSOCKET_PREFIXES.some((prefix) => pathname.startsWith(prefix) && pathname.length > prefix.length);
}

export interface WebSocketRoute {
  /** Path pattern under a WEBSOCKET_PREFIXES entry, e.g. "/ws/echo" or "/api/console/ws/:sessionId". */
  path: string;
  /** Optional check before the upgrade completes; return false (or throw) to refuse with 403. */
  authorize?(req: IncomingMessage, params: Record<string, string>): boolean | Promise<boolean>;
  /** Messages over 1 MiB close the socket (code 1009). */
  onConnection(socket: WebSocket, req: IncomingMessage, params: Record<string, string>): void;
}

type Registry = Map<string, WebSocketRoute>;
const slot = globalThis as unknown as { __rackfrontWsRoutes?: Registry };

function registry(): Registry {
  slot.__rackfrontWsRoutes ??= new Map();
  return slot.__rackfrontWsRoutes;
}

export function registerWebSocketRoute(route: WebSocketRoute): () => void {
  if (!isWebSocketPath(route.path)) throw new Error(`websocket routes live under ${WEBSOCKET_PREFIXES.join(" or ")}: ${route.path}`);
  registry().set(route.path, route);
  return () => {
    if (registry().get(route.path) === route) registry().delete(route.path);
  };
}

export function matchWebSocketRoute(pathname: string): { route: WebSocketRoute; params: Record<string, string> } | null {
  const parts = pathname.split("/");
  for (const route of registry().values()) {
    const pattern = route.path.split("/");
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i]!;
      const v = parts[i]!;
      if (p.startsWith(":")) {
        const decoded = v ? safeDecode(v) : null;
        if (decoded === null) ok = false;
        else params[p.slice(1)] = decoded;
      } else if (p !== v) ok = false;
      if (!ok) break;
    }
    if (ok) return { route, params };
  }
  return null;
}

/** A malformed escape (`%E0`) is no match rather than an exception in the server's upgrade handler. */
function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
