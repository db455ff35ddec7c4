import { execFileSync } from "node:child_process";
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync, lstatSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileError } from "./file-error";
import { ServerRoot } from "./server-root";

// Fixtures after Wings' filesystem tests (docs/game-servers.md#files): a sentinel outside the root and
// links inside that point at it, at a missing outside target, through a chain, and at an outside folder.
let base: string;
let root: string;
let outside: string;
const SENTINEL = "outside secret";

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "gfiles-"));
  root = path.join(base, "server");
  outside = path.join(base, "outside");
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(path.join(outside, "secret.txt"), SENTINEL);
  symlinkSync(path.join(outside, "secret.txt"), path.join(root, "file-link"));
  symlinkSync(path.join(outside, "missing.txt"), path.join(root, "dangling-link"));
  symlinkSync(path.join(root, "file-link"), path.join(root, "chain-link"));
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

describe("ServerRoot operations", () => {
  it("lists entries with type, size, octal mode and time, and never follows links", async () => {
    const fs = await ServerRoot.open(root);
    mkdirSync(path.join(root, "world"));
    const entries = await fs.list("/");
    expect(entries[0]).toMatchObject({ name: "world", type: "dir" });
    const props = entries.find((e) => e.name === "server.properties")!;
    expect(props).toMatchObject({ type: "file", size: 11, mode: "644" });
    expect(Date.parse(props.modifiedAt)).not.toBeNaN();
    expect(entries.find((e) => e.name === "dir-link")).toMatchObject({ type: "symlink" });
    expect(await refusal(fs.list("dir-link"))).toBe("outside_root");
  });

  it("reads, writes atomically (keeping the mode), creates parents, and caps read size", async () => {
    const fs = await ServerRoot.open(root);
    expect((await fs.read("/server.properties")).toString()).toBe("motd=hello\n");
    await fs.chmod("server.properties", "600");
    await fs.write("server.properties", "motd=changed\n");
    expect(readFileSync(path.join(root, "server.properties"), "utf8")).toBe("motd=changed\n");
    expect(statSync(path.join(root, "server.properties")).mode & 0o777).toBe(0o600);
    await fs.write("plugins/a/config.yml", "x: 1");
    expect(readFileSync(path.join(root, "plugins/a/config.yml"), "utf8")).toBe("x: 1");
    expect(await refusal(fs.read("server.properties", { maxBytes: 4 }))).toBe("too_large");
    expect(await refusal(fs.read("plugins"))).toBe("is_directory");
    expect(await refusal(fs.read("nope.txt"))).toBe("not_found");
    expect(readdirSync(root).filter((n) => n.startsWith(".rackfront-"))).toEqual([]);
  });

  it("mkdir, rename, copy, delete and chmod inside the root", async () => {
    const fs = await ServerRoot.open(root);
    await fs.mkdir("a/b/c");
    expect(statSync(path.join(root, "a/b/c")).isDirectory()).toBe(true);
    await fs.rename("server.properties", "a/server.properties");
    expect(existsSync(path.join(root, "a/server.properties"))).toBe(true);
    await fs.copy("a/server.properties", "a/b/copy.properties");
    expect(readFileSync(path.join(root, "a/b/copy.properties"), "utf8")).toBe("motd=hello\n");
    expect(await refusal(fs.copy("a/server.properties", "a/b/copy.properties"))).toBe("exists");
    expect(await refusal(fs.rename("a/b", "a/server.properties"))).toBe("exists");
    await fs.chmod("a/b/copy.properties", "4755");
    expect(statSync(path.join(root, "a/b/copy.properties")).mode & 0o7777).toBe(0o755);
    await fs.delete("a");
    expect(existsSync(path.join(root, "a"))).toBe(false);
  });

  it("refuses moving a folder into itself, and reading or chmodding a FIFO without hanging", async () => {
    const fs = await ServerRoot.open(root);
    await fs.mkdir("a/b");
    expect(await refusal(fs.rename("a", "a/b/a"))).toBe("invalid_path");
    execFileSync("mkfifo", [path.join(root, "pipe")]);
    expect(await refusal(fs.read("pipe"))).toBe("invalid_path");
    expect(await refusal(fs.write("pipe", "x"))).toBe("invalid_path");
    expect((await fs.list("/")).find((e) => e.name === "pipe")).toMatchObject({ type: "other" });
    expect(await refusal(fs.list("server.properties"))).toBe("not_directory");
  });

  it("cannot delete, rename or write the root", async () => {
    const fs = await ServerRoot.open(root);
    for (const p of ["/", "", ".", "//"]) {
      expect(await refusal(fs.delete(p))).toBe("invalid_path");
      expect(await refusal(fs.rename(p, "x"))).toBe("invalid_path");
      expect(await refusal(fs.write(p, "x"))).toBe("invalid_path");
    }
    expect(existsSync(root)).toBe(true);
  });
});

