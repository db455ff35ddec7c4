import { randomBytes } from "node:crypto";
import { constants, promises as fsp, type Stats } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import path from "node:path";
import { FileError } from "./file-error";
import { displayPath, parseUserPath } from "./user-path";
import { WritableFile } from "./writable-file";

const { O_RDONLY, O_WRONLY, O_RDWR, O_APPEND, O_CREAT, O_EXCL, O_NOFOLLOW, O_DIRECTORY, O_NONBLOCK } = constants;
const DIR_FLAGS = O_RDONLY | O_DIRECTORY | O_NOFOLLOW;
// O_NONBLOCK: a FIFO planted by the game must not hang the open; fstat then refuses it as not a file.
const READ_FLAGS = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;
const TEMP_PREFIX = ".rackfront-";

export type EntryType = "file" | "dir" | "symlink" | "other";

export interface FileEntry {
  name: string;
  type: EntryType;
  size: number;
  /** Permission bits as an octal string, e.g. "644". */
  mode: string;
  modifiedAt: string;
}

export interface ServerRootOptions {
  /** Bytes the server may use; writes, copies and decompression that would pass it are refused. */
  quotaBytes?: number;
  /** Largest file `read` returns (default 16 MiB). */
  maxReadBytes?: number;
  /** Test hook: runs right before each open/mkdir of a path component (to simulate a swap race). */
  beforeOpen?: (segments: readonly string[]) => void | Promise<void>;
}

export interface OpenForWriteOptions {
  /** Create the file when it does not exist (otherwise `not_found`). */
  create: boolean;
  /** Start from an empty file instead of the current contents. */
  truncate: boolean;
  /** Refuse a file that exists (`exists`). */
  exclusive: boolean;
  /** Every write goes to the end of the file (O_APPEND). */
  append: boolean;
  /** Permission bits of a new file (default 0644); setuid/setgid/sticky are dropped. */
  mode?: number;
}

export interface OpenedParent {
  dir: FileHandle;
  name: string;
  /** The entry's path through the verified directory fd: later swaps of its ancestors cannot redirect it. */
  at: string;
}

/**
 * One game server's directory. Every operation walks from the root one component at a time, opening each
 * directory with O_NOFOLLOW relative to the previous verified fd (`/proc/self/fd/<fd>/<name>`, Linux's
 * stand-in for openat), so a symlink anywhere in a path is refused, including one swapped in after a check.
 * Each opened fd's real path is re-read from /proc and must lie inside realpath(root)
 * (docs/game-servers.md#files).
 */
export class ServerRoot {
  private quotaQueue: Promise<unknown> = Promise.resolve();
  /** Bytes promised to open WritableFiles but not written yet; counted as used by `quotaUsage`. */
  private reservedBytes = 0;

  private constructor(
    readonly realRoot: string,
    readonly options: ServerRootOptions,
  ) {}

  static async open(directory: string, options: ServerRootOptions = {}): Promise<ServerRoot> {
    const realRoot = await fsp.realpath(directory);
    const st = await fsp.lstat(realRoot);
    if (!st.isDirectory()) throw new FileError("not_directory", "The server root is not a directory.");
    return new ServerRoot(realRoot, options);
  }

  // ---- operations -------------------------------------------------------------------------------

  async list(userPath: string): Promise<FileEntry[]> {
    const segments = parseUserPath(userPath);
    const dir = await this.openDirectory(segments, { create: false });
    try {
      const entries: FileEntry[] = [];
      for (const name of await fsp.readdir(fdPath(dir))) {
        if (name.startsWith(TEMP_PREFIX)) continue;
        const st = await lstatOrNull(fdPath(dir, name));
        if (st) entries.push(toEntry(name, st));
      }
      return entries.sort((a, b) => Number(b.type === "dir") - Number(a.type === "dir") || a.name.localeCompare(b.name));
    } finally {
      await dir.close();
    }
  }

