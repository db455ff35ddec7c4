import { FileError } from "./file-error";

// Limits of a path the user sends (docs/game-servers.md#files): Linux's own limits for one name and a
// whole path, and a depth cap so a walk never opens thousands of directories for one request.
export const MAX_PATH_BYTES = 4096;
export const MAX_NAME_BYTES = 255;
export const MAX_DEPTH = 64;

// NUL, other C0 controls and DEL: never part of a name we accept (CR/LF would also break headers and logs).
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Turns a user path into its segments below the server root. Nothing is decoded here: the HTTP layer
 * decodes once, so `%2e%2e` is a literal file name. A leading "/" means the server root; "." and empty
 * segments are dropped; any ".." segment, a backslash or a control byte is refused rather than repaired.
 * An empty result is the root itself.
 */
export function parseUserPath(input: unknown): string[] {
  if (typeof input !== "string") throw new FileError("invalid_path", "The path must be a string.");
  return segmentsOf(input, "The path");
}

/**
 * The same rule for a name inside an archive, except that an absolute name ("/x", "//x") is refused
 * instead of being read as relative to the root: an archive that says "/" means somewhere else.
 */
export function parseArchiveEntryName(input: string): string[] {
  if (input.startsWith("/")) throw new FileError("archive_refused", `The archive entry "${printable(input)}" has an absolute path.`);
  if (/^[A-Za-z]:/.test(input)) throw new FileError("archive_refused", `The archive entry "${printable(input)}" names a drive.`);
  try {
    const segments = segmentsOf(input, "The archive entry path");
    if (segments.length === 0) throw new FileError("archive_refused", "An archive entry has an empty path.");
    return segments;
  } catch (error) {
    if (error instanceof FileError && error.code === "invalid_path") throw new FileError("archive_refused", error.message);
    throw error;
  }
}

function segmentsOf(input: string, what: string): string[] {
  if (Buffer.byteLength(input) > MAX_PATH_BYTES) throw new FileError("invalid_path", `${what} is longer than ${MAX_PATH_BYTES} bytes.`);
  if (input.includes("\u0000")) throw new FileError("invalid_path", `${what} contains a NUL byte.`);
  if (CONTROL.test(input)) throw new FileError("invalid_path", `${what} contains a control character.`);
  if (input.includes("\\")) throw new FileError("invalid_path", `${what} contains a backslash; use "/" to separate folders.`);
  const segments: string[] = [];
  for (const segment of input.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") throw new FileError("invalid_path", `${what} contains "..": paths cannot leave their folder.`);
    if (Buffer.byteLength(segment) > MAX_NAME_BYTES) throw new FileError("invalid_path", `${what} has a name longer than ${MAX_NAME_BYTES} bytes.`);
    segments.push(segment);
  }
  if (segments.length > MAX_DEPTH) throw new FileError("invalid_path", `${what} is deeper than ${MAX_DEPTH} folders.`);
  return segments;
}

/** A user path for messages: the segments joined, never the host path of the root. */
export function displayPath(segments: readonly string[]): string {
  return "/" + segments.join("/");
}

function printable(input: string): string {
  return input.replace(CONTROL, "?").slice(0, 200);
}