describe("path attacks", () => {
  const traversal = ["../x", "../../etc/passwd", "dir/../../x", "./../x", "..", "a/..", "a/b/../../../x"];
  const malformed = ["a\u0000.txt", "..\\..\\x", "a\\b", "a\r\nb", "x".repeat(256), "a/".repeat(70) + "x", "/".repeat(5000)];

  it("refuses .., NUL, backslashes, control bytes and over-long paths for every operation", async () => {
    const fs = await ServerRoot.open(root);
    for (const p of [...traversal, ...malformed]) {
      for (const op of [fs.read(p), fs.write(p, "x"), fs.mkdir(p), fs.delete(p), fs.chmod(p, "644"), fs.list(p), fs.rename(p, "ok"), fs.rename("server.properties", p), fs.copy("server.properties", p)]) {
        expect(await refusal(op), JSON.stringify(p)).toBe("invalid_path");
      }
    }
    outsideUntouched();
    expect(readdirSync(base).sort()).toEqual(["outside", "server"]);
  });

  it("treats encoded and look-alike names literally, inside the root", async () => {
    const fs = await ServerRoot.open(root);
    for (const name of ["%2e%2e", "%2e%2e%2fx", "%252e%252e%252f", "..%2f", "%c0%ae%c0%ae", "\uFF0E\uFF0E", "C:foo", "~", "...", "....", "file:"]) {
      await fs.write(name, "literal");
      expect(readFileSync(path.join(root, name), "utf8")).toBe("literal");
    }
    outsideUntouched();
  });

  it("treats an absolute path as relative to the server root", async () => {
    const fs = await ServerRoot.open(root);
    await fs.write(path.join(outside, "secret.txt"), "inside");
    expect(readFileSync(path.join(root, outside.slice(1), "secret.txt"), "utf8")).toBe("inside");
    await fs.write("//etc/passwd", "inside too");
    expect(readFileSync(path.join(root, "etc/passwd"), "utf8")).toBe("inside too");
    outsideUntouched();
  });
});

