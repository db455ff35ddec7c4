import { describe, expect, it } from "vitest";
import { LineRing, LineSplitter } from "./line-ring";

describe("LineRing", () => {
  it("keeps the last 500 lines, oldest first", () => {
    const ring = new LineRing();
    for (let i = 0; i < 1234; i++) ring.push(`line ${i}`);
    expect(ring.size).toBe(500);
    const lines = ring.lines();
    expect(lines).toHaveLength(500);
    expect(lines[0]).toBe("line 734");
    expect(lines[499]).toBe("line 1233");
    expect(ring.lines(3)).toEqual(["line 1231", "line 1232", "line 1233"]);
  });

  it("works before it is full", () => {
    const ring = new LineRing(4);
    expect(ring.lines()).toEqual([]);
    ring.push("a");
    ring.push("b");
    expect(ring.lines()).toEqual(["a", "b"]);
    ring.push("c");
    ring.push("d");
    ring.push("e");
    expect(ring.lines()).toEqual(["b", "c", "d", "e"]);
    ring.clear();
    expect(ring.lines()).toEqual([]);
  });
});

describe("LineSplitter", () => {
  it("holds partial lines until the newline", () => {
    const s = new LineSplitter();
    expect(s.push("hel")).toEqual([]);
    expect(s.push("lo\nwor")).toEqual(["hello"]);
    expect(s.push("ld\n\nnext")).toEqual(["world", ""]);
    expect(s.flush()).toBe("next");
    expect(s.flush()).toBeNull();
  });

  it("drops the CR of CRLF, also when CR and LF arrive apart", () => {
    const s = new LineSplitter();
    expect(s.push("one\r\ntwo\r")).toEqual(["one"]);
    expect(s.push("\n")).toEqual(["two"]);
  });

  it("decodes a UTF-8 character split across chunks", () => {
    const s = new LineSplitter();
    const bytes = Buffer.from("héllo ✓\n", "utf8");
    const lines = [...s.push(bytes.subarray(0, 2)), ...s.push(bytes.subarray(2, 8)), ...s.push(bytes.subarray(8))];
    expect(lines).toEqual(["héllo ✓"]);
  });

  it("cuts very long lines at 4 KiB and keeps going after the newline", () => {
    const s = new LineSplitter();
    const long = "x".repeat(10_000);
    expect(s.push(long.slice(0, 3000))).toEqual([]);
    const [cut, after] = s.push(long.slice(3000) + "\nafter\n");
    expect(cut).toBe("x".repeat(4096));
    expect(after).toBe("after");
  });

  it("never cuts inside a character", () => {
    const s = new LineSplitter(10);
    const [line] = s.push("abcdefghi✓tail\n"); // ✓ is 3 bytes at offsets 9..11
    expect(line).toBe("abcdefghi");
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(10);
  });

  it("does not copy the caller's buffer by reference", () => {
    const s = new LineSplitter();
    const chunk = Buffer.from("abc");
    s.push(chunk);
    chunk.write("zzz");
    expect(s.push("\n")).toEqual(["abc"]);
  });
});
