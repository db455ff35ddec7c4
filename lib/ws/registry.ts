import type { IncomingMessage } from "node:http";
import type { WebSocket } from "ws";

/**
 * Feature code registers websocket endpoints under /ws/ here; server.ts dispatches upgrades
 * to them. The registry lives on globalThis because server.ts and the Next.js bundle are
 * separate module graphs in one process.
 */
export interface WebSocketRoute {
  /** Path pattern under /ws/, e.g. "/ws/echo" or "/ws/console/:sessionId". */
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
  if (!route.path.startsWith("/ws/")) throw new Error(`websocket routes live under /ws/: ${route.path}`);
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
        if (!v) ok = false;
        else params[p.slice(1)] = decodeURIComponent(v);
      } else if (p !== v) ok = false;
      if (!ok) break;
    }
    if (ok) return { route, params };
  }
  return null;
}