describe("symlinks (Wings' fixtures)", () => {
  const links = ["file-link", "dangling-link", "chain-link"];

  it("refuses reading, writing, copying and chmod through file, dangling and chained links", async () => {
    const fs = await ServerRoot.open(root);
    const before = lstatSync(path.join(outside, "secret.txt")).mode;
    for (const link of links) {
      expect(await refusal(fs.read(link))).toBe("outside_root");
      expect(await refusal(fs.write(link, "pwned"))).toBe("outside_root");
      expect(await refusal(fs.copy(link, "copy"))).toBe("outside_root");
      expect(await refusal(fs.chmod(link, "777"))).toBe("outside_root");
    }
    expect(lstatSync(path.join(outside, "secret.txt")).mode).toBe(before);
    outsideUntouched();
    expect(existsSync(path.join(root, "copy"))).toBe(false);
  });

  it("refuses a symlinked folder for read, write, mkdir, list, rename into, copy into and delete through", async () => {
    const fs = await ServerRoot.open(root);
    expect(await refusal(fs.read("dir-link/secret.txt"))).toBe("outside_root");
    expect(await refusal(fs.write("dir-link/new.txt", "x"))).toBe("outside_root");
    expect(await refusal(fs.write("dir-link/secret.txt", "x"))).toBe("outside_root");
    expect(await refusal(fs.mkdir("dir-link/a/b"))).toBe("outside_root");
    expect(await refusal(fs.list("dir-link"))).toBe("outside_root");
    expect(await refusal(fs.rename("server.properties", "dir-link/server.properties"))).toBe("outside_root");
    expect(await refusal(fs.rename("dir-link/secret.txt", "stolen.txt"))).toBe("outside_root");
    expect(await refusal(fs.copy("server.properties", "dir-link/copy"))).toBe("outside_root");
    expect(await refusal(fs.delete("dir-link/secret.txt"))).toBe("outside_root");
    expect(await refusal(fs.chmod("dir-link/secret.txt", "777"))).toBe("outside_root");
    outsideUntouched();
    expect(existsSync(path.join(root, "server.properties"))).toBe(true);
  });

  it("renaming a link itself is allowed and deleting a link removes only the link", async () => {
    const fs = await ServerRoot.open(root);
    await fs.rename("file-link", "renamed-link");
    expect(lstatSync(path.join(root, "renamed-link")).isSymbolicLink()).toBe(true);
    for (const link of ["renamed-link", "dangling-link", "chain-link", "dir-link"]) await fs.delete(link);
    expect(readdirSync(root)).toEqual(["server.properties"]);
    outsideUntouched();
  });

  it("a recursive delete unlinks links inside the tree and never follows them", async () => {
    const fs = await ServerRoot.open(root);
    mkdirSync(path.join(root, "world/deep"), { recursive: true });
    symlinkSync(outside, path.join(root, "world/deep/out"));
    symlinkSync(path.join(outside, "secret.txt"), path.join(root, "world/secret"));
    await fs.delete("world");
    expect(existsSync(path.join(root, "world"))).toBe(false);
    outsideUntouched();
  });

  it("a link to the root itself, to /proc and a link loop are refused", async () => {
    const fs = await ServerRoot.open(root);
    symlinkSync(root, path.join(root, "self"));
    symlinkSync("/proc/self/root/etc", path.join(root, "proc"));
    symlinkSync("loop-b", path.join(root, "loop-a"));
    symlinkSync("loop-a", path.join(root, "loop-b"));
    for (const p of ["self/server.properties", "proc/passwd", "loop-a", "loop-a/x"]) {
      expect(await refusal(fs.read(p))).toBe("outside_root");
      expect(await refusal(fs.write(p, "x"))).toBe("outside_root");
    }
  });

  it("the root given through a symlink is resolved once, at open", async () => {
    symlinkSync(root, path.join(base, "root-link"));
    const fs = await ServerRoot.open(path.join(base, "root-link"));
    expect(fs.realRoot).toBe(root);
    expect((await fs.read("server.properties")).toString()).toBe("motd=hello\n");
  });
});