  async read(userPath: string, options: { maxBytes?: number } = {}): Promise<Buffer> {
    const maxBytes = options.maxBytes ?? this.options.maxReadBytes ?? 16 * 1024 * 1024;
    const { handle, stats } = await this.openFileForRead(parseUserPath(userPath));
    try {
      if (stats.size > maxBytes) throw new FileError("too_large", `The file is ${stats.size} bytes; at most ${maxBytes} can be read here.`);
      const buffer = Buffer.alloc(stats.size);
      let offset = 0;
      while (offset < buffer.length) {
        const { bytesRead } = await handle.read(buffer, offset, buffer.length - offset, offset);
        if (bytesRead === 0) break;
        offset += bytesRead;
      }
      return buffer.subarray(0, offset);
    } finally {
      await handle.close();
    }
  }

  /** Atomic write (temp file + rename in the same directory); missing parent folders are created inside the root. */
  async write(userPath: string, data: Buffer | string, options: { createParents?: boolean } = {}): Promise<void> {
    const segments = requireNotRoot(parseUserPath(userPath), "written");
    const bytes = typeof data === "string" ? Buffer.from(data) : data;
    await this.withQuotaLock(async () => {
      const usage = await this.quotaUsage();
      // Parents are created only once the bytes are known to fit, so a refused write leaves no folders behind.
      let parent = await this.openParent(segments, { create: false }).catch((error) => {
        if (options.createParents !== false && error instanceof FileError && error.code === "not_found") return null;
        throw error;
      });
      if (!parent) {
        this.assertFits(usage, bytes.length);
        parent = await this.openParent(segments, { create: true });
      }
      try {
        const existing = await this.writableTarget(parent, segments);
        this.assertFits(usage, bytes.length - (existing?.size ?? 0));
        await this.writeAtomic(parent, segments, [bytes], { mode: existing ? existing.mode & 0o777 : 0o644, maxBytes: bytes.length });
      } finally {
        await parent.dir.close();
      }
    });
  }

  async mkdir(userPath: string): Promise<void> {
    const segments = requireNotRoot(parseUserPath(userPath), "created");
    const dir = await this.openDirectory(segments, { create: true });
    await dir.close();
  }

  /** Rename or move; both ends are contained and a destination that exists is refused. */
  async rename(fromPath: string, toPath: string): Promise<void> {
    const from = requireNotRoot(parseUserPath(fromPath), "renamed");
    const to = requireNotRoot(parseUserPath(toPath), "replaced");
    const source = await this.openParent(from, { create: false });
    try {
      if (!(await lstatOrNull(source.at))) throw notFound(from);
      const target = await this.openParent(to, { create: false });
      try {
        if (await lstatOrNull(target.at)) throw new FileError("exists", `${displayPath(to)} already exists.`);
        await fsp.rename(source.at, target.at).catch((error) => {
          throw translate(error, to);
        });
      } finally {
        await target.dir.close();
      }
    } finally {
      await source.dir.close();
    }
  }

  /** Deletes a file, a symlink (the link itself, never its target) or a folder tree (links inside are unlinked, not followed). */
  async delete(userPath: string): Promise<void> {
    const segments = requireNotRoot(parseUserPath(userPath), "deleted");
    const parent = await this.openParent(segments, { create: false });
    try {
      const st = await lstatOrNull(parent.at);
      if (!st) throw notFound(segments);
      await this.removeEntry(parent.dir, parent.name, segments);
    } finally {
      await parent.dir.close();
    }
  }

  /** chmod on the entry itself; refused on symlinks, setuid/setgid/sticky bits are dropped. */
  async chmod(userPath: string, mode: string | number): Promise<void> {
    const bits = parseMode(mode);
    const segments = requireNotRoot(parseUserPath(userPath), "changed");
    const parent = await this.openParent(segments, { create: false });
    try {
      const handle = await this.openAt(parent, segments, READ_FLAGS);
      try {
        const st = await handle.stat();
        if (st.isFile() && st.nlink > 1) throw hardLinked(segments);
        await handle.chmod(bits);
      } finally {
        await handle.close();
      }
    } finally {
      await parent.dir.close();
    }
  }

  /** Copies one regular file to a new name; the quota must hold the copy. */
  async copy(fromPath: string, toPath: string): Promise<void> {
    const from = parseUserPath(fromPath);
    const to = requireNotRoot(parseUserPath(toPath), "written");
    await this.withQuotaLock(async () => {
      const usage = await this.quotaUsage();
      const { handle, stats } = await this.openFileForRead(from);
      try {
        const target = await this.openParent(to, { create: false });
        try {
          if (await lstatOrNull(target.at)) throw new FileError("exists", `${displayPath(to)} already exists.`);
          this.assertFits(usage, stats.size);
          await this.writeAtomic(target, to, readChunks(handle), { mode: stats.mode & 0o777, maxBytes: stats.size });
        } finally {
          await target.dir.close();
        }
      } finally {
        await handle.close();
      }
    });
  }

