import { z } from "zod";
import { GAME_FILE_OPS } from "@/lib/game/files/game-file-rules";

// The game file manager's shapes (docs/game-servers.md#file-api), declared once for every API that
// serves them.
export const gameFileEntrySchema = z.object({
  name: z.string(),
  type: z.enum(["file", "dir", "symlink", "other"]).describe("A symlink is listed, never followed"),
  size: z.number().describe("Bytes"),
  mode: z.string().describe('Permission bits in octal, e.g. "644"'),
  modifiedAt: z.string().describe("ISO 8601"),
});

export const gameFileListSchema = z.object({
  path: z.string().describe("The folder listed"),
  entries: z.array(gameFileEntrySchema).describe("Folders first"),
});

export const gameFileContentSchema = z.object({
  path: z.string(),
  content: z.string().describe("The file as UTF-8 text (at most 4 MiB; bytes that are not UTF-8 read as U+FFFD)"),
});

export const gameFilePathQuerySchema = z.object({
  path: z.string().min(1).max(4096).describe("A path inside the server's folder; a leading / is the server's root"),
});

export const gameFileListQuerySchema = z.object({
  path: z.string().max(4096).optional().describe("The folder to list; default /"),
});

export const gameFileOpResultSchema = z.object({
  op: z.enum(GAME_FILE_OPS),
  path: z.string().optional().describe("write, mkdir, chmod, upload, download-url: the file or folder; rename: the new path"),
  bytes: z.number().optional().describe("upload, download-url, decompress: bytes written"),
  deleted: z.number().optional().describe("delete: entries deleted"),
  archive: z.string().optional().describe("compress: the archive written"),
  skipped: z.array(z.string()).optional().describe("compress: links and special files left out"),
  files: z.number().optional().describe("decompress: files extracted"),
  folders: z.number().optional().describe("decompress: folders created"),
});

/**
 * Every field any op takes, each optional: the OpenAPI lists them, and the domain checks the op's own
 * body (required fields, limits) so an unknown op is named as such rather than as a body problem.
 */
export const gameFileOpBodySchema = z.object({
  path: z.string().optional().describe("write, mkdir, chmod: the file or folder; upload, download-url: the folder (default /)"),
  content: z.string().optional().describe("write: UTF-8 text; upload: base64"),
  from: z.string().optional().describe("rename"),
  to: z.string().optional().describe("rename"),
  root: z.string().optional().describe("delete, compress, decompress: the folder the names are in (default /)"),
  files: z.array(z.string()).optional().describe("delete, compress: names inside root"),
  file: z.string().optional().describe("decompress: the archive's name inside root"),
  mode: z.string().optional().describe('chmod: octal, e.g. "644"'),
  name: z.string().optional().describe("upload, download-url: the file name"),
  url: z.string().optional().describe("download-url: http or https on a public address"),
});

export const GAME_FILE_OP_DESCRIPTION =
  "`{op}` and its JSON body: " +
  "`write {path, content}` (UTF-8 text, at most 4 MiB; missing folders are created); " +
  "`mkdir {path}`; `rename {from, to}` (409 if `to` exists); `delete {root?, files[]}` (names inside `root`, default /); " +
  "`compress {root?, files[]}` (a `.tar.gz` in `root`; links are skipped); `decompress {root?, file}` (a `.tar.gz` extracted into `root`; " +
  "an archive with links, absolute or `..` names is refused whole); `chmod {path, mode}` (`644`, `0755`; setuid, setgid and sticky are dropped); " +
  "`upload {path?, name, content}` (`content` base64, at most 4 MiB decoded; replaces a file of that name); " +
  "`download-url {url, path?, name?}` (the platform fetches an http(s) URL on a public address, following up to 5 redirects, each checked, " +
  "into the folder `path`, which must exist; at most the server's free space and 1 GiB, 10 minutes). " +
  "Paths are the server's own: `..`, NUL, control characters and backslashes are refused, links are never followed. " +
  "Refusals: 400 (unknown op `game.file_op_unknown`, invalid path, outside the server, refused URL), 404 (no such file), 409 (exists), " +
  "413 (quota exceeded or too large), 403 suspended or terminated.";
