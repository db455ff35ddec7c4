import { describe, expect, it } from "vitest";
import { TextScreen } from "../text-screen";
import { CELL_HEIGHT, CELL_WIDTH, fontCharacters, glyphBitmap } from "./cell-font";
import { GLYPHS_5X8 } from "./glyphs-5x8";
import { VGA_PALETTE } from "./vga-palette";
import { renderArea } from "./render-area";
import { readScreenText } from "./testing/read-screen-text";

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));

describe("the console font", () => {
  it("draws every printable ASCII character, each with a well-formed 5x8 design", () => {
    expect(fontCharacters().sort()).toEqual([...PRINTABLE].sort());
    for (const design of Object.values(GLYPHS_5X8)) expect(design).toMatch(/^([.#]{5} ){7}[.#]{5}$/);
  });

  it("gives every character its own shape, and only the space is blank", () => {
    const shapes = new Set(PRINTABLE.map((ch) => Buffer.from(glyphBitmap(ch)).toString("hex")));
    expect(shapes.size).toBe(95);
    for (const ch of PRINTABLE.slice(1)) expect(glyphBitmap(ch).some((row) => row !== 0)).toBe(true);
    expect(glyphBitmap(" ").every((row) => row === 0)).toBe(true);
  });

  it("keeps the top pixel row blank, so text rows never touch", () => {
    for (const ch of PRINTABLE) expect(glyphBitmap(ch)[0]).toBe(0);
    expect(glyphBitmap("é")).toEqual(glyphBitmap("?"));
  });

  it("renders every character so that it reads back (RGBA round trip)", () => {
    const screen = new TextScreen();
    screen.write(PRINTABLE.join("").slice(0, 80) + "\r\n\x1b[33;44m" + PRINTABLE.join("").slice(80));
    const width = screen.cols * CELL_WIDTH;
    const height = screen.rows * CELL_HEIGHT;
    const rgba = renderArea(screen, { x: 0, y: 0, width, height }, {
      bytesPerPixel: 4,
      colours: VGA_PALETTE.map(([r, g, b]) => Uint8Array.from([r, g, b, 255])),
    });
    const lines = readScreenText(rgba, width, height);
    expect(lines[0]).toBe(PRINTABLE.join("").slice(0, 80).trimEnd());
    expect(lines[1]).toBe(PRINTABLE.join("").slice(80));
  });
});
