import type { Db } from "@/lib/db/client";
import { consoleSessionConsumer } from "@/lib/services/console/consume-console-session";
import { gameConsoleUpstream } from "@/lib/game/game-console-upstream";
import { publicOrigin } from "@/lib/platform/public-origin";
import { consoleRelayOrigins } from "@/lib/ws/allowed-origin";
import { createConsoleRelayRoute } from "@/lib/ws/console-relay";
import { createGameConsoleRelayRoute } from "@/lib/ws/game-console-relay";
import { registerWebSocketRoute } from "@/lib/ws/registry";

/**
 * WebSocket endpoints built into the server. Feature modules (consoles, game servers) add
 * theirs with registerWebSocketRoute. /ws/echo is the liveness probe for websocket plumbing
 * (load balancers and tests use it); it echoes text frames and nothing else.
 * /api/console/ws/:sessionId is the console relay (docs/decisions.md#r18), /api/console/ws/game/:serverId
 * the game console relay (docs/decisions.md#r20).
 */
export function registerBuiltInWebSocketRoutes(options: { db: Db; configuredBaseUrl: string | undefined; port: number }) {
  registerWebSocketRoute({
    path: "/ws/echo",
    onConnection(socket) {
      socket.on("message", (data, isBinary) => {
        if (!isBinary) socket.send(data.toString());
      });
    },
  });
  registerWebSocketRoute(
    createConsoleRelayRoute({
      consume: consoleSessionConsumer(options.db),
      allowedOrigin: consoleRelayOrigins(options.configuredBaseUrl, options.port),
    }),
  );
  registerWebSocketRoute(
    createGameConsoleRelayRoute({
      upstream: gameConsoleUpstream(options.db),
      upstreamOrigin: publicOrigin(),
      allowedOrigin: consoleRelayOrigins(options.configuredBaseUrl, options.port),
    }),
  );
}
