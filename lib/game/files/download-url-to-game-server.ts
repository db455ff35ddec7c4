import { Readable } from "node:stream";
import type { z } from "zod";
import { isFileError } from "@/game-node/files/file-error";
import { parseUserPath } from "@/game-node/files/user-path";
import { BackendError } from "@/lib/backends/backend-error";
import { DomainError, VALIDATION_FAILED } from "@/lib/errors/domain-error";
import type { GameServerOfService } from "../game-server-of-service";
import type { downloadUrlBodySchema } from "./game-file-op-bodies";
import { gameFileRefusal } from "./game-file-refusal";
import { DOWNLOAD_URL_MAX_BYTES, DOWNLOAD_URL_TOTAL_TIMEOUT_MS, GAME_FILE_CODES, GAME_FILE_RULES } from "./game-file-rules";
import { openPublicUrl, parseUrl, type OpenPublicUrlOptions } from "./open-public-url";

/**
 * `download-url`: the portal fetches a public URL (openPublicUrl: the webhooks' address rules, each
 * redirect checked) and streams it into the server through the node's raw write, never holding it in
 * memory. At most the server's free space (as the node last measured it) and DOWNLOAD_URL_MAX_BYTES:
 * a Content-Length over that is refused before a byte is read, a body that grows past it is cut off
 * and nothing is left behind (the node writes to a temp file and removes it). The node checks its
 * quota exactly as well. The whole transfer has DOWNLOAD_URL_TOTAL_TIMEOUT_MS.
 */
export async function downloadUrlToGameServer(
  found: GameServerOfService,
  body: z.output<typeof downloadUrlBodySchema>,
  options: OpenPublicUrlOptions = {},
): Promise<{ path: string; bytes: number }> {
  const { server, node } = found;
  const url = parseUrl(body.url);
  const name = body.name ?? nameOfUrl(url);
  if (name.includes("/")) throw fieldError("name", GAME_FILE_RULES.nameWithSlash);
  const target = `${body.path.replace(/\/+$/, "")}/${name}`;
  try {
    parseUserPath(target);
  } catch (error) {
    if (isFileError(error)) throw new DomainError("invalid", error.message, { code: GAME_FILE_CODES.invalidPath });
    throw error;
  }

  const limit = DOWNLOAD_URL_MAX_BYTES;
  const tooLarge = () => new DomainError("too_large", `download-url fetches at most ${DOWNLOAD_URL_MAX_BYTES} bytes`, { code: GAME_FILE_CODES.tooLarge });

  const signal = AbortSignal.timeout(DOWNLOAD_URL_TOTAL_TIMEOUT_MS);
  const opened = await openPublicUrl(url.href, { ...options, signal: options.signal ?? signal });
  if (opened.size !== null && opened.size > limit) {
    opened.body.destroy();
    throw tooLarge();
  }
  let bytes = 0;
  let overLimit = false;
  let sourceFailed = false;
  const counted = (async function* () {
    try {
      for await (const chunk of opened.body as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > limit) {
          overLimit = true;
          throw new Error("over the limit");
        }
        yield chunk;
      }
    } catch (error) {
      if (!overLimit) sourceFailed = true;
      throw error;
    } finally {
      opened.body.destroy();
    }
  })();
  const upload = Readable.from(counted);
  try {
    await node.writeRawFile(server.id, target, upload, { timeoutMs: DOWNLOAD_URL_TOTAL_TIMEOUT_MS });
  } catch (error) {
    // The node refused (or went away) before the end: stop fetching the URL and sending it on.
    upload.destroy();
    if (overLimit) throw tooLarge();
    if (sourceFailed) throw new DomainError("invalid", signal.aborted ? "The download took too long" : "The URL's server broke off the download", { code: GAME_FILE_CODES.urlFailed });
    if (bytes > 0 && isBackendError(error, "provider_unreachable") && (await nodeAnswers(found))) {
      // The node cuts an upload off mid-stream only when it outgrows the quota (the folder and name were
      // checked before a byte was read). It answers 413 and closes; when the close overtakes the answer
      // on the connection, the answer is lost, and this is how the refusal shows.
      throw new DomainError("too_large", `${name} does not fit in the server's disk quota`, { code: GAME_FILE_CODES.quotaExceeded });
    }
    throw gameFileRefusal(error);
  }
  return { path: target, bytes };
}

async function nodeAnswers({ server, node }: GameServerOfService): Promise<boolean> {
  try {
    await node.getServer(server.id);
    return true;
  } catch {
    return false;
  }
}

const isBackendError = (error: unknown, code: string) => error instanceof BackendError && error.code === code;

/** The URL's last path segment, decoded once; a URL without one needs `name`. */
function nameOfUrl(url: URL): string {
  let segment = url.pathname.split("/").pop() ?? "";
  try {
    segment = decodeURIComponent(segment);
  } catch {
    segment = ""; // a bad escape leaves no usable name
  }
  if (!segment) throw fieldError("name", GAME_FILE_RULES.urlNoName);
  return segment;
}

function fieldError(field: string, message: string): DomainError {
  return new DomainError("invalid", "Validation failed", { code: VALIDATION_FAILED, details: [{ field, message }] });
}
