import { describe, expect, it } from "vitest";
import { editorLanguageOf } from "./editor-language";
import { EDITOR_MAX_BYTES, looksBinary, openVerdict, saveProblem, UPLOAD_MAX_BYTES, uploadProblem } from "./file-limits";
import { breadcrumbsOf, childPath, fileNameOf, isArchiveName, nameProblem, normalizeDir, parentOf } from "./file-paths";

describe("file paths", () => {
  it("normalises folders", () => {
    expect(normalizeDir("")).toBe("/");
    expect(normalizeDir("/")).toBe("/");
    expect(normalizeDir("plugins//config/")).toBe("/plugins/config");
  });

  it("builds child, parent and name", () => {
    expect(childPath("/", "a.txt")).toBe("/a.txt");
    expect(childPath("/plugins/", "a.txt")).toBe("/plugins/a.txt");
    expect(parentOf("/plugins/config")).toBe("/plugins");
    expect(parentOf("/plugins")).toBe("/");
    expect(parentOf("/")).toBe("/");
    expect(fileNameOf("/plugins/config/x.yml")).toBe("x.yml");
  });

  it("splits breadcrumbs from the root down", () => {
    expect(breadcrumbsOf("/")).toEqual([{ name: "Files", path: "/" }]);
    expect(breadcrumbsOf("/world/region/", "root")).toEqual([
      { name: "root", path: "/" },
      { name: "world", path: "/world" },
      { name: "region", path: "/world/region" },
    ]);
  });

  it("knows the archives the node extracts", () => {
    for (const name of ["a.zip", "A.ZIP", "b.tar", "c.tar.gz", "d.tgz"]) expect(isArchiveName(name)).toBe(true);
    for (const name of ["a.gz", "zip", "a.zip.txt", "a.rar"]) expect(isArchiveName(name)).toBe(false);
  });

  it("refuses names the path rule would", () => {
    expect(nameProblem("server.properties")).toBeNull();
    expect(nameProblem(" ")).toMatch(/Enter a name/);
    expect(nameProblem("a/b")).toMatch(/slash/);
    expect(nameProblem("a\\b")).toMatch(/backslash/);
    expect(nameProblem("..")).toMatch(/reserved/);
    expect(nameProblem("a\nb")).toMatch(/control/);
    expect(nameProblem("é".repeat(128))).toMatch(/255 bytes/);
  });
});

describe("editor language", () => {
  it("maps extensions to modes, case-insensitively", () => {
    expect(editorLanguageOf("server.properties")).toBe("properties");
    expect(editorLanguageOf("config.INI")).toBe("properties");
    expect(editorLanguageOf(".env")).toBe("properties");
    expect(editorLanguageOf("ops.json")).toBe("json");
    expect(editorLanguageOf("index.mjs")).toBe("javascript");
    expect(editorLanguageOf("bukkit.yml")).toBe("yaml");
    expect(editorLanguageOf("pyproject.toml")).toBe("toml");
    expect(editorLanguageOf("start.sh")).toBe("shell");
  });

  it("is plain text otherwise", () => {
    expect(editorLanguageOf("README")).toBeNull();
    expect(editorLanguageOf("eula.txt")).toBeNull();
    expect(editorLanguageOf("latest.log")).toBeNull();
  });
});

describe("limits", () => {
  it("opens text up to 1 MiB and offers the rest as a download", () => {
    expect(openVerdict({ name: "a.yml", size: EDITOR_MAX_BYTES })).toBe("edit");
    expect(openVerdict({ name: "a.yml", size: EDITOR_MAX_BYTES + 1 })).toBe("too_large");
    expect(openVerdict({ name: "server.jar", size: 10 })).toBe("binary");
    expect(openVerdict({ name: "level.DAT", size: 10 })).toBe("binary");
  });

  it("recognises binary content by NULs and replacement characters", () => {
    expect(looksBinary("motd=Hello\nmax-players=20\n")).toBe(false);
    expect(looksBinary("a\u0000b")).toBe(true);
    expect(looksBinary("caf\ufffd")).toBe(false);
    expect(looksBinary("\ufffd\ufffd\ufffdxx")).toBe(true);
  });

  it("refuses uploads over 4 MiB with a sentence naming the file", () => {
    expect(uploadProblem({ name: "a.zip", size: UPLOAD_MAX_BYTES })).toBeNull();
    expect(uploadProblem({ name: "world.zip", size: UPLOAD_MAX_BYTES + 1 })).toMatch(/^world\.zip is .* at most 4 MiB/);
  });

  it("refuses to save what a server action cannot carry", () => {
    expect(saveProblem("x".repeat(900 * 1024))).toBeNull();
    // Newlines double in JSON: 600 KiB of them is over the action's 1 MiB body.
    expect(saveProblem("\n".repeat(600 * 1024))).toMatch(/too large/);
  });
});
