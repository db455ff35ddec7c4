import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compressFiles } from "./compress-archive";
import { decompressArchive } from "./decompress-archive";
import { FileError } from "./file-error";
import { ServerRoot } from "./server-root";
import { TAR_END, tarHeader, tarPadding } from "./tar-format";

let base: string;
let root: string;
let outside: string;

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "garchive-"));
  root = path.join(base, "server");
  outside = path.join(base, "outside");
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(path.join(outside, "secret.txt"), "outside secret");
});

afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

// ---- archive builders (hand-made, so every hostile shape can be expressed) ----------------------------

type Spec = { name: string; type?: "file" | "dir" | "symlink" | "hardlink" | "fifo"; data?: string | Buffer; link?: string; mode?: number; size?: number };

function header(spec: Spec, size: number): Buffer {
  const type = spec.type ?? "file";
  const block = tarHeader({ name: spec.name, type: type === "dir" ? "dir" : "file", size, mode: spec.mode ?? 0o644, mtime: new Date(1_700_000_000_000) });
  if (type === "file" || type === "dir") return block;
  // Re-flag the last header block and fix its checksum: the module's writer never makes links itself.
  const last = block.subarray(block.length - 512);
  last.write({ symlink: "2", hardlink: "1", fifo: "6" }[type], 156, 1, "latin1");
  last.write(spec.link ?? "", 157, 100, "utf8");
  last.fill(" ", 148, 156);
  let sum = 0;
  for (const b of last) sum += b;
  last.write(sum.toString(8).padStart(7, "0") + "\u0000", 148, 8, "latin1");
  return block;
}

function tarGz(specs: Spec[]): Buffer {
  const parts: Buffer[] = [];
  for (const spec of specs) {
    const data = Buffer.from(spec.data ?? "");
    const size = spec.size ?? data.length;
    parts.push(header(spec, size));
    if (spec.type === undefined || spec.type === "file") parts.push(data, tarPadding(data.length));
  }
  parts.push(TAR_END);
  return gzipSync(Buffer.concat(parts));
}

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected a refusal").toBeInstanceOf(FileError);
  return (error as FileError).code;
}

function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

async function extractRefused(specs: Spec[], options: { maxEntries?: number; maxTotalBytes?: number; quotaBytes?: number } = {}): Promise<string> {
  writeFileSync(path.join(root, "evil.tar.gz"), tarGz(specs));
  mkdirSync(path.join(root, "keep"), { recursive: true });
  writeFileSync(path.join(root, "keep/old.txt"), "old");
  const before = tree(root);
  const fs = await ServerRoot.open(root, { quotaBytes: options.quotaBytes });
  const code = await refusal(decompressArchive(fs, { archive: "evil.tar.gz", destination: "/", ...options }));
  expect(tree(root), "nothing from the archive remains").toEqual(before);
  expect(readdirSync(outside)).toEqual(["secret.txt"]);
  expect(readFileSync(path.join(outside, "secret.txt"), "utf8")).toBe("outside secret");
  expect(readdirSync(base).sort()).toEqual(["outside", "server"]);
  return code;
}

