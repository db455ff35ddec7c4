import { isGameNodeError } from "@/lib/backends/game-node/game-node-error";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "@/lib/services/backend-refusal";
import type { ServiceContext } from "@/lib/services/service-context";
import { parsePowerAction, POWER_ACTION_UNKNOWN, type PowerAction } from "@/game-node/process/power-states";
import { gameServerOfServiceOrThrow } from "./game-server-of-service";
import { GAME_RULES } from "./game-rules";

/**
 * `POST .../game/power/{action}`: start, stop (stop command, then SIGTERM, then SIGKILL), restart or
 * kill. An unknown verb is 400 `game.power_action_unknown` before anything is looked up beyond the
 * tenant check; a verb the state refuses (start while running) is 409 with the node's sentence.
 */
export async function gamePower(ctx: ServiceContext, input: { serviceId: string; action: string }): Promise<{ action: PowerAction; from: string; to: string }> {
  const action = parsePowerAction(input.action);
  const found = await gameServerOfServiceOrThrow(ctx, input.serviceId, { write: true });
  if (!action) throw new DomainError("invalid", GAME_RULES.powerUnknown, { code: POWER_ACTION_UNKNOWN });
  try {
    const result = await found.node.power(found.server.id, action);
    return { action, ...result };
  } catch (error) {
    if (isGameNodeError(error, "power_refused") || isGameNodeError(error, "not_installed")) throw new DomainError("conflict", error.message);
    throw backendRefusal(error);
  }
}
