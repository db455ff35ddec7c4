import { MAX_UPLOAD_BYTES } from "@/game-node/protocol/node-api";

/** The file operations of `POST .../game/files/{op}`: the node's own, plus `download-url` (the portal's). */
export const GAME_FILE_OPS = ["write", "mkdir", "rename", "delete", "compress", "decompress", "chmod", "upload", "download-url"] as const;
export type GameFileOp = (typeof GAME_FILE_OPS)[number];

/** The largest file `download-url` fetches, whatever the server's free space (docs/game-servers.md#file-api). */
export const DOWNLOAD_URL_MAX_BYTES = 1024 * 1024 * 1024;
/** Until the remote server has answered with its headers (each redirect hop included). */
export const DOWNLOAD_URL_CONNECT_TIMEOUT_MS = 15_000;
/** The whole transfer, from the first request to the last byte written on the node. */
export const DOWNLOAD_URL_TOTAL_TIMEOUT_MS = 10 * 60_000;
/** Redirects followed, each one checked like the first URL. */
export const DOWNLOAD_URL_MAX_REDIRECTS = 5;

/**
 * The file op body limit: a 4 MiB upload base64-encoded, plus room for its path and name. The APIs'
 * 1 MB (docs/decisions.md#d5) applies to every other endpoint.
 */
export const GAME_FILE_OP_MAX_BODY_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 64 * 1024;

/**
 * The codes of the file manager's refusals (the customer API's `code`; the reseller envelope carries the
 * sentence only), one per node `FileError` code plus the portal's own. docs/game-servers.md#file-api.
 */
export const GAME_FILE_CODES = {
  opUnknown: "game.file_op_unknown",
  notFound: "game.file_not_found",
  exists: "game.file_exists",
  quotaExceeded: "game.file_quota_exceeded",
  tooLarge: "game.file_too_large",
  outsideRoot: "game.file_outside_root",
  invalidPath: "game.file_invalid_path",
  isDirectory: "game.file_is_directory",
  notDirectory: "game.file_not_directory",
  archiveRefused: "game.file_archive_refused",
  urlRefused: "game.file_url_refused",
  urlFailed: "game.file_url_failed",
} as const;

export const GAME_FILE_RULES = {
  opUnknown: `Unknown file operation: use ${GAME_FILE_OPS.join(", ")}`,
  uploadNotBase64: "content must be base64 (RFC 4648, standard alphabet, with or without padding)",
  uploadTooLarge: `An upload may be at most ${MAX_UPLOAD_BYTES} bytes once decoded`,
  nameWithSlash: "The file name may not contain a slash",
  urlNoName: "The URL does not end in a file name; send name",
  nodeRefused: "The game server refused the file operation",
} as const;