describe("check-then-use races", () => {
  it("a file swapped for an outside link right before open is refused by O_NOFOLLOW", async () => {
    let armed = true;
    const fs = await ServerRoot.open(root, {
      beforeOpen: (segments) => {
        if (!armed || segments.join("/") !== "server.properties") return;
        armed = false;
        rmSync(path.join(root, "server.properties"));
        symlinkSync(path.join(outside, "secret.txt"), path.join(root, "server.properties"));
      },
    });
    expect(await refusal(fs.read("server.properties"))).toBe("outside_root");
    armed = true;
    expect(await refusal(fs.chmod("server.properties", "777"))).toBe("outside_root");
    outsideUntouched();
  });

  it("a folder swapped for an outside link between steps of the walk is refused, nothing written outside", async () => {
    mkdirSync(path.join(root, "world"));
    let armed = true;
    const fs = await ServerRoot.open(root, {
      beforeOpen: (segments) => {
        if (!armed || segments.join("/") !== "world") return;
        armed = false;
        renameSync(path.join(root, "world"), path.join(base, "old-world"));
        symlinkSync(outside, path.join(root, "world"));
      },
    });
    expect(await refusal(fs.write("world/secret.txt", "pwned"))).toBe("outside_root");
    armed = true;
    rmSync(path.join(root, "world"));
    mkdirSync(path.join(root, "world"));
    expect(await refusal(fs.mkdir("world/sub"))).toBe("outside_root");
    outsideUntouched();
  });

  it("a parent moved out after it was opened is caught by the /proc fd check before anything is written", async () => {
    mkdirSync(path.join(root, "world"));
    const fs = await ServerRoot.open(root, {
      beforeOpen: (segments) => {
        // Fires before the temp file is created, after "world" was opened and verified.
        if (segments.join("/") !== "world/level.dat" || existsSync(path.join(base, "moved"))) return;
        renameSync(path.join(root, "world"), path.join(base, "moved"));
        symlinkSync(outside, path.join(root, "world"));
      },
    });
    // The opened directory now sits outside the root: its /proc path fails the containment check.
    expect(await refusal(fs.write("world/level.dat", "data"))).toBe("outside_root");
    outsideUntouched();
  });

  it("racing a directory/symlink flip in a loop never reads or writes outside", async () => {
    mkdirSync(path.join(root, "flip"));
    writeFileSync(path.join(root, "flip/secret.txt"), "inside");
    const fs = await ServerRoot.open(root);
    let stop = false;
    const flipper = (async () => {
      const real = path.join(base, "flip-real");
      while (!stop) {
        renameSync(path.join(root, "flip"), real);
        symlinkSync(outside, path.join(root, "flip"));
        await new Promise((r) => setImmediate(r));
        rmSync(path.join(root, "flip"));
        renameSync(real, path.join(root, "flip"));
        await new Promise((r) => setImmediate(r));
      }
    })();
    try {
      for (let i = 0; i < 200; i++) {
        const read = await fs.read("flip/secret.txt").catch((e: FileError) => e.code);
        expect(["inside", "outside_root", "not_found", "not_directory"]).toContain(typeof read === "string" ? read : read.toString());
        await fs.write("flip/secret.txt", "inside", { createParents: false }).catch(() => {});
      }
    } finally {
      stop = true;
      await flipper;
    }
    outsideUntouched();
  });
});

describe("hard links and quota", () => {
  it("refuses to read, write or chmod a file with other hard links", async () => {
    linkSync(path.join(outside, "secret.txt"), path.join(root, "hard"));
    const fs = await ServerRoot.open(root);
    expect(await refusal(fs.write("hard", "pwned"))).toBe("outside_root");
    expect(await refusal(fs.read("hard"))).toBe("outside_root");
    expect(await refusal(fs.chmod("hard", "777"))).toBe("outside_root");
    outsideUntouched();
  });

  it("enforces the quota on write and copy, leaving nothing behind", async () => {
    const used = await (await ServerRoot.open(root)).diskUsage();
    expect(used).toBeGreaterThan(11);
    const quota = used + 100;
    const fs = await ServerRoot.open(root, { quotaBytes: quota });
    await fs.write("a.txt", "x".repeat(100));
    expect(await refusal(fs.write("b.txt", "y"))).toBe("quota_exceeded");
    expect(await refusal(fs.write("new/dir/b.txt", "y"))).toBe("quota_exceeded");
    expect(await refusal(fs.copy("a.txt", "c.txt"))).toBe("quota_exceeded");
    expect(existsSync(path.join(root, "b.txt")) || existsSync(path.join(root, "c.txt")) || existsSync(path.join(root, "new"))).toBe(false);
    // Replacing a file counts only the difference.
    await fs.write("a.txt", "z".repeat(100));
    // Queued one after the other: the shrink frees 99 bytes, so exactly one of the two 90-byte writes fits.
    const parallel = await Promise.allSettled([fs.write("a.txt", "q"), fs.write("d.txt", "w".repeat(90)), fs.write("e.txt", "v".repeat(90))]);
    expect(parallel.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect(await fs.diskUsage()).toBeLessThanOrEqual(quota);
  });
});
