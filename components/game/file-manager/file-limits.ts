import { MAX_UPLOAD_BYTES } from "@/game-node/protocol/node-api";
import { formatBytes } from "@/lib/format/data-units";

/** The largest file the editor opens; a bigger one is offered as a download. */
export const EDITOR_MAX_BYTES = 1024 * 1024;

/** The largest upload, as the node takes it (the upload route's body is this as base64). */
export const UPLOAD_MAX_BYTES = MAX_UPLOAD_BYTES;

/**
 * What a save sends through a server action, whose body Next.js caps at 1 MiB: the content as JSON,
 * plus room for the path and the action's framing.
 */
const SAVE_MAX_BODY_BYTES = 1024 * 1024 - 16 * 1024;

// Files that are never text: offered as a download without reading them.
const BINARY_EXTENSIONS = new Set([
  "jar", "class", "zip", "gz", "tgz", "tar", "xz", "bz2", "7z", "rar", "png", "jpg", "jpeg", "gif", "webp", "ico",
  "mp3", "ogg", "wav", "mp4", "so", "dll", "exe", "bin", "dat", "db", "sqlite", "mca", "mcr", "nbt", "pdf", "woff", "woff2", "ttf",
]);

export type OpenVerdict = "edit" | "too_large" | "binary";

/** Whether a file of the listing opens in the editor, before it is read. */
export function openVerdict(file: { name: string; size: number }): OpenVerdict {
  const extension = file.name.includes(".") ? file.name.split(".").pop()!.toLowerCase() : "";
  if (BINARY_EXTENSIONS.has(extension)) return "binary";
  if (file.size > EDITOR_MAX_BYTES) return "too_large";
  return "edit";
}

/**
 * Whether read text is really binary: the node decodes as UTF-8, so a NUL byte or more than a few
 * replacement characters (U+FFFD, what a byte that is not UTF-8 becomes) mean editing would break it.
 */
export function looksBinary(content: string): boolean {
  if (content.includes("\u0000")) return true;
  let replaced = 0;
  for (const char of content) if (char === "\ufffd") replaced++;
  return replaced > Math.max(2, content.length / 1000);
}

/** Why a file may not be uploaded, or null. */
export function uploadProblem(file: { name: string; size: number }): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return `${file.name} is ${formatBytes(file.size)}; uploads here are at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MiB. Use SFTP for bigger files.`;
  return null;
}

/** Why the editor's text cannot be saved from the browser, or null. */
export function saveProblem(content: string): string | null {
  if (new TextEncoder().encode(JSON.stringify(content)).length > SAVE_MAX_BODY_BYTES) return "This file is too large to save from the browser. Upload it or use SFTP.";
  return null;
}
