import type { FileHandle } from "node:fs/promises";
import ssh2, { type Attributes, type FileEntry as SftpName, type SFTPWrapper } from "ssh2";
import { FileError } from "../files/file-error";
import type { FileEntry, ServerRoot } from "../files/server-root";
import { parseUserPath } from "../files/user-path";
import type { WritableFile } from "../files/writable-file";
import { attrsOfEntry, attrsOfStats, longname } from "./sftp-attrs";
import { sftpStatusFor } from "./sftp-status";

const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;

/** Open handles per SFTP session: each holds a file descriptor on the node. */
export const MAX_OPEN_HANDLES = 64;
/** Largest READ answered; clients ask for 32 KiB to 256 KiB. */
const MAX_READ_BYTES = 256 * 1024;
/** Directory entries per READDIR answer. */
const READDIR_BATCH = 100;

type OpenHandle =
  | { kind: "read"; handle: FileHandle }
  | { kind: "write"; file: WritableFile }
  | { kind: "dir"; path: string; entries: FileEntry[]; next: number };

/**
 * Serves one SFTP subsystem over a `ServerRoot` (docs/game-servers.md#sftp). Every path is a user path
 * ("/" is the server root) and goes through the root's contained operations; nothing here touches the
 * disk by host path. Links are never followed, read or created.
 */
