import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileError } from "./file-error";
import { ServerRoot } from "./server-root";

// ServerRoot's contained write handles and the small operations SFTP needs (docs/game-servers.md#sftp).
let base: string;
let root: string;
let outside: string;
const SENTINEL = "outside secret";
const WRITE = { create: true, truncate: true, exclusive: false, append: false };

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "gwrite-"));
  root = path.join(base, "server");
  outside = path.join(base, "outside");
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(path.join(outside, "secret.txt"), SENTINEL);
  symlinkSync(path.join(outside, "secret.txt"), path.join(root, "file-link"));
  symlinkSync(outside, path.join(root, "dir-link"));
  writeFileSync(path.join(root, "server.properties"), "motd=hello\n");
});

afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected a refusal").toBeInstanceOf(FileError);
  return (error as FileError).code;
}

function outsideUntouched(): void {
  expect(readFileSync(path.join(outside, "secret.txt"), "utf8")).toBe(SENTINEL);
  expect(readdirSync(outside)).toEqual(["secret.txt"]);
}

function tempFiles(dir = root): string[] {
  return readdirSync(dir).filter((name) => name.startsWith(".rackfront-"));
}

describe("ServerRoot.openFileForWrite", () => {
  it("writes a new file through a temp file that replaces the target only on close", async () => {
    const fs = await ServerRoot.open(root);
    const file = await fs.openFileForWrite("/server.properties", WRITE);
    // Out of order, as an SFTP client with several writes in flight sends them.
    await Promise.all([file.write(Buffer.from("world"), 6), file.write(Buffer.from("hello "), 0)]);
    expect(readFileSync(path.join(root, "server.properties"), "utf8")).toBe("motd=hello\n");
    expect(tempFiles()).toHaveLength(1);
    expect((await file.stat()).size).toBe(11);
    await file.close();
    expect(readFileSync(path.join(root, "server.properties"), "utf8")).toBe("hello world");
    expect(statSync(path.join(root, "server.properties")).mode & 0o777).toBe(0o644);
    expect(tempFiles()).toEqual([]);
    expect(await refusal(file.write(Buffer.from("x"), 0))).toBe("not_found");
  });

  it("keeps the replaced file's mode, and uses the given mode for a new one", async () => {
    const fs = await ServerRoot.open(root);
    await fs.chmod("/server.properties", "600");
    const replaced = await fs.openFileForWrite("/server.properties", WRITE);
    await replaced.close();
    expect(statSync(path.join(root, "server.properties")).mode & 0o777).toBe(0o600);
    const created = await fs.openFileForWrite("/start.sh", { ...WRITE, mode: 0o4755 });
    await created.close();
    expect(statSync(path.join(root, "start.sh")).mode & 0o7777).toBe(0o755);
  });

  it("abort leaves the target as it was and no temp file", async () => {
    const fs = await ServerRoot.open(root);
    const file = await fs.openFileForWrite("/new.txt", WRITE);
    await file.write(Buffer.from("half"), 0);
    await file.abort();
    expect(readdirSync(root).sort()).toEqual(["dir-link", "file-link", "server.properties"]);
  });

  it("writes an existing file in place without truncate, and appends with append", async () => {
    const fs = await ServerRoot.open(root);
    const edit = await fs.openFileForWrite("/server.properties", { ...WRITE, truncate: false });
    await edit.write(Buffer.from("MOTD"), 0);
    expect(readFileSync(path.join(root, "server.properties"), "utf8")).toBe("MOTD=hello\n");
    await edit.close();
    const log = await fs.openFileForWrite("/server.properties", { ...WRITE, truncate: false, append: true });
    await log.write(Buffer.from("pvp=true\n"), 0);
    await log.close();
    expect(readFileSync(path.join(root, "server.properties"), "utf8")).toBe("MOTD=hello\npvp=true\n");
    const buffer = Buffer.alloc(4);
    const reader = await fs.openFileForWrite("/server.properties", { ...WRITE, truncate: false });
    expect(await reader.read(buffer, 5)).toBe(4);
    expect(buffer.toString()).toBe("hell");
    await reader.close();
  });

  it("refuses exclusive on an existing file and a missing file without create", async () => {
    const fs = await ServerRoot.open(root);
    expect(await refusal(fs.openFileForWrite("/server.properties", { ...WRITE, exclusive: true }))).toBe("exists");
    expect(await refusal(fs.openFileForWrite("/missing.txt", { ...WRITE, create: false }))).toBe("not_found");
    expect(await refusal(fs.openFileForWrite("/no/such/folder.txt", WRITE))).toBe("not_found");
    expect(tempFiles()).toEqual([]);
  });

  it("never writes through links, into folders, over hard-linked files or outside", async () => {
    const fs = await ServerRoot.open(root);
    writeFileSync(path.join(outside, "other.txt"), "other");
    linkSync(path.join(outside, "other.txt"), path.join(root, "hard.txt"));
    mkdirSync(path.join(root, "world"));
    for (const truncate of [true, false]) {
      expect(await refusal(fs.openFileForWrite("/file-link", { ...WRITE, truncate }))).toBe("outside_root");
      expect(await refusal(fs.openFileForWrite("/dir-link/secret.txt", { ...WRITE, truncate }))).toBe("outside_root");
      expect(await refusal(fs.openFileForWrite("/dir-link/new.txt", { ...WRITE, truncate }))).toBe("outside_root");
      expect(await refusal(fs.openFileForWrite("/hard.txt", { ...WRITE, truncate }))).toBe("outside_root");
      expect(await refusal(fs.openFileForWrite("/world", { ...WRITE, truncate }))).toBe("is_directory");
      expect(await refusal(fs.openFileForWrite("/../outside/secret.txt", { ...WRITE, truncate }))).toBe("invalid_path");
      expect(await refusal(fs.openFileForWrite("/", { ...WRITE, truncate }))).toBe("invalid_path");
    }
    expect(readFileSync(path.join(outside, "other.txt"), "utf8")).toBe("other");
    expect(readdirSync(outside).sort()).toEqual(["other.txt", "secret.txt"]);
    expect(tempFiles()).toEqual([]);
  });

  it("refuses a parent swapped for a link between the walk and the temp file (the /proc check)", async () => {
    mkdirSync(path.join(root, "plugins"));
    const fs = await ServerRoot.open(root, {
      beforeOpen: (segments) => {
        // The last step before the temp file is created: move the verified parent out and link it back.
        if (segments.join("/") === "plugins/x.jar" && !readdirSync(base).includes("moved")) {
          rmSync(path.join(root, "plugins"), { recursive: true });
          mkdirSync(path.join(base, "moved"));
          symlinkSync(path.join(base, "moved"), path.join(root, "plugins"));
        }
      },
    });
    // The parent fd was opened before the swap, so it names a folder that is gone: refused, nothing written.
    expect(await refusal(fs.openFileForWrite("/plugins/x.jar", WRITE))).toMatch(/not_found|outside_root/);
    expect(readdirSync(path.join(base, "moved"))).toEqual([]);
    outsideUntouched();
  });

  it("a failed write breaks the file: close discards it and reports the failure", async () => {
    const fs = await ServerRoot.open(root, { quotaBytes: (await (await ServerRoot.open(root)).diskUsage()) + 100 });
    const file = await fs.openFileForWrite("/big.bin", WRITE);
    await file.write(Buffer.alloc(50), 0);
    expect(await refusal(file.write(Buffer.alloc(60), 50))).toBe("quota_exceeded");
    expect(await refusal(file.close())).toBe("quota_exceeded");
    expect(readdirSync(root).sort()).toEqual(["dir-link", "file-link", "server.properties"]);
  });
});

