import { z } from "zod";
import { openSecret } from "@/lib/crypto/secret-box";
import type { Node } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import type { BackendContext } from "../context";
import { embeddedGameNode } from "./embedded-game-node";
import type { GameNodeDriver } from "./game-node-driver";
import { createHttpGameNode } from "./http-game-node";

export const GAME_NODE_DRIVER = "game-node";
/** The secret-box purpose of a remote node's token in `Node.config.tokenSealed`. */
export const GAME_NODE_TOKEN_PURPOSE = "game-node-token";

/** A remote node's `Node.config` (the console writes it: lib/backends/nodes/game-node-connection.ts). */
export const remoteGameNodeConfig = z.object({
  url: z.string().url(),
  tokenSealed: z.string().min(1),
  sftpHost: z.string().min(1),
  sftpPort: z.number().int().min(1).max(65_535),
});

/** The driver of one game node: the embedded agent, or a remote agent named by its config. */
export function gameNodeDriver(node: Pick<Node, "id" | "name" | "kind" | "driver" | "config">): GameNodeDriver {
  if (node.kind !== "game" || node.driver !== GAME_NODE_DRIVER) throw new BackendError("configuration", `Node ${node.name} is not a game node`);
  const config = (node.config ?? {}) as Record<string, unknown>;
  if (config.embedded === true) {
    const embedded = embeddedGameNode();
    if (!embedded) throw new BackendError("provider_unreachable", `Game node ${node.name} is the embedded node, which is not running in this process`);
    return createHttpGameNode({ nodeId: node.id, ...embedded });
  }
  const parsed = remoteGameNodeConfig.safeParse(config);
  if (!parsed.success) throw new BackendError("configuration", `Game node ${node.name} has no usable url, tokenSealed, sftpHost and sftpPort in its config`);
  const { url, tokenSealed, sftpHost, sftpPort } = parsed.data;
  return createHttpGameNode({ nodeId: node.id, url, token: openSecret(tokenSealed, GAME_NODE_TOKEN_PURPOSE), sftpHost, sftpPort });
}

export async function gameNodeDriverForNode(ctx: BackendContext, nodeId: string): Promise<GameNodeDriver> {
  const node = await ctx.db.node.findUnique({ where: { id: nodeId } });
  if (!node) throw new BackendError("not_found", `No node ${nodeId}`);
  return gameNodeDriver(node);
}
