import { registerWebSocketRoute } from "@/lib/ws/registry";

/**
 * WebSocket endpoints built into the server. Feature modules (consoles, game servers) add
 * theirs with registerWebSocketRoute. /ws/echo is the liveness probe for websocket plumbing
 * (load balancers and tests use it); it echoes text frames and nothing else.
 */
export function registerBuiltInWebSocketRoutes() {
  registerWebSocketRoute({
    path: "/ws/echo",
    onConnection(socket) {
      socket.on("message", (data, isBinary) => {
        if (!isBinary) socket.send(data.toString());
      });
    },
  });
}
