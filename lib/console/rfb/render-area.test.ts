import { describe, expect, it } from "vitest";
import { TextScreen } from "../text-screen";
import { DEFAULT_PIXEL_FORMAT, encodePixel, type PixelFormat, pixelValue } from "./pixel-format";
import { type Area, type EncodedPalette, renderArea } from "./render-area";
import { VGA_PALETTE } from "./vga-palette";

function palette(format: PixelFormat): EncodedPalette {
  return {
    bytesPerPixel: format.bitsPerPixel / 8,
    colours: VGA_PALETTE.map((rgb, i) => encodePixel(format, pixelValue(format, rgb, i))),
  };
}

/** The area cut out of a full-frame render, pixel line by pixel line. */
function crop(full: Buffer, area: Area, bpp: number): Buffer {
  const lines: Buffer[] = [];
  for (let y = area.y; y < area.y + area.height; y++) {
    lines.push(full.subarray((y * 640 + area.x) * bpp, (y * 640 + area.x + area.width) * bpp));
  }
  return Buffer.concat(lines);
}

describe("renderArea", () => {
  const screen = new TextScreen();
  screen.write("\x1b[2J\x1b[H\x1b[31mred\x1b[0m plain \x1b[1;44mbold on blue\x1b[0m\r\n");
  for (let i = 0; i < 30; i++) screen.write(`\x1b[3${i % 8}m line ${i} ${"#".repeat(i)}\r\n`);
  screen.write("\x1b[0mprompt$ ");

  it.each([32, 16, 8])("draws any area exactly as the same pixels of the whole frame (%i bits)", (bits) => {
    const format = bits === 32 ? DEFAULT_PIXEL_FORMAT : { ...DEFAULT_PIXEL_FORMAT, bitsPerPixel: bits, redMax: 7, greenMax: 7, blueMax: 3, redShift: 0, greenShift: 3, blueShift: 6 };
    const encoded = palette(format);
    const full = renderArea(screen, { x: 0, y: 0, width: 640, height: 400 }, encoded);
    expect(full.length).toBe(640 * 400 * (bits / 8));
    const areas: Area[] = [
      { x: 0, y: 0, width: 1, height: 1 },
      { x: 3, y: 5, width: 1, height: 1 },
      { x: 7, y: 15, width: 2, height: 2 },
      { x: 13, y: 21, width: 101, height: 37 },
      { x: 632, y: 384, width: 8, height: 16 },
      { x: 0, y: 48, width: 640, height: 16 },
    ];
    for (let i = 0; i < 20; i++) {
      const x = (i * 97) % 600;
      const y = (i * 53) % 380;
      areas.push({ x, y, width: 1 + ((i * 31) % (640 - x)), height: 1 + ((i * 17) % (400 - y)) });
    }
    // Buffer.equals, not toEqual: a deep equality over ~1 MB of bytes takes seconds per area.
    for (const area of areas) expect(renderArea(screen, area, encoded).equals(crop(full, area, bits / 8)), JSON.stringify(area)).toBe(true);
  });

  it("draws the cursor as an inverted cell", () => {
    const encoded = palette(DEFAULT_PIXEL_FORMAT);
    const full = renderArea(screen, { x: 0, y: 0, width: 640, height: 400 }, encoded);
    const at = (x: number, y: number) => full.readUInt32LE((y * 640 + x) * 4);
    // "prompt$ " leaves the cursor in column 8 of the last row: a grey block on black.
    const top = screen.cursorRow * 16;
    expect(screen.cursorCol).toBe(8);
    expect(at(8 * 8 + 4, top + 8)).toBe(0xaaaaaa);
    expect(at(9 * 8 + 4, top + 8)).toBe(0);
  });
});
