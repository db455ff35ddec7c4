import { describe, expect, it } from "vitest";
import { KeysymInput } from "./keysym-input";

const CONTROL_L = 0xffe3;
const CONTROL_R = 0xffe4;

describe("KeysymInput", () => {
  it("types Latin-1 keysyms as their characters on press only", () => {
    const keys = new KeysymInput();
    expect(keys.key(0x61, true)).toBe("a");
    expect(keys.key(0x61, false)).toBe("");
    expect(keys.key(0x41, true)).toBe("A");
    expect(keys.key(0x7e, true)).toBe("~");
    expect(keys.key(0xe9, true)).toBe("é");
    expect(keys.key(0x010020ac, true)).toBe("€");
  });

  it("sends what a terminal sends for Return, BackSpace, Tab, Escape, arrows and the keypad", () => {
    const keys = new KeysymInput();
    expect([0xff0d, 0xff8d, 0xff08, 0xff09, 0xff1b, 0xff52, 0xffb7, 0xffab].map((k) => keys.key(k, true))).toEqual(["\r", "\r", "\x7f", "\t", "\x1b", "\x1b[A", "7", "+"]);
    // Shift and other modifiers type nothing themselves.
    expect(keys.key(0xffe1, true)).toBe("");
    expect(keys.key(0xffe9, true)).toBe("");
  });

  it("turns letters into control characters while either Control key is down", () => {
    const keys = new KeysymInput();
    keys.key(CONTROL_L, true);
    expect(keys.key(0x63, true)).toBe("\x03");
    expect(keys.key(0x43, true)).toBe("\x03");
    expect(keys.key(0x5b, true)).toBe("\x1b");
    keys.key(CONTROL_R, true);
    keys.key(CONTROL_L, false);
    expect(keys.key(0x64, true)).toBe("\x04");
    keys.key(CONTROL_R, false);
    expect(keys.key(0x63, true)).toBe("c");
  });
});
