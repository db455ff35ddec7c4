import { promises as fsp } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { createGunzip } from "node:zlib";
import { FileError } from "./file-error";
import { readChunks, type ServerRoot } from "./server-root";
import { BLOCK, readTar, type TarHeader, type TarItem } from "./tar-format";
import { displayPath, parseArchiveEntryName, parseUserPath } from "./user-path";

export interface DecompressLimits {
  /** Most entries (files and folders) one archive may hold (default 20,000). */
  maxEntries?: number;
  /** Most uncompressed bytes of file data (default 4 GiB); the quota applies as well. */
  maxTotalBytes?: number;
}

export interface DecompressInput extends DecompressLimits {
  /** The .tar.gz inside the root. */
  archive: string;
  /** Folder to extract into (inside the root; created if missing). */
  destination: string;
}

export interface DecompressResult {
  files: number;
  folders: number;
  bytes: number;
}

interface Plan {
  files: number;
  folders: number;
  bytes: number;
}

/**
 * Extracts a tar.gz in two passes, as Wings does: the first reads the whole archive and refuses it
 * (nothing written) for a link or device entry, a path that is absolute or leaves the destination, too
 * many entries, too many bytes or a quota it would pass; the second writes only regular files and
 * folders through the contained walk, never over an existing file, and removes everything it wrote if
 * anything fails (docs/game-servers.md#files).
 */
export async function decompressArchive(root: ServerRoot, input: DecompressInput): Promise<DecompressResult> {
  const archive = parseUserPath(input.archive);
  const destination = parseUserPath(input.destination);
  const limits = { maxEntries: input.maxEntries ?? 20_000, maxTotalBytes: input.maxTotalBytes ?? 4 * 1024 ** 3 };

  return root.withQuotaLock(async () => {
    const usage = await root.quotaUsage();
    const { handle } = await root.openFileForRead(archive);
    try {
      const plan = await checkArchive(handle, limits);
      root.assertFits(usage, plan.bytes);
      const created: string[][] = [];
      try {
        // The second pass may not write more than the first pass counted against the quota.
        return await extract(root, handle, destination, { ...limits, maxTotalBytes: plan.bytes }, created);
      } catch (error) {
        await rollBack(root, created);
        throw error;
      }
    } finally {
      await handle.close();
    }
  });
}

async function checkArchive(handle: FileHandle, limits: Required<DecompressLimits>): Promise<Plan> {
  const plan: Plan = { files: 0, folders: 0, bytes: 0 };
  const seen = new Map<string, "file" | "dir">();
  for await (const item of items(handle, limits)) {
    if (item.kind !== "entry") continue;
    const segments = checkEntry(item.header, plan, limits);
    const key = segments.join("/");
    for (let i = 1; i < segments.length; i++) {
      if (seen.get(segments.slice(0, i).join("/")) === "file") refuse(`The archive puts "${key}" inside a file.`);
    }
    const before = seen.get(key);
    if (before === "file" || (before === "dir" && item.header.type === "file")) refuse(`The archive has "${key}" twice.`);
    seen.set(key, item.header.type === "dir" ? "dir" : "file");
  }
  return plan;
}

/** One entry's rule, shared by both passes so an archive changed between them meets the same checks. */
function checkEntry(header: TarHeader, plan: Plan, limits: Required<DecompressLimits>): string[] {
  const shown = header.name.replace(/[\u0000-\u001f]/g, "?").slice(0, 200);
  if (header.type === "symlink") refuse(`The archive holds a symbolic link ("${shown}"); links are not extracted.`);
  if (header.type === "hardlink") refuse(`The archive holds a hard link ("${shown}"); links are not extracted.`);
  if (header.type === "other") refuse(`The archive holds a special file ("${shown}"); only files and folders are extracted.`);
  const segments = parseArchiveEntryName(header.name);
  if (header.type === "dir") plan.folders++;
  else plan.files++;
  if (plan.files + plan.folders > limits.maxEntries) refuse(`The archive has more than ${limits.maxEntries} entries.`);
  if (header.type === "file") plan.bytes += header.size;
  if (plan.bytes > limits.maxTotalBytes) {
    throw new FileError("too_large", `The archive unpacks to more than ${limits.maxTotalBytes} bytes.`);
  }
  return segments;
}

