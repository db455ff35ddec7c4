import { gameNodeDriver } from "@/lib/backends/game-node/game-node-for";
import type { GameNodeDriver } from "@/lib/backends/game-node/game-node-driver";
import { DomainError } from "@/lib/errors/domain-error";
import type { GameServer, Node } from "@/lib/generated/prisma/client";
import { backendRefusal } from "@/lib/services/backend-refusal";
import type { ScopedService } from "@/lib/services/find-scoped-service-or-throw";
import { serviceInScopeOrThrow, type ServiceContext } from "@/lib/services/service-context";
import { GAME_RULES } from "./game-rules";

export interface GameServerOfService {
  service: ScopedService;
  server: GameServer & { node: Node & { location: { name: string } } };
  node: GameNodeDriver;
}

/**
 * The tenant check of every game operation: the actor's game service (404 `game.server_not_found`
 * for anything else, never saying why), with the game module on (403 `game.module_disabled`) and its
 * server placed (409 `game.capability.runtime_stubbed` while the order has not placed one yet).
 * `write`: also refused while the service is suspended or terminated (403).
 */
export async function gameServerOfServiceOrThrow(ctx: ServiceContext, serviceId: string, options: { write?: boolean } = {}): Promise<GameServerOfService> {
  const settings = await ctx.db.platformSettings.findUnique({ where: { id: 1 }, select: { gameEnabled: true } });
  if (settings && !settings.gameEnabled) throw new DomainError("forbidden", GAME_RULES.moduleDisabled, { code: "game.module_disabled" });
  const service = await serviceInScopeOrThrow({ ...ctx, actor: { ...ctx.actor, kind: "game" } }, serviceId);
  if (options.write && (service.status === "suspended" || service.status === "terminated")) {
    throw new DomainError("forbidden", service.status === "suspended" ? GAME_RULES.suspended : GAME_RULES.terminated);
  }
  const server = await ctx.db.gameServer.findFirst({ where: { serviceId: service.id, deletedAt: null }, include: { node: { include: { location: { select: { name: true } } } } } });
  if (!server) throw new DomainError("conflict", GAME_RULES.notPlaced, { code: "game.capability.runtime_stubbed" });
  try {
    return { service, server, node: gameNodeDriver(server.node) };
  } catch (error) {
    throw backendRefusal(error);
  }
}