describe("quota reservations of open files", () => {
  it("two open files cannot both take the same free space, and the API's write sees their reservations", async () => {
    // Leave room for 1000 more bytes than server.properties and the links use.
    const fs = await ServerRoot.open(root, { quotaBytes: (await (await ServerRoot.open(root)).diskUsage()) + 1000 });
    const a = await fs.openFileForWrite("/a.bin", WRITE);
    const b = await fs.openFileForWrite("/b.bin", WRITE);
    await a.write(Buffer.alloc(600), 0);
    expect(await refusal(b.write(Buffer.alloc(600), 0))).toBe("quota_exceeded");
    // a's reservation covers the rest of the free space (it reserves ahead), so the API sees no room either.
    expect(await refusal(fs.write("/c.bin", Buffer.alloc(500)))).toBe("quota_exceeded");
    await a.close();
    await b.close().catch(() => {});
    // Closing released a's unused reservation: 400 bytes fit again.
    await fs.write("/c.bin", Buffer.alloc(400));
    expect(statSync(path.join(root, "a.bin")).size).toBe(600);
    expect(readdirSync(root)).not.toContain("b.bin");
  });

  it("replacing a file in place counts only its growth", async () => {
    const fs = await ServerRoot.open(root, { quotaBytes: (await (await ServerRoot.open(root)).diskUsage()) + 10 });
    const file = await fs.openFileForWrite("/server.properties", { ...WRITE, truncate: false });
    await file.write(Buffer.from("motd=HELLO\n"), 0);
    await file.write(Buffer.from("0123456789"), 11);
    expect(await refusal(file.write(Buffer.from("!"), 21))).toBe("quota_exceeded");
    await file.abort();
    expect(readFileSync(path.join(root, "server.properties"), "utf8")).toBe("motd=HELLO\n0123456789");
  });
});