async function extract(root: ServerRoot, handle: FileHandle, destination: string[], limits: Required<DecompressLimits>, created: string[][]): Promise<DecompressResult> {
  const plan: Plan = { files: 0, folders: 0, bytes: 0 };
  const knownDirs = new Set<string>();
  const ensureDir = async (segments: string[]) => {
    for (let i = 0; i <= segments.length; i++) {
      const prefix = segments.slice(0, i);
      const key = prefix.join("/");
      if (knownDirs.has(key)) continue;
      const existing = await root.openDirectory(prefix, { create: false }).catch((error) => {
        if (error instanceof FileError && error.code === "not_found") return null;
        throw error;
      });
      if (existing) await existing.close();
      else {
        await (await root.openDirectory(prefix, { create: true })).close();
        created.push(prefix);
      }
      knownDirs.add(key);
    }
  };

  const source = items(handle, limits)[Symbol.asyncIterator]();
  let next = await source.next();
  while (!next.done) {
    const item = next.value;
    next = await source.next();
    if (item.kind !== "entry") continue;
    const target = [...destination, ...checkEntry(item.header, plan, limits)];
    if (item.header.type === "dir") {
      await ensureDir(target);
      continue;
    }
    await ensureDir(target.slice(0, -1));
    const parent = await root.openParent(target, { create: false });
    try {
      if (await fsp.lstat(parent.at).catch(() => null)) throw new FileError("exists", `${displayPath(target)} already exists; extracting never replaces files.`);
      let left = item.header.size;
      const data = async function* () {
        while (left > 0 && !next.done && next.value.kind === "data") {
          const chunk = next.value.chunk;
          left -= chunk.length;
          yield chunk;
          next = await source.next();
        }
      };
      // Only the permission bits that matter for a game server: executable or not, never setuid/sticky.
      const mode = item.header.mode & 0o100 ? 0o755 : 0o644;
      const mtime = Number.isNaN(item.header.mtime.getTime()) ? undefined : item.header.mtime;
      await root.writeAtomic(parent, target, data(), { mode, maxBytes: item.header.size, modifiedAt: mtime });
      created.push(target);
    } finally {
      await parent.dir.close();
    }
  }
  return plan;
}

/** Streams the archive's tar items, stopping once more bytes came out of gzip than the limits allow. */
async function* items(handle: FileHandle, limits: Required<DecompressLimits>): AsyncGenerator<TarItem> {
  const gunzip = createGunzip();
  const cap = limits.maxTotalBytes + BLOCK * 4 * (limits.maxEntries + 2) + 1024 * 1024;
  const feeding = (async () => {
    try {
      for await (const chunk of readChunks(handle)) {
        if (!gunzip.write(chunk)) {
          // "close" too: a reader that stopped early destroys the stream and "drain" never comes.
          await new Promise((resolve) => {
            gunzip.once("drain", resolve);
            gunzip.once("close", resolve);
          });
        }
        if (gunzip.destroyed) return;
      }
      gunzip.end();
    } catch (error) {
      gunzip.destroy(error as Error);
    }
  })();
  let inflated = 0;
  const counted = async function* () {
    try {
      for await (const chunk of gunzip as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > cap) throw new FileError("too_large", `The archive unpacks to more than ${limits.maxTotalBytes} bytes.`);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof FileError) throw error;
      throw new FileError("archive_refused", "The file is not a valid tar.gz archive.");
    }
  };
  try {
    yield* readTar(counted());
  } finally {
    gunzip.destroy();
    await feeding;
  }
}

async function rollBack(root: ServerRoot, created: string[][]): Promise<void> {
  for (const segments of created.reverse()) {
    if (segments.length === 0) continue;
    const parent = await root.openParent(segments, { create: false }).catch(() => null);
    if (!parent) continue;
    try {
      const st = await fsp.lstat(parent.at).catch(() => null);
      if (st?.isDirectory()) await fsp.rmdir(parent.at).catch(() => {});
      else if (st) await fsp.unlink(parent.at).catch(() => {});
    } finally {
      await parent.dir.close();
    }
  }
}

function refuse(message: string): never {
  throw new FileError("archive_refused", message);
}
