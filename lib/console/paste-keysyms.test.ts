import { describe, expect, it } from "vitest";
import { KEYSYM_RETURN, KEYSYM_TAB, keysymOf, pasteKeysyms } from "./paste-keysyms";

describe("keysymOf", () => {
  it("uses the Latin-1 code point as the keysym for printable characters", () => {
    expect(keysymOf("a")).toBe(0x61);
    expect(keysymOf("A")).toBe(0x41);
    expect(keysymOf(" ")).toBe(0x20);
    expect(keysymOf("~")).toBe(0x7e);
    expect(keysymOf("\u00a0")).toBe(0xa0);
    expect(keysymOf("é")).toBe(0xe9);
    expect(keysymOf("ÿ")).toBe(0xff);
  });

  it("presses Return for line ends and Tab for tabs", () => {
    expect(keysymOf("\n")).toBe(0xff0d);
    expect(keysymOf("\r")).toBe(KEYSYM_RETURN);
    expect(keysymOf("\t")).toBe(KEYSYM_TAB);
  });

  it("drops other C0 and C1 control characters and DEL", () => {
    for (const cp of [0x00, 0x03, 0x08, 0x1b, 0x1f, 0x7f, 0x80, 0x9f]) expect(keysymOf(String.fromCodePoint(cp))).toBeNull();
  });

  it("maps characters beyond Latin-1 to Unicode keysyms, astral ones included", () => {
    expect(keysymOf("€")).toBe(0x0100_20ac);
    expect(keysymOf("ž")).toBe(0x0100_017e);
    expect(keysymOf("😀")).toBe(0x0101_f600);
  });
});

describe("pasteKeysyms", () => {
  it("types a command line by line", () => {
    expect(pasteKeysyms("ls -l\nuptime\n")).toEqual([..."ls -l"].map((c) => c.charCodeAt(0)).concat(KEYSYM_RETURN, ..."uptime".split("").map((c) => c.charCodeAt(0)), KEYSYM_RETURN));
  });

  it("presses Return once for \\r\\n and once for a lone \\r", () => {
    expect(pasteKeysyms("a\r\nb\rc")).toEqual([0x61, KEYSYM_RETURN, 0x62, KEYSYM_RETURN, 0x63]);
  });

  it("walks code points, not UTF-16 units, and skips what cannot be typed", () => {
    expect(pasteKeysyms("x😀\x1by")).toEqual([0x78, 0x0101_f600, 0x79]);
    expect(pasteKeysyms("")).toEqual([]);
  });
});
