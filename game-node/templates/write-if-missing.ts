// Templates install starter files without ever replacing the user's own (template-types.ts, install).
import type { ServerRoot } from "../files/server-root";
import { isFileError } from "../files/file-error";

/**
 * Writes `contents` at `userPath` (a path in the server's root, no folders) unless an entry of that
 * name is already there, whatever its type. Answers whether it wrote.
 */
export async function writeIfMissing(root: ServerRoot, userPath: string, contents: string): Promise<boolean> {
  const slash = userPath.lastIndexOf("/");
  const folder = slash > 0 ? userPath.slice(0, slash) : "/";
  const name = userPath.slice(slash + 1);
  // Listing the folder rather than reading the file: a big, linked or unreadable file still counts as there.
  const existing = await root.list(folder).catch((error) => {
    if (isFileError(error, "not_found")) return [];
    throw error;
  });
  if (existing.some((entry) => entry.name === name)) return false;
  await root.write(userPath, contents);
  return true;
}
