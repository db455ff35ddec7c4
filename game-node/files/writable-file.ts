import type { Stats } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { FileError } from "./file-error";
import type { ServerRoot } from "./server-root";

/** Quota is reserved in steps of this size, so a streaming upload walks the tree once per step, not per write. */
const RESERVE_STEP = 4 * 1024 * 1024;

export interface WritableFileParts {
  root: ServerRoot;
  handle: FileHandle;
  /** The file's size when opened (0 for a new temp file). */
  size: number;
  append: boolean;
  /** Publishes the file (renames the temp file over the target); nothing for a file written in place. */
  commit: () => Promise<void>;
  /** Throws the work away (removes the temp file); nothing for a file written in place. */
  discard: () => Promise<void>;
}

/**
 * An open file for writes at offsets, made by `ServerRoot.openFileForWrite` (docs/game-servers.md#sftp).
 * Operations run one at a time in arrival order (an SFTP client may send many writes at once). Growth
 * past the file's current end is reserved against the server's quota before it is written, so two open
 * uploads and the HTTP API's writes cannot both take the same free space. After a failed write the file
 * is broken: `close()` then discards it instead of publishing half an upload.
 */
export class WritableFile {
  private queue: Promise<unknown> = Promise.resolve();
  private size: number;
  /** Reserved quota this file may still grow into. */
  private allowance = 0;
  private failed: FileError | Error | null = null;
  private finished = false;

  constructor(private readonly parts: WritableFileParts) {
    this.size = parts.size;
  }

  write(data: Uint8Array, position: number): Promise<void> {
    return this.run(async () => {
      try {
        await this.writeNow(data, position);
      } catch (error) {
        this.failed ??= error as Error;
        throw error;
      }
    });
  }

  /** Reads what has been written so far (a file opened for read and write). */
  read(buffer: Buffer, position: number): Promise<number> {
    return this.run(async () => (await this.parts.handle.read(buffer, 0, buffer.length, position)).bytesRead);
  }

  stat(): Promise<Stats> {
    return this.run(() => this.parts.handle.stat());
  }

  /** chmod of the open file; setuid, setgid and sticky bits are dropped. */
  chmod(mode: number): Promise<void> {
    return this.run(() => this.parts.handle.chmod(mode & 0o777));
  }

  /** Flushes and publishes the file; if a write failed before, discards it and throws that failure. */
  close(): Promise<void> {
    return this.run(async () => {
      this.finish();
      if (this.failed) {
        await this.parts.handle.close().catch(() => {});
        await this.parts.discard();
        throw this.failed;
      }
      try {
        await this.parts.handle.sync();
        await this.parts.handle.close();
      } catch (error) {
        await this.parts.handle.close().catch(() => {});
        await this.parts.discard();
        throw error;
      }
      await this.parts.commit();
    });
  }

  /** Closes without publishing (a connection that went away mid-upload). */
  abort(): Promise<void> {
    return this.run(async () => {
      this.finish();
      await this.parts.handle.close().catch(() => {});
      await this.parts.discard();
    });
  }

  private async writeNow(data: Uint8Array, position: number): Promise<void> {
    if (!Number.isSafeInteger(position) || position < 0) throw new FileError("invalid_path", "The write offset is out of range.");
    const end = this.parts.append ? this.size + data.length : position + data.length;
    const growth = Math.max(0, end - this.size);
    if (growth > this.allowance) {
      const missing = growth - this.allowance;
      this.allowance += await this.parts.root.reserveBytes(missing, Math.max(missing, RESERVE_STEP));
    }
    let offset = 0;
    while (offset < data.length) {
      // With O_APPEND Linux ignores the position and appends; null says so plainly.
      const { bytesWritten } = await this.parts.handle.write(data, offset, data.length - offset, this.parts.append ? null : position + offset);
      offset += bytesWritten;
    }
    this.size = Math.max(this.size, end);
    // Released only after the bytes are on disk, so a concurrent usage walk counts them at least once.
    this.allowance -= growth;
    this.parts.root.releaseBytes(growth);
  }

  private finish(): void {
    if (this.finished) throw new FileError("not_found", "The file is already closed.");
    this.finished = true;
    this.parts.root.releaseBytes(this.allowance);
    this.allowance = 0;
  }

  private run<T>(work: () => Promise<T>): Promise<T> {
    const guarded = () => {
      if (this.finished) return Promise.reject(new FileError("not_found", "The file is already closed."));
      return work();
    };
    const next = this.queue.then(guarded, guarded);
    this.queue = next.catch(() => {});
    return next;
  }
}