describe("decompress", () => {
  it("extracts files and folders, masking modes and keeping contents", async () => {
    writeFileSync(path.join(root, "pack.tar.gz"), tarGz([
      { name: "world/", type: "dir" },
      { name: "world/level.dat", data: "level" },
      { name: "start.sh", data: "#!/bin/sh\n", mode: 0o4777 },
      { name: "plugins/deep/x.yml", data: "x: 1" },
      { name: "a/" + "long-name-".repeat(20) + ".txt", data: "pax path" },
    ]));
    const fs = await ServerRoot.open(root);
    const result = await decompressArchive(fs, { archive: "pack.tar.gz", destination: "extracted" });
    expect(result).toMatchObject({ files: 4, folders: 1 });
    expect(readFileSync(path.join(root, "extracted/world/level.dat"), "utf8")).toBe("level");
    expect(readFileSync(path.join(root, "extracted/plugins/deep/x.yml"), "utf8")).toBe("x: 1");
    expect(readFileSync(path.join(root, "extracted/a/" + "long-name-".repeat(20) + ".txt"), "utf8")).toBe("pax path");
    expect(statSync(path.join(root, "extracted/start.sh")).mode & 0o7777).toBe(0o755);
    expect(statSync(path.join(root, "extracted/world/level.dat")).mode & 0o7777).toBe(0o644);
  });

  it("extracts an archive made by the system tar", async () => {
    mkdirSync(path.join(base, "src/config"), { recursive: true });
    writeFileSync(path.join(base, "src/config/server.properties"), "motd=from tar\n");
    execFileSync("tar", ["-czf", path.join(root, "system.tar.gz"), "-C", path.join(base, "src"), "config"]);
    rmSync(path.join(base, "src"), { recursive: true });
    const fs = await ServerRoot.open(root);
    await decompressArchive(fs, { archive: "system.tar.gz", destination: "/" });
    expect(readFileSync(path.join(root, "config/server.properties"), "utf8")).toBe("motd=from tar\n");
  });

  // jwilk/traversal-archives and the anchors' row 20.
  const slips: Array<[string, Spec[]]> = [
    ["relative ../", [{ name: "../moo", data: "x" }]],
    ["relative2 tmp/../../", [{ name: "tmp/../../moo", data: "x" }]],
    ["absolute", [{ name: "/moo", data: "x" }]],
    ["absolute2 //", [{ name: "//moo", data: "x" }]],
    ["absolute outside path", [{ name: "/tmp/rackfront-slip-test.txt", data: "x" }]],
    ["drive letter", [{ name: "C:\\x", data: "x" }]],
    ["drive-relative", [{ name: "C:../x", data: "x" }]],
    ["backslash traversal", [{ name: "a\\..\\..\\x", data: "x" }]],
    ["slip after good entries", [{ name: "good.txt", data: "ok" }, { name: "dir/", type: "dir" }, { name: "dir/../../escape", data: "x" }]],
    ["PAX path with NUL", [{ name: "x/".repeat(60) + "a\u0000b", data: "x" }]],
  ];
  for (const [label, specs] of slips) {
    it(`refuses zip-slip/tar-slip: ${label}`, async () => {
      expect(await extractRefused(specs)).toBe("archive_refused");
    });
  }

  const links: Array<[string, Spec[]]> = [
    ["symlink to /etc/passwd", [{ name: "moo", type: "symlink", link: "/etc/passwd" }]],
    ["dir symlink then a file through it", [{ name: "tmp", type: "symlink", link: "/tmp" }, { name: "tmp/moo", data: "x" }]],
    ["same-name symlink then regular file", [{ name: "secret.txt", type: "symlink", link: "/etc/hostname" }, { name: "secret.txt", data: "pwned" }]],
    ["hard link to ../../x", [{ name: "ok.txt", data: "ok" }, { name: "hl", type: "hardlink", link: "../../x" }]],
    ["a FIFO", [{ name: "pipe", type: "fifo" }]],
  ];
  for (const [label, specs] of links) {
    it(`refuses link and special entries: ${label}`, async () => {
      expect(await extractRefused(specs)).toBe("archive_refused");
    });
  }

  it("refuses an archive with too many entries before writing anything", async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ name: `f${i}.txt`, data: "" }));
    expect(await extractRefused(many, { maxEntries: 250 })).toBe("archive_refused");
  });

  it("refuses an archive bomb by total uncompressed size, and a lying size field", async () => {
    const big = Buffer.alloc(4 * 1024 * 1024); // 4 MiB of zeros is a few KiB gzipped
    expect(await extractRefused([{ name: "a.bin", data: big }, { name: "b.bin", data: big }], { maxTotalBytes: 5 * 1024 * 1024 })).toBe("too_large");
    expect(await extractRefused([{ name: "huge.bin", data: "tiny", size: 10 * 1024 ** 3 }], { maxTotalBytes: 1024 ** 3 })).toBe("too_large");
  });

  it("refuses an archive that would pass the quota, leaving nothing", async () => {
    expect(await extractRefused([{ name: "a.bin", data: Buffer.alloc(50_000) }], { quotaBytes: 20_000 })).toBe("quota_exceeded");
  });

  it("refuses to replace an existing file and rolls back what it wrote", async () => {
    expect(await extractRefused([{ name: "fresh/new.txt", data: "new" }, { name: "keep/old.txt", data: "replaced" }])).toBe("exists");
    expect(readFileSync(path.join(root, "keep/old.txt"), "utf8")).toBe("old");
  });

  it("refuses a damaged or non-gzip file", async () => {
    writeFileSync(path.join(root, "junk.tar.gz"), "not an archive");
    const fs = await ServerRoot.open(root);
    expect(await refusal(decompressArchive(fs, { archive: "junk.tar.gz", destination: "/" }))).toBe("archive_refused");
    const good = tarGz([{ name: "a.txt", data: "a".repeat(2000) }]);
    writeFileSync(path.join(root, "cut.tar.gz"), good.subarray(0, good.length - 30));
    expect(await refusal(decompressArchive(fs, { archive: "cut.tar.gz", destination: "/" }))).toBe("archive_refused");
    expect(existsSync(path.join(root, "a.txt"))).toBe(false);
  });

  it("refuses a destination or archive behind a symlink", async () => {
    writeFileSync(path.join(root, "pack.tar.gz"), tarGz([{ name: "moo", data: "x" }]));
    symlinkSync(outside, path.join(root, "out"));
    symlinkSync(path.join(root, "pack.tar.gz"), path.join(root, "pack-link.tar.gz"));
    const fs = await ServerRoot.open(root);
    expect(await refusal(decompressArchive(fs, { archive: "pack.tar.gz", destination: "out" }))).toBe("outside_root");
    expect(await refusal(decompressArchive(fs, { archive: "pack-link.tar.gz", destination: "/" }))).toBe("outside_root");
    expect(readdirSync(outside)).toEqual(["secret.txt"]);
  });
});

