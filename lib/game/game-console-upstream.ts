import { gameNodeDriver } from "@/lib/backends/game-node/game-node-for";
import type { Db } from "@/lib/db/client";

/** Where the relay dials for one browser: the node's console websocket, with the browser's token. */
export type GameConsoleUpstream = (dial: { serverId: string; token: string }) => Promise<{ url: string } | null>;

/**
 * The relay's check before it upgrades (docs/decisions.md#r20): a live game server of an active
 * service, on a node this process can drive, and a token that node signed for that server and that
 * has not expired. Null for everything else, without saying which. The node checks the token again.
 */
export function gameConsoleUpstream(db: Db): GameConsoleUpstream {
  return async ({ serverId, token }) => {
    const settings = await db.platformSettings.findUnique({ where: { id: 1 }, select: { gameEnabled: true } });
    if (settings && !settings.gameEnabled) return null;
    const server = await db.gameServer.findFirst({
      where: { id: serverId, deletedAt: null, service: { status: "active" } },
      include: { node: true },
    });
    if (!server) return null;
    try {
      const driver = gameNodeDriver(server.node);
      return driver.acceptsConsoleToken(server.id, token) ? { url: driver.consoleSocketUrl(server.id, token) } : null;
    } catch {
      // A node this process cannot drive (the embedded one not running, a broken config): nothing to dial.
      return null;
    }
  };
}
