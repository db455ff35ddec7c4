import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { isWebSocketPath, matchWebSocketRoute } from "@/lib/ws/registry";

function refuse(socket: Duplex, status: number, reason: string) {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Upgrades under /ws/ and /api/console/ws/ (lib/ws/registry.ts, WEBSOCKET_PREFIXES) go to the
 * registered route; unknown paths under them are refused with 404.
 * Other upgrades go to `fallback` (Next's HMR socket in dev) or are refused.
 */
export function attachWebSockets(
  server: Server,
  fallback?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void,
): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on("upgrade", (req, socket, head) => {
    socket.on("error", () => socket.destroy());
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    if (!isWebSocketPath(pathname)) {
      if (fallback) return fallback(req, socket, head);
      return refuse(socket, 404, "Not Found");
    }
    const match = matchWebSocketRoute(pathname);
    if (!match) return refuse(socket, 404, "Not Found");
    Promise.resolve(match.route.authorize ? match.route.authorize(req, match.params) : true)
      .catch((err: unknown) => {
        // A refusal is `false`; a throw is a fault (the database down): refuse, and say why in the log.
        console.error(`rackfront: websocket ${pathname}: authorize failed:`, err);
        return false;
      })
      .then((allowed) => {
        if (!allowed) return refuse(socket, 403, "Forbidden");
        wss.handleUpgrade(req, socket, head, (ws) => match.route.onConnection(ws, req, match.params));
      });
  });
  return {
    close() {
      for (const client of wss.clients) client.close(1001, "server shutting down");
      wss.close();
    },
  };
}
