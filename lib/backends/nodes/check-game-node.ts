import type { OperatorContext } from "@/lib/admin/operator-context";
import { DomainError } from "@/lib/errors/domain-error";
import { BackendError } from "../backend-error";
import { isGameNodeError } from "../game-node/game-node-error";
import { gameNodeDriver } from "../game-node/game-node-for";

export type GameNodeCheck =
  | { ok: true; version: string; templates: { id: string; name: string }[]; servers: number; sftpPort: number }
  | { ok: false; error: string };

/**
 * Asks a game node's agent for its system view (`GET /api/system`) with the stored address and token,
 * and says what went wrong in a sentence the operator can act on. Never throws for the node's sake:
 * an unreachable or refusing node is the answer, not an error.
 */
export async function checkGameNodeConnection({ db }: OperatorContext, nodeId: string): Promise<GameNodeCheck> {
  const node = await db.node.findUnique({ where: { id: nodeId } });
  if (!node || node.kind !== "game") throw new DomainError("not_found", "Node not found");
  try {
    const system = await gameNodeDriver(node).system();
    return { ok: true, version: system.version, templates: system.templates, servers: system.servers, sftpPort: system.sftpPort };
  } catch (error) {
    return { ok: false, error: explain(error) };
  }
}

function explain(error: unknown): string {
  if (isGameNodeError(error)) return `The agent answered ${error.status} ${error.code}: ${error.message}`;
  // The driver answers a refused token (401) as a configuration error, with its own sentence.
  if (error instanceof BackendError && error.code === "provider_unreachable") return `${error.message}. Check the address, and that the agent runs and the portal may reach it.`;
  if (error instanceof BackendError) return error.message;
  // openSecret fails when the instance key changed since the token was sealed.
  return `The stored token could not be read (${(error as Error).message}). Enter the token again.`;
}
