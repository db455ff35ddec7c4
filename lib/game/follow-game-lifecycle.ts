import type { BackendContext } from "@/lib/backends/context";
import { gameNodeDriverForNode } from "@/lib/backends/game-node/game-node-for";
import { isGameNodeError } from "@/lib/backends/game-node/game-node-error";
import { removeGameServers } from "./provisioning/game-build-steps";

/**
 * What a game server does when its service is suspended, unsuspended or terminated: stopped, started,
 * removed with its files (its port and capacity freed). A stop or start the state refuses (already
 * offline, already running) is fine. Returns the actions taken, like the machine lifecycle.
 */
export async function followGameLifecycle(ctx: BackendContext, serviceId: string, verb: "suspend" | "unsuspend" | "terminate"): Promise<string[]> {
  if (verb === "terminate") {
    await removeGameServers(ctx, serviceId);
    return ["game.delete"];
  }
  const server = await ctx.db.gameServer.findFirst({ where: { serviceId, deletedAt: null } });
  if (!server) return [];
  const action = verb === "suspend" ? "stop" : "start";
  try {
    await (await gameNodeDriverForNode(ctx, server.nodeId)).power(server.id, action);
  } catch (error) {
    if (!isGameNodeError(error, "power_refused")) throw error;
  }
  return [`game.${action}`];
}
