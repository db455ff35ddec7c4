import { promises as fsp } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { FileError } from "./file-error";
import { readChunks, type ServerRoot } from "./server-root";
import { TAR_END, tarHeader, tarPadding } from "./tar-format";
import { displayPath, parseUserPath } from "./user-path";

export interface CompressInput {
  /** Folder the chosen names are in; archive entry names are relative to it. */
  directory: string;
  /** Names (or paths) inside `directory` to pack. */
  files: string[];
  /** Where the .tar.gz goes; defaults to `archive-<time>.tar.gz` in `directory`. */
  destination?: string;
}

export interface CompressResult {
  path: string;
  /** Entries left out: symbolic links (never followed, never stored), hard-linked files, devices, FIFOs. */
  skipped: string[];
}

/**
 * Packs files and folders into a tar.gz inside the root. Links are skipped, not stored: the extractor
 * refuses link entries, so an archive made here always extracts here (docs/game-servers.md#files).
 * The archive is written atomically and counts against the quota as it grows.
 */
export async function compressFiles(root: ServerRoot, input: CompressInput): Promise<CompressResult> {
  const directory = parseUserPath(input.directory);
  if (input.files.length === 0) throw new FileError("invalid_path", "Choose at least one file to compress.");
  const sources = input.files.map((file) => {
    const relative = parseUserPath(file);
    if (relative.length === 0) throw new FileError("invalid_path", "Choose files inside the folder, not the folder itself.");
    return relative;
  });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const destination = input.destination === undefined ? [...directory, `archive-${stamp}.tar.gz`] : parseUserPath(input.destination);
  if (destination.length === 0) throw new FileError("invalid_path", "The archive needs a file name.");
  const skipped: string[] = [];

  await root.withQuotaLock(async () => {
    const usage = await root.quotaUsage();
    const parent = await root.openParent(destination, { create: false });
    try {
      if (await fsp.lstat(parent.at).catch(() => null)) throw new FileError("exists", `${displayPath(destination)} already exists.`);
      const free = root.options.quotaBytes === undefined ? Number.MAX_SAFE_INTEGER : root.options.quotaBytes - usage;
      if (free <= 0) root.assertFits(usage, 1);
      const gzip = createGzip();
      const pumping = pipeline(Readable.from(tarEntries(root, directory, sources, skipped)), gzip);
      // Handled below; marked now so a failure while the writer still runs is not an unhandled rejection.
      pumping.catch(() => {});
      try {
        await root.writeAtomic(parent, destination, gzip, { mode: 0o644, maxBytes: free });
        await pumping;
      } catch (error) {
        gzip.destroy();
        await pumping.catch(() => {});
        if (error instanceof FileError && error.code === "quota_exceeded") root.assertFits(usage, free + 1);
        throw error;
      }
    } finally {
      await parent.dir.close();
    }
  });
  return { path: displayPath(destination), skipped };
}

async function* tarEntries(root: ServerRoot, directory: string[], sources: string[][], skipped: string[]): AsyncGenerator<Buffer> {
  for (const relative of sources) yield* entryOf(root, directory, relative, skipped);
  yield TAR_END;
}

async function* entryOf(root: ServerRoot, directory: string[], relative: string[], skipped: string[]): AsyncGenerator<Buffer> {
  const full = [...directory, ...relative];
  const name = relative.join("/");
  const parent = await root.openParent(full, { create: false });
  let st;
  try {
    st = await fsp.lstat(parent.at).catch(() => null);
  } finally {
    await parent.dir.close();
  }
  if (!st) throw new FileError("not_found", `${displayPath(full)} does not exist.`);
  if (st.isDirectory()) {
    yield tarHeader({ name, type: "dir", size: 0, mode: st.mode & 0o755, mtime: st.mtime });
    const dir = await root.openDirectory(full, { create: false });
    let children: string[];
    try {
      children = (await fsp.readdir(`/proc/self/fd/${dir.fd}`)).filter((child) => !child.startsWith(".rackfront-")).sort();
    } finally {
      await dir.close();
    }
    for (const child of children) yield* entryOf(root, directory, [...relative, child], skipped);
    return;
  }
  if (!st.isFile() || st.nlink > 1) {
    skipped.push(displayPath(full));
    return;
  }
  // Opened again through the contained walk: the lstat above is only a hint, the fd decides.
  const opened = await root.openFileForRead(full).catch((error) => {
    if (error instanceof FileError && (error.code === "outside_root" || error.code === "invalid_path" || error.code === "is_directory")) return null;
    throw error;
  });
  if (!opened) {
    skipped.push(displayPath(full));
    return;
  }
  const { handle, stats } = opened;
  try {
    yield tarHeader({ name, type: "file", size: stats.size, mode: stats.mode & 0o755, mtime: stats.mtime });
    // Exactly the declared size: a file that grows is cut, one that shrinks is padded with zeros.
    let left = stats.size;
    for await (const chunk of readChunks(handle)) {
      if (left === 0) break;
      const piece = chunk.subarray(0, Math.min(chunk.length, left));
      left -= piece.length;
      yield piece;
    }
    if (left > 0) yield Buffer.alloc(left);
    yield tarPadding(stats.size);
  } finally {
    await handle.close();
  }
}
