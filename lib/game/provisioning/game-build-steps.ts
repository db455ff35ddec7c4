import type { BackendContext } from "@/lib/backends/context";
import { gameNodeDriverForNode } from "@/lib/backends/game-node/game-node-for";
import { isGameNodeError } from "@/lib/backends/game-node/game-node-error";
import { BackendError } from "@/lib/backends/backend-error";
import { placeGameServer } from "../place-game-server";
import { releaseGameServer } from "../release-game-server";
import { loadGameBuildPlan } from "./game-build-plan";

// The game branch of the `service/provision` steps (lib/services/provisioning/provisioning-steps.ts):
// place (node, capacity, port), ask the node to install and start, then watch the install. Each step
// looks for its own earlier work first, like the machine steps.

/** Places the service's game server (idempotent per service). */
export async function placeGameBuild(ctx: BackendContext, serviceId: string): Promise<{ gameServerId: string; nodeId: string }> {
  const plan = await loadGameBuildPlan(ctx.db, serviceId);
  const server = await placeGameServer(ctx, { serviceId, locationIds: plan.locationIds, template: plan.template, vars: plan.vars, size: plan.size });
  return { gameServerId: server.id, nodeId: server.nodeId };
}

/** Sends the definition to the node (PUT is idempotent there): it installs in the background, then starts. */
export async function startGameBuild(ctx: BackendContext, gameServerId: string): Promise<void> {
  const server = await ctx.db.gameServer.findUniqueOrThrow({ where: { id: gameServerId } });
  const node = await gameNodeDriverForNode(ctx, server.nodeId);
  try {
    await node.putServer(server.id, {
      template: server.template,
      vars: server.vars as Record<string, string>,
      memoryMb: server.memoryMb,
      diskMb: server.diskMb,
      port: server.port,
      startAfterInstall: true,
    });
  } catch (error) {
    // The node refused the definition (an unknown template or bad variables): the product needs fixing.
    if (isGameNodeError(error)) throw new BackendError("configuration", `Game node refused the server: ${error.message}`);
    throw error;
  }
}

export type GameBuildProgress = { done: false; waitMs: number } | { done: true; ok: true } | { done: true; ok: false; detail: string };

/** One look at the install: done once installed (the first start was asked for with the definition). */
export async function checkGameBuild(ctx: BackendContext, gameServerId: string): Promise<GameBuildProgress> {
  const server = await ctx.db.gameServer.findUniqueOrThrow({ where: { id: gameServerId } });
  const node = await gameNodeDriverForNode(ctx, server.nodeId);
  const status = await node.getServer(server.id);
  if (status.installState === "installed") return { done: true, ok: true };
  if (status.installState === "failed") return { done: true, ok: false, detail: status.installError ?? "The install failed" };
  return { done: false, waitMs: 2_000 };
}

/** Removes the service's game servers from their nodes and gives their capacity and ports back. */
export async function removeGameServers(ctx: BackendContext, serviceId: string): Promise<void> {
  const servers = await ctx.db.gameServer.findMany({ where: { serviceId, deletedAt: null } });
  for (const server of servers) {
    const node = await gameNodeDriverForNode(ctx, server.nodeId);
    try {
      await node.deleteServer(server.id);
    } catch (error) {
      if (!isGameNodeError(error, "not_found")) throw error;
    }
    await releaseGameServer(ctx, server.id);
  }
}