  /** Bytes used under the root: regular files and link sizes, counted with lstat (links are not followed). */
  async diskUsage(): Promise<number> {
    const root = await this.openDirectory([], { create: false });
    try {
      return await usageOf(root);
    } finally {
      await root.close();
    }
  }

  /** The entry's own lstat (a link is reported as a link, never followed); `/` is the root itself. */
  async stat(userPath: string): Promise<Stats> {
    const segments = parseUserPath(userPath);
    if (segments.length === 0) {
      const root = await this.openDirectory([], { create: false });
      try {
        return await root.stat();
      } finally {
        await root.close();
      }
    }
    const parent = await this.openParent(segments, { create: false });
    try {
      const st = await lstatOrNull(parent.at);
      if (!st) throw notFound(segments);
      return st;
    } finally {
      await parent.dir.close();
    }
  }

  /** Removes one file or link (never a folder: `is_directory`). */
  async removeFile(userPath: string): Promise<void> {
    const segments = requireNotRoot(parseUserPath(userPath), "deleted");
    const parent = await this.openParent(segments, { create: false });
    try {
      // Linux answers EISDIR for unlink on a folder, which translate turns into is_directory.
      await fsp.unlink(parent.at).catch((error) => {
        throw translate(error, segments);
      });
    } finally {
      await parent.dir.close();
    }
  }

  /** Removes an empty folder (a link is `not_directory`, a folder with entries `exists`). */
  async removeEmptyFolder(userPath: string): Promise<void> {
    const segments = requireNotRoot(parseUserPath(userPath), "deleted");
    const parent = await this.openParent(segments, { create: false });
    try {
      await fsp.rmdir(parent.at).catch((error: NodeJS.ErrnoException) => {
        throw error.code === "ENOTEMPTY" || error.code === "EEXIST"
          ? new FileError("exists", `${displayPath(segments)} is not empty.`)
          : translate(error, segments);
      });
    } finally {
      await parent.dir.close();
    }
  }

  /**
   * A contained handle for writes at offsets (SFTP). A new or truncated file is written to a temp file beside
   * the target (O_CREAT|O_EXCL|O_NOFOLLOW, verified) and renamed over it by `close()`, so an upload that
   * breaks off never leaves half a file under the real name. An existing file opened without `truncate`
   * is written in place through a verified O_NOFOLLOW fd (one link only). Growth counts against the quota
   * as it happens (see WritableFile).
   */
  async openFileForWrite(userPath: string, options: OpenForWriteOptions): Promise<WritableFile> {
    const segments = requireNotRoot(parseUserPath(userPath), "written");
    const appendFlag = options.append ? O_APPEND : 0;
    const parent = await this.openParent(segments, { create: false });
    let parentHandedOver = false;
    try {
      const existing = await this.writableTarget(parent, segments);
      if (existing && options.exclusive) throw new FileError("exists", `${displayPath(segments)} already exists.`);
      if (!existing && !options.create) throw notFound(segments);
      if (existing && !options.truncate) {
        const handle = await this.openAt(parent, segments, O_RDWR | O_NOFOLLOW | O_NONBLOCK | appendFlag);
        try {
          const st = await handle.stat();
          if (!st.isFile()) throw new FileError("invalid_path", `${displayPath(segments)} is not a regular file.`);
          if (st.nlink > 1) throw hardLinked(segments);
          return new WritableFile({ root: this, handle, size: st.size, append: options.append, commit: async () => {}, discard: async () => {} });
        } catch (error) {
          await handle.close();
          throw error;
        }
      }
      const tempAt = fdPath(parent.dir, `${TEMP_PREFIX}${randomBytes(8).toString("hex")}.tmp`);
      await this.options.beforeOpen?.(segments);
      const handle = await fsp.open(tempAt, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | appendFlag, 0o600).catch((error) => {
        throw translate(error, segments);
      });
      try {
        await this.verify(handle, segments);
        await handle.chmod(existing ? existing.mode & 0o777 : (options.mode ?? 0o644) & 0o777);
      } catch (error) {
        await handle.close();
        await fsp.unlink(tempAt).catch(() => {});
        throw error;
      }
      parentHandedOver = true;
      return new WritableFile({
        root: this,
        handle,
        size: 0,
        append: options.append,
        // Through the parent's verified fd, like writeAtomic: a parent swapped since cannot redirect the rename.
        commit: async () => {
          try {
            await fsp.rename(tempAt, parent.at).catch(async (error) => {
              await fsp.unlink(tempAt).catch(() => {});
              throw translate(error, segments);
            });
          } finally {
            await parent.dir.close();
          }
        },
        discard: async () => {
          await fsp.unlink(tempAt).catch(() => {});
          await parent.dir.close().catch(() => {});
        },
      });
    } finally {
      if (!parentHandedOver) await parent.dir.close();
    }
  }

