import path from "node:path";
import { describe, expect, it } from "vitest";
import { FileError } from "./file-error";
import { isInside } from "./server-root";
import { parseArchiveEntryName, parseUserPath } from "./user-path";

function codeOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof FileError ? error.code : "thrown";
  }
}

describe("parseUserPath", () => {
  it("splits, drops . and empty segments, and reads a leading / as the server root", () => {
    expect(parseUserPath("/")).toEqual([]);
    expect(parseUserPath("")).toEqual([]);
    expect(parseUserPath("./a//b/./c/")).toEqual(["a", "b", "c"]);
    expect(parseUserPath("/etc/passwd")).toEqual(["etc", "passwd"]);
  });

  it("never decodes: encoded traversal stays a literal name", () => {
    expect(parseUserPath("%2e%2e/%2e%2e%2fx")).toEqual(["%2e%2e", "%2e%2e%2fx"]);
    expect(parseUserPath("%252e%252e%252f")).toEqual(["%252e%252e%252f"]);
    expect(parseUserPath("\uFF0E\uFF0E\uFF0F")).toEqual(["\uFF0E\uFF0E\uFF0F"]);
    expect(parseUserPath("...")).toEqual(["..."]);
  });

  it("refuses .., NUL, backslashes, control bytes, long names, long and deep paths, non-strings", () => {
    for (const bad of ["..", "../x", "a/../b", "a/..", "a\u0000b", "..\\x", "a\\b", "a\rb", "a\nb", "a\u007fb", "x".repeat(256), "a/".repeat(65), "a".repeat(4097)]) {
      expect(codeOf(() => parseUserPath(bad)), JSON.stringify(bad)).toBe("invalid_path");
    }
    expect(codeOf(() => parseUserPath(undefined))).toBe("invalid_path");
    expect(codeOf(() => parseUserPath(["a"]))).toBe("invalid_path");
  });

  it("every accepted path stays inside the root when joined (exhaustive over short hostile alphabets)", () => {
    const atoms = ["..", ".", "a", "%2e%2e", "\\", "/", "\u0000", "\uFF0E", "~", ""];
    const rootDir = "/srv/root";
    const walk = (prefix: string, depth: number) => {
      if (depth === 0) return;
      for (const atom of atoms) {
        const candidate = prefix + atom;
        let segments: string[] | null = null;
        try {
          segments = parseUserPath(candidate);
        } catch (error) {
          expect(error).toBeInstanceOf(FileError);
        }
        if (segments) expect(isInside(rootDir, path.resolve(rootDir, ...segments)), JSON.stringify(candidate)).toBe(true);
        walk(candidate + "/", depth - 1);
        walk(candidate, depth - 1);
      }
    };
    walk("", 3);
  });
});

describe("parseArchiveEntryName", () => {
  it("refuses absolute, drive and traversal names that a user path would accept or repair", () => {
    for (const bad of ["/moo", "//moo", "C:x", "c:/x", "../moo", "tmp/../../moo", "a\\b", "", "./", "a\u0000"]) {
      expect(codeOf(() => parseArchiveEntryName(bad)), JSON.stringify(bad)).toBe("archive_refused");
    }
    expect(parseArchiveEntryName("./world/level.dat")).toEqual(["world", "level.dat"]);
  });
});

describe("isInside", () => {
  it("does not fall for the string-prefix trap", () => {
    expect(isInside("/srv/root", "/srv/root")).toBe(true);
    expect(isInside("/srv/root", "/srv/root/a/b")).toBe(true);
    expect(isInside("/srv/root", "/srv/root/..a")).toBe(true);
    expect(isInside("/srv/root", "/srv/root2/x")).toBe(false);
    expect(isInside("/srv/root", "/srv")).toBe(false);
    expect(isInside("/srv/root", "/etc/passwd")).toBe(false);
  });
});
