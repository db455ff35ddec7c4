import { constants } from "node:fs";
import { describe, expect, it } from "vitest";
import { longname, modeString } from "./sftp-attrs";
import { realPath } from "./sftp-session";

describe("ls -l long names", () => {
  it("spells type and permission bits as ls does", () => {
    expect(modeString(constants.S_IFREG | 0o644)).toBe("-rw-r--r--");
    expect(modeString(constants.S_IFDIR | 0o755)).toBe("drwxr-xr-x");
    expect(modeString(constants.S_IFLNK | 0o777)).toBe("lrwxrwxrwx");
    expect(modeString(constants.S_IFREG | 0o4755)).toBe("-rwsr-xr-x");
    expect(modeString(constants.S_IFDIR | 0o1777)).toBe("drwxrwxrwt");
    expect(modeString(constants.S_IFREG | 0o2644)).toBe("-rw-r-Sr--");
  });

  it("shows the time within six months and the year before that, in UTC", () => {
    const now = Date.UTC(2026, 4, 20, 12, 0);
    const recent = { mode: constants.S_IFREG | 0o644, uid: 0, gid: 0, size: 1234, atime: 0, mtime: Date.UTC(2026, 4, 3, 9, 5) / 1000 };
    expect(longname("eula.txt", recent, "alice", now)).toBe("-rw-r--r--    1 alice    alice        1234 May  3 09:05 eula.txt");
    const old = { ...recent, mtime: Date.UTC(2024, 11, 25) / 1000 };
    expect(longname("old.log", old, "alice", now)).toBe("-rw-r--r--    1 alice    alice        1234 Dec 25  2024 old.log");
  });
});

describe("realPath", () => {
  it("normalises without leaving the root and without touching the disk", () => {
    expect(realPath("")).toBe("/");
    expect(realPath("..")).toBe("/");
    expect(realPath("/../../etc/passwd")).toBe("/etc/passwd");
    expect(realPath("a/./b/../c/")).toBe("/a/c");
    expect(() => realPath("/a\u0000b")).toThrow(/NUL/);
  });
});