describe("compress", () => {
  it("packs files and folders, skips links, and the system tar reads it", async () => {
    mkdirSync(path.join(root, "world/region"), { recursive: true });
    writeFileSync(path.join(root, "world/level.dat"), "level");
    writeFileSync(path.join(root, "world/region/r.0.0.mca"), Buffer.alloc(70_000, 7));
    symlinkSync(path.join(outside, "secret.txt"), path.join(root, "world/secret"));
    symlinkSync(outside, path.join(root, "world/out"));
    const fs = await ServerRoot.open(root);
    const result = await compressFiles(fs, { directory: "/", files: ["world"], destination: "backup.tar.gz" });
    expect(result).toEqual({ path: "/backup.tar.gz", skipped: ["/world/out", "/world/secret"] });
    const listing = execFileSync("tar", ["-tzf", path.join(root, "backup.tar.gz")], { encoding: "utf8" }).trim().split("\n").sort();
    expect(listing).toEqual(["world/", "world/level.dat", "world/region/", "world/region/r.0.0.mca"]);
    expect(execFileSync("tar", ["-xzOf", path.join(root, "backup.tar.gz"), "world/level.dat"], { encoding: "utf8" })).toBe("level");
    expect(execFileSync("tar", ["-tzf", path.join(root, "backup.tar.gz")], { encoding: "utf8" })).not.toContain("outside secret");

    // And it extracts here again (round trip).
    await decompressArchive(fs, { archive: "backup.tar.gz", destination: "restored" });
    expect(readFileSync(path.join(root, "restored/world/region/r.0.0.mca"))).toEqual(Buffer.alloc(70_000, 7));
    expect(lstatSync(path.join(root, "restored/world")).isDirectory()).toBe(true);
    expect(existsSync(path.join(root, "restored/world/secret"))).toBe(false);
  });

  it("a chosen link is skipped and paths outside are refused", async () => {
    writeFileSync(path.join(root, "a.txt"), "a");
    symlinkSync(path.join(outside, "secret.txt"), path.join(root, "link"));
    const fs = await ServerRoot.open(root);
    expect((await compressFiles(fs, { directory: "/", files: ["a.txt", "link"], destination: "x.tar.gz" })).skipped).toEqual(["/link"]);
    expect(await refusal(compressFiles(fs, { directory: "/", files: ["../outside/secret.txt"] }))).toBe("invalid_path");
    expect(await refusal(compressFiles(fs, { directory: "/", files: ["a.txt"], destination: "x.tar.gz" }))).toBe("exists");
  });

  it("stops at the quota and leaves no partial archive", async () => {
    // Random bytes do not compress, so the archive outgrows the free space.
    writeFileSync(path.join(root, "noise.bin"), execFileSync("head", ["-c", "200000", "/dev/urandom"]));
    const fs = await ServerRoot.open(root, { quotaBytes: 250_000 });
    expect(await refusal(compressFiles(fs, { directory: "/", files: ["noise.bin"], destination: "n.tar.gz" }))).toBe("quota_exceeded");
    expect(readdirSync(root)).toEqual(["noise.bin"]);
  });
});
