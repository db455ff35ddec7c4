import type { ServiceContext } from "@/lib/services/service-context";
import { gameServerOfServiceOrThrow } from "../game-server-of-service";
import { gameFileRefusal } from "./game-file-refusal";

/**
 * `GET .../game/files/read?path=` (and `/contents`): a text file, at most 4 MiB (413 above, use
 * download). The bytes are read as UTF-8; a byte sequence that is not UTF-8 becomes U+FFFD.
 */
export async function readGameFile(ctx: ServiceContext, input: { serviceId: string; path: string }): Promise<{ path: string; content: string }> {
  const { server, node } = await gameServerOfServiceOrThrow(ctx, input.serviceId);
  try {
    return { path: input.path, content: await node.readTextFile(server.id, input.path) };
  } catch (error) {
    throw gameFileRefusal(error);
  }
}
