import type { FileEntryView } from "@/game-node/protocol/node-api";
import type { ServiceContext } from "@/lib/services/service-context";
import { gameServerOfServiceOrThrow } from "../game-server-of-service";
import { gameFileRefusal } from "./game-file-refusal";

/** `GET .../game/files?path=`: one folder's entries, folders first (the node's order). No path is `/`. */
export async function listGameFiles(ctx: ServiceContext, input: { serviceId: string; path?: string }): Promise<{ path: string; entries: FileEntryView[] }> {
  const { server, node } = await gameServerOfServiceOrThrow(ctx, input.serviceId);
  const path = input.path || "/";
  try {
    return { path, entries: await node.listFiles(server.id, path) };
  } catch (error) {
    throw gameFileRefusal(error);
  }
}