  // ---- primitives shared with the archive modules ------------------------------------------------

  /** Opens the directory at `segments` (the root when empty), creating missing folders when asked. */
  async openDirectory(segments: readonly string[], options: { create: boolean }): Promise<FileHandle> {
    let dir = await fsp.open(this.realRoot, DIR_FLAGS);
    try {
      for (let i = 0; i < segments.length; i++) {
        const here = segments.slice(0, i + 1);
        const at = fdPath(dir, segments[i]);
        if (options.create) {
          await this.options.beforeOpen?.(here);
          await fsp.mkdir(at, 0o755).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== "EEXIST") throw translate(error, here);
          });
        }
        await this.options.beforeOpen?.(here);
        const next = await fsp.open(at, DIR_FLAGS).catch((error) => classifyOpenError(error, at, here));
        await dir.close();
        dir = next;
      }
      await this.verify(dir, segments);
      return dir;
    } catch (error) {
      await dir.close().catch(() => {});
      throw error;
    }
  }

  async openParent(segments: readonly string[], options: { create: boolean }): Promise<OpenedParent> {
    const name = segments[segments.length - 1];
    const dir = await this.openDirectory(segments.slice(0, -1), options);
    return { dir, name, at: fdPath(dir, name) };
  }

  /** A verified fd on a regular file with one link; symlinks, folders, devices and hard-linked files are refused. */
  async openFileForRead(segments: readonly string[]): Promise<{ handle: FileHandle; stats: Stats }> {
    if (segments.length === 0) throw new FileError("is_directory", "/ is a folder.");
    const parent = await this.openParent(segments, { create: false });
    try {
      const handle = await this.openAt(parent, segments, READ_FLAGS);
      try {
        const stats = await handle.stat();
        if (stats.isDirectory()) throw new FileError("is_directory", `${displayPath(segments)} is a folder.`);
        if (!stats.isFile()) throw new FileError("invalid_path", `${displayPath(segments)} is not a regular file.`);
        if (stats.nlink > 1) throw hardLinked(segments);
        return { handle, stats };
      } catch (error) {
        await handle.close();
        throw error;
      }
    } finally {
      await parent.dir.close();
    }
  }

  /**
   * Writes `chunks` to a new temp file beside the target (O_CREAT|O_EXCL|O_NOFOLLOW, verified), then renames it
   * over the target through the parent's fd. More than `maxBytes` aborts; on any failure the temp file is removed.
   */
  async writeAtomic(
    parent: OpenedParent,
    segments: readonly string[],
    chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
    options: { mode: number; maxBytes: number; modifiedAt?: Date },
  ): Promise<void> {
    const tempAt = fdPath(parent.dir, `${TEMP_PREFIX}${randomBytes(8).toString("hex")}.tmp`);
    await this.options.beforeOpen?.(segments);
    const handle = await fsp.open(tempAt, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600).catch((error) => {
      throw translate(error, segments);
    });
    let renamed = false;
    try {
      await this.verify(handle, segments);
      let written = 0;
      for await (const chunk of chunks) {
        written += chunk.length;
        if (written > options.maxBytes) throw new FileError("quota_exceeded", `${displayPath(segments)} grew beyond the space reserved for it.`);
        await handle.write(chunk);
      }
      await handle.chmod(options.mode & 0o777);
      if (options.modifiedAt) await handle.utimes(options.modifiedAt, options.modifiedAt);
      await handle.sync();
      await handle.close();
      await fsp.rename(tempAt, parent.at).catch((error) => {
        throw translate(error, segments);
      });
      renamed = true;
    } finally {
      if (!renamed) {
        await handle.close().catch(() => {});
        await fsp.unlink(tempAt).catch(() => {});
      }
    }
  }

  /** Removes `name` inside `dir`: links and files are unlinked, folders emptied through their own fds. */
  async removeEntry(dir: FileHandle, name: string, segments: readonly string[]): Promise<void> {
    const at = fdPath(dir, name);
    const st = await lstatOrNull(at);
    if (!st) return;
    if (!st.isDirectory()) {
      await fsp.unlink(at);
      return;
    }
    await this.options.beforeOpen?.(segments);
    const sub = await fsp.open(at, DIR_FLAGS).catch(() => null);
    if (!sub) {
      // Swapped for a link or file since the lstat: unlink whatever is there now, never follow it.
      await fsp.unlink(at);
      return;
    }
    try {
      await this.verify(sub, segments);
      for (const child of await fsp.readdir(fdPath(sub))) await this.removeEntry(sub, child, [...segments, child]);
    } finally {
      await sub.close();
    }
    await fsp.rmdir(at);
  }

  /** Runs quota-affecting work one at a time, so two writes cannot both fit the same free space. */
  withQuotaLock<T>(work: () => Promise<T>): Promise<T> {
    const run = this.quotaQueue.then(work, work);
    this.quotaQueue = run.catch(() => {});
    return run;
  }

  /**
   * Current usage when a quota is set (0 otherwise: nothing to compare against), including the bytes
   * reserved by open WritableFiles. The reservation is read before the walk: a write that lands during
   * the walk is then counted twice rather than not at all (its reservation is released after it lands).
   */
  async quotaUsage(): Promise<number> {
    if (this.options.quotaBytes === undefined) return 0;
    const reserved = this.reservedBytes;
    return reserved + (await this.diskUsage());
  }

  /**
   * Reserves quota for an open WritableFile: at least `min` bytes (else `quota_exceeded`), up to
   * `preferred` when free, so a streaming upload walks the tree once per step rather than per write.
   */
  reserveBytes(min: number, preferred: number): Promise<number> {
    const quota = this.options.quotaBytes;
    if (quota === undefined) return Promise.resolve(Math.max(min, preferred));
    return this.withQuotaLock(async () => {
      const usage = await this.quotaUsage();
      this.assertFits(usage, min);
      const granted = Math.max(min, Math.min(preferred, quota - usage));
      this.reservedBytes += granted;
      return granted;
    });
  }

  /** Gives back reserved bytes (written to disk now, or no longer needed). */
  releaseBytes(bytes: number): void {
    this.reservedBytes = Math.max(0, this.reservedBytes - bytes);
  }

  assertFits(usage: number, extraBytes: number): void {
    const quota = this.options.quotaBytes;
    if (quota !== undefined && usage + extraBytes > quota) {
      throw new FileError("quota_exceeded", `This needs ${Math.max(extraBytes, 0)} more bytes; ${Math.max(quota - usage, 0)} of the server's ${quota}-byte quota are free.`);
    }
  }

  /** lstat of an existing write target: folders, links, devices and hard-linked files are refused. */
  async writableTarget(parent: OpenedParent, segments: readonly string[]): Promise<Stats | null> {
    const st = await lstatOrNull(parent.at);
    if (!st) return null;
    if (st.isSymbolicLink()) throw symlinkRefused(segments);
    if (st.isDirectory()) throw new FileError("is_directory", `${displayPath(segments)} is a folder.`);
    if (!st.isFile()) throw new FileError("invalid_path", `${displayPath(segments)} is not a regular file.`);
    if (st.nlink > 1) throw hardLinked(segments);
    return st;
  }

  private async openAt(parent: OpenedParent, segments: readonly string[], flags: number): Promise<FileHandle> {
    await this.options.beforeOpen?.(segments);
    const handle = await fsp.open(parent.at, flags).catch((error) => classifyOpenError(error, parent.at, segments));
    try {
      await this.verify(handle, segments);
      return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** The fd's real path, read back from the kernel, must be the root or below it. */
  private async verify(handle: FileHandle, segments: readonly string[]): Promise<void> {
    const real = await fsp.readlink(fdPath(handle));
    if (real.endsWith(" (deleted)")) throw notFound(segments);
    if (!isInside(this.realRoot, real)) throw new FileError("outside_root", `${displayPath(segments)} resolves outside the server's folder.`);
  }
}

export function isInside(root: string, candidate: string): boolean {
  // path.relative, not startsWith: "/srv/root2" must not count as inside "/srv/root".
  const relative = path.relative(root, candidate);
  return relative === "" || (relative !== ".." && !relative.startsWith("../") && !path.isAbsolute(relative));
}

function fdPath(handle: FileHandle, name?: string): string {
  return name === undefined ? `/proc/self/fd/${handle.fd}` : `/proc/self/fd/${handle.fd}/${name}`;
}

async function lstatOrNull(at: string): Promise<Stats | null> {
  try {
    return await fsp.lstat(at);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

async function classifyOpenError(error: NodeJS.ErrnoException, at: string, segments: readonly string[]): Promise<never> {
  if (error.code === "ELOOP" || error.code === "ENOTDIR" || error.code === "EMLINK") {
    const st = await lstatOrNull(at).catch(() => null);
    if (st?.isSymbolicLink()) throw symlinkRefused(segments);
  }
  throw translate(error, segments);
}

function translate(error: NodeJS.ErrnoException, segments: readonly string[]): Error {
  if (error instanceof FileError) return error;
  const where = displayPath(segments);
  switch (error.code) {
    case "ENOENT":
      return notFound(segments);
    case "ELOOP":
      return symlinkRefused(segments);
    case "ENOTDIR":
      return new FileError("not_directory", `A part of ${where} is not a folder.`);
    case "EISDIR":
      return new FileError("is_directory", `${where} is a folder.`);
    case "EEXIST":
    case "ENOTEMPTY":
      return new FileError("exists", `${where} already exists.`);
    case "EINVAL":
    case "ENAMETOOLONG":
      return new FileError("invalid_path", `${where} cannot be used here.`);
    case "ENOSPC":
    case "EDQUOT":
      return new FileError("quota_exceeded", "The node's disk is full.");
    default:
      return error;
  }
}

function notFound(segments: readonly string[]): FileError {
  return new FileError("not_found", `${displayPath(segments)} does not exist.`);
}

function symlinkRefused(segments: readonly string[]): FileError {
  return new FileError("outside_root", `${displayPath(segments)} goes through a symbolic link; the file manager never follows links.`);
}

function hardLinked(segments: readonly string[]): FileError {
  return new FileError("outside_root", `${displayPath(segments)} has other hard links, which may be outside the server's folder.`);
}

function requireNotRoot(segments: string[], verb: string): string[] {
  if (segments.length === 0) throw new FileError("invalid_path", `The server's root folder cannot be ${verb}.`);
  return segments;
}

function parseMode(mode: string | number): number {
  const value = typeof mode === "string" && /^[0-7]{3,4}$/.test(mode) ? parseInt(mode, 8) : mode;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 0o7777) {
    throw new FileError("invalid_path", "The mode must be an octal string such as \"644\".");
  }
  return value & 0o777;
}

function toEntry(name: string, st: Stats): FileEntry {
  const type: EntryType = st.isSymbolicLink() ? "symlink" : st.isDirectory() ? "dir" : st.isFile() ? "file" : "other";
  return { name, type, size: st.size, mode: (st.mode & 0o7777).toString(8).padStart(3, "0"), modifiedAt: st.mtime.toISOString() };
}

export async function* readChunks(handle: FileHandle): AsyncGenerator<Buffer> {
  const size = 64 * 1024;
  let position = 0;
  for (;;) {
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

async function usageOf(dir: FileHandle): Promise<number> {
  let total = 0;
  for (const name of await fsp.readdir(fdPath(dir))) {
    const st = await lstatOrNull(fdPath(dir, name));
    if (!st) continue;
    if (!st.isDirectory()) {
      total += st.size;
      continue;
    }
    const sub = await fsp.open(fdPath(dir, name), DIR_FLAGS).catch(() => null);
    if (!sub) continue;
    try {
      total += await usageOf(sub);
    } finally {
      await sub.close();
    }
  }
  return total;
}