describe("ServerRoot stat and single removals", () => {
  it("stat reports the entry itself: links as links, the root as a folder", async () => {
    const fs = await ServerRoot.open(root);
    expect((await fs.stat("/")).isDirectory()).toBe(true);
    expect((await fs.stat("/server.properties")).size).toBe(11);
    expect((await fs.stat("/file-link")).isSymbolicLink()).toBe(true);
    expect(await refusal(fs.stat("/dir-link/secret.txt"))).toBe("outside_root");
    expect(await refusal(fs.stat("/missing"))).toBe("not_found");
    expect(await refusal(fs.stat("/../outside"))).toBe("invalid_path");
  });

  it("removeFile removes files and links (never their targets) but not folders", async () => {
    const fs = await ServerRoot.open(root);
    mkdirSync(path.join(root, "world"));
    await fs.removeFile("/file-link");
    await fs.removeFile("/server.properties");
    expect(await refusal(fs.removeFile("/world"))).toBe("is_directory");
    expect(await refusal(fs.removeFile("/missing"))).toBe("not_found");
    expect(await refusal(fs.removeFile("/dir-link/secret.txt"))).toBe("outside_root");
    expect(readdirSync(root).sort()).toEqual(["dir-link", "world"]);
    outsideUntouched();
  });

  it("removeEmptyFolder removes only empty folders, never a link or its target", async () => {
    const fs = await ServerRoot.open(root);
    mkdirSync(path.join(root, "empty"));
    mkdirSync(path.join(root, "full"));
    writeFileSync(path.join(root, "full", "x"), "x");
    await fs.removeEmptyFolder("/empty");
    expect(await refusal(fs.removeEmptyFolder("/full"))).toBe("exists");
    expect(await refusal(fs.removeEmptyFolder("/dir-link"))).toBe("not_directory");
    expect(await refusal(fs.removeEmptyFolder("/server.properties"))).toBe("not_directory");
    expect(await refusal(fs.removeEmptyFolder("/"))).toBe("invalid_path");
    expect(readdirSync(root).sort()).toEqual(["dir-link", "file-link", "full", "server.properties"]);
    outsideUntouched();
  });
});
