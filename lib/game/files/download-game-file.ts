import type { ServiceContext } from "@/lib/services/service-context";
import { gameServerOfServiceOrThrow } from "../game-server-of-service";
import { gameFileRefusal } from "./game-file-refusal";

export interface GameFileDownload {
  /** The file's own name, for Content-Disposition. */
  name: string;
  /** Bytes the node announced (null if it did not). */
  size: number | null;
  body: ReadableStream<Uint8Array>;
}

/**
 * `GET .../game/files/download?path=`: any file, streamed from the node without being held in the
 * portal. Refusals (not found, a folder, a link in the way) come before the first byte.
 */
export async function downloadGameFile(ctx: ServiceContext, input: { serviceId: string; path: string }): Promise<GameFileDownload> {
  const { server, node } = await gameServerOfServiceOrThrow(ctx, input.serviceId);
  try {
    const { body, size } = await node.downloadFile(server.id, input.path);
    const name = input.path.split("/").filter(Boolean).pop() ?? "download";
    return { name, size, body };
  } catch (error) {
    throw gameFileRefusal(error);
  }
}