export function serveSftp(sftp: SFTPWrapper, rootOrPromise: ServerRoot | Promise<ServerRoot>, options: { owner: string }): void {
  const handles = new Map<number, OpenHandle>();
  let nextId = 1;
  let closed = false;
  // The handlers are registered at once (a client such as OpenSSH's sends requests without waiting);
  // each waits for the root, and a root that cannot be had ends the session.
  let root!: ServerRoot;
  const ready = Promise.resolve(rootOrPromise).then((resolved) => {
    root = resolved;
  });
  ready.catch(() => {
    cleanUp();
    sftp.end();
  });

  const reply = (send: () => void) => {
    // The client may be gone by the time a disk operation finishes.
    if (!closed) {
      try {
        send();
      } catch {
        /* channel closed */
      }
    }
  };
  const fail = (reqId: number, error: unknown) => {
    const status = sftpStatusFor(error);
    reply(() => sftp.status(reqId, status.code, status.message));
  };
  const ok = (reqId: number) => reply(() => sftp.status(reqId, STATUS_CODE.OK));

  // Each request runs on its own; replies go out when its disk work is done (requests carry ids).
  function handle<A extends unknown[]>(event: string, work: (reqId: number, ...args: A) => Promise<void>): void {
    sftp.on(event, (reqId: number, ...args: A) => {
      ready.then(() => work(reqId, ...args)).catch((error: unknown) => fail(reqId, error));
    });
  }

  function addHandle(entry: OpenHandle): Buffer {
    const id = nextId++;
    handles.set(id, entry);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id);
    return buffer;
  }

  function lookup(buffer: Buffer): OpenHandle {
    const entry = buffer.length === 4 ? handles.get(buffer.readUInt32BE(0)) : undefined;
    if (!entry) throw new FileError("not_found", "The handle is not open.");
    return entry;
  }

  function assertRoomForHandle(): void {
    if (handles.size >= MAX_OPEN_HANDLES) throw new FileError("too_large", `At most ${MAX_OPEN_HANDLES} files and folders can be open at once.`);
  }

  handle("OPEN", async (reqId, filename: string, flags: number, attrs: Partial<Attributes>) => {
    assertRoomForHandle();
    if (!(flags & (OPEN_MODE.WRITE | OPEN_MODE.APPEND))) {
      const { handle: fd } = await root.openFileForRead(parseUserPath(filename));
      if (closed) return void (await fd.close());
      reply(() => sftp.handle(reqId, addHandle({ kind: "read", handle: fd })));
      return;
    }
    const file = await root.openFileForWrite(filename, {
      create: (flags & OPEN_MODE.CREAT) !== 0,
      truncate: (flags & OPEN_MODE.TRUNC) !== 0,
      exclusive: (flags & OPEN_MODE.EXCL) !== 0,
      append: (flags & OPEN_MODE.APPEND) !== 0,
      mode: typeof attrs?.mode === "number" ? attrs.mode : undefined,
    });
    if (closed) return void (await file.abort());
    reply(() => sftp.handle(reqId, addHandle({ kind: "write", file })));
  });

  handle("READ", async (reqId, buffer: Buffer, offset: number, length: number) => {
    const entry = lookup(buffer);
    if (entry.kind === "dir") throw new FileError("is_directory", "The handle is a folder.");
    const chunk = Buffer.alloc(Math.min(Math.max(length, 0), MAX_READ_BYTES));
    const bytesRead =
      entry.kind === "read" ? (await entry.handle.read(chunk, 0, chunk.length, offset)).bytesRead : await entry.file.read(chunk, offset);
    if (bytesRead === 0 && chunk.length > 0) return reply(() => sftp.status(reqId, STATUS_CODE.EOF));
    reply(() => sftp.data(reqId, chunk.subarray(0, bytesRead)));
  });

  handle("WRITE", async (reqId, buffer: Buffer, offset: number, data: Buffer) => {
    const entry = lookup(buffer);
    if (entry.kind !== "write") throw new FileError("invalid_path", "The file was not opened for writing.");
    await entry.file.write(data, offset);
    ok(reqId);
  });

  handle("CLOSE", async (reqId, buffer: Buffer) => {
    const entry = lookup(buffer);
    handles.delete(buffer.readUInt32BE(0));
    if (entry.kind === "read") await entry.handle.close();
    if (entry.kind === "write") await entry.file.close();
    ok(reqId);
  });

  handle("FSTAT", async (reqId, buffer: Buffer) => {
    const entry = lookup(buffer);
    const st = entry.kind === "read" ? await entry.handle.stat() : entry.kind === "write" ? await entry.file.stat() : await root.stat(entry.path);
    reply(() => sftp.attrs(reqId, attrsOfStats(st)));
  });

  handle("FSETSTAT", async (reqId, buffer: Buffer, attrs: Partial<Attributes>) => {
    const entry = lookup(buffer);
    // Only the permission bits are applied; owner, size and times are ignored (the node owns every file).
    if (typeof attrs.mode === "number") {
      if (entry.kind === "read") await entry.handle.chmod(attrs.mode & 0o777);
      else if (entry.kind === "write") await entry.file.chmod(attrs.mode);
      else await root.chmod(entry.path, attrs.mode & 0o7777);
    }
    ok(reqId);
  });

  handle("OPENDIR", async (reqId, path: string) => {
    assertRoomForHandle();
    const entries = await root.list(path);
    reply(() => sftp.handle(reqId, addHandle({ kind: "dir", path, entries, next: 0 })));
  });

  handle("READDIR", async (reqId, buffer: Buffer) => {
    const entry = lookup(buffer);
    if (entry.kind !== "dir") throw new FileError("not_directory", "The handle is not a folder.");
    if (entry.next >= entry.entries.length) return reply(() => sftp.status(reqId, STATUS_CODE.EOF));
    const batch = entry.entries.slice(entry.next, entry.next + READDIR_BATCH);
    entry.next += batch.length;
    const now = Date.now();
    const names: SftpName[] = batch.map((e) => {
      const attrs = attrsOfEntry(e);
      return { filename: e.name, longname: longname(e.name, attrs, options.owner, now), attrs };
    });
    reply(() => sftp.name(reqId, names));
  });

  // A link is reported as a link for both: the file manager never follows one.
  const stat = async (reqId: number, path: string) => {
    const st = await root.stat(path);
    reply(() => sftp.attrs(reqId, attrsOfStats(st)));
  };
  handle("STAT", stat);
  handle("LSTAT", stat);

  handle("SETSTAT", async (reqId, path: string, attrs: Partial<Attributes>) => {
    if (typeof attrs.mode === "number") await root.chmod(path, attrs.mode & 0o7777);
    else await root.stat(path);
    ok(reqId);
  });

  handle("REMOVE", async (reqId, path: string) => {
    await root.removeFile(path);
    ok(reqId);
  });

  handle("RMDIR", async (reqId, path: string) => {
    await root.removeEmptyFolder(path);
    ok(reqId);
  });

  handle("MKDIR", async (reqId, path: string) => {
    const segments = parseUserPath(path);
    if (segments.length === 0) throw new FileError("exists", "/ already exists.");
    // SFTP's mkdir makes one folder: the parent must exist and the name must be free.
    const parentPath = "/" + segments.slice(0, -1).join("/");
    const parentStat = await root.stat(parentPath);
    if (parentStat.isSymbolicLink()) throw new FileError("outside_root", `${parentPath} is a symbolic link; the file manager never follows links.`);
    if (!parentStat.isDirectory()) throw new FileError("not_directory", `${parentPath} is not a folder.`);
    const existing = await root.stat(path).catch((error: unknown) => {
      if (error instanceof FileError && error.code === "not_found") return null;
      throw error;
    });
    if (existing) throw new FileError("exists", `/${segments.join("/")} already exists.`);
    await root.mkdir(path);
    ok(reqId);
  });

  handle("RENAME", async (reqId, oldPath: string, newPath: string) => {
    await root.rename(oldPath, newPath);
    ok(reqId);
  });

  handle("REALPATH", async (reqId, path: string) => {
    const resolved = realPath(path);
    reply(() => sftp.name(reqId, [{ filename: resolved, longname: resolved, attrs: {} as Attributes }]));
  });

  const noLinks = async (reqId: number) => {
    reply(() => sftp.status(reqId, STATUS_CODE.PERMISSION_DENIED, "Symbolic links are not available over SFTP."));
  };
  handle("READLINK", noLinks);
  handle("SYMLINK", noLinks);

  // A connection that goes away mid-upload leaves nothing half-written under the real name.
  function cleanUp(): void {
    if (closed) return;
    closed = true;
    for (const entry of handles.values()) {
      if (entry.kind === "read") void entry.handle.close().catch(() => {});
      if (entry.kind === "write") void entry.file.abort().catch(() => {});
    }
    handles.clear();
  }
  // The client's EOF: close our side too, or OpenSSH's client waits for the channel forever.
  sftp.on("end", () => {
    cleanUp();
    sftp.end();
  });
  sftp.on("close", cleanUp);
}

/**
 * REALPATH: the path made absolute and normalised, with ".." stopping at "/" (the server root is the
 * top of the client's world). Only the string is resolved; the disk is not consulted, so links are not
 * followed. The result must pass the path rule (no control bytes, backslashes or over-long names).
 */
export function realPath(input: string): string {
  const segments: string[] = [];
  for (const segment of input.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  const resolved = "/" + segments.join("/");
  parseUserPath(resolved);
  return resolved;
}
