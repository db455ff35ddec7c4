// `PUT files/raw`: a request body of any length into one file, never held in memory, never past the
// quota. Built from ServerRoot's contained primitives, so it keeps their rules (no link followed,
// the /proc fd check, hard links refused, atomic rename) and runs in the root's quota queue.
import { FileError } from "../files/file-error";
import type { ServerRoot } from "../files/server-root";
import { displayPath, parseUserPath } from "../files/user-path";

/**
 * Streams `body` to `userPath` (its folder must exist). `declaredBytes` (Content-Length) is checked
 * before a byte is read; a body that grows past the free space is cut off, and its temp file removed.
 */
export async function writeStream(root: ServerRoot, userPath: string, body: AsyncIterable<Uint8Array>, declaredBytes: number | null): Promise<number> {
  const segments = parseUserPath(userPath);
  if (segments.length === 0) throw new FileError("invalid_path", "The server's root folder cannot be written.");
  return root.withQuotaLock(async () => {
    const usage = await root.quotaUsage();
    const parent = await root.openParent(segments, { create: false });
    try {
      const existing = await root.writableTarget(parent, segments);
      const replaced = existing?.size ?? 0;
      if (declaredBytes !== null) root.assertFits(usage, declaredBytes - replaced);
      const quota = root.options.quotaBytes;
      // Replacing a file frees its bytes, so they count as free for the new content.
      const free = quota === undefined ? Number.MAX_SAFE_INTEGER : Math.max(quota - usage + replaced, 0);
      let written = 0;
      const counted = (async function* () {
        for await (const chunk of body) {
          written += chunk.length;
          yield chunk;
        }
      })();
      try {
        await root.writeAtomic(parent, segments, counted, { mode: existing ? existing.mode & 0o777 : 0o644, maxBytes: free });
      } catch (error) {
        if (error instanceof FileError && error.code === "quota_exceeded") {
          throw new FileError("quota_exceeded", `${displayPath(segments)} does not fit: ${free} bytes of the server's ${quota}-byte quota are free.`);
        }
        throw error;
      }
      return written;
    } finally {
      await parent.dir.close();
    }
  });
}
