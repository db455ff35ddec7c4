import { CELL_HEIGHT, CELL_WIDTH, fontCharacters, glyphBitmap } from "../cell-font";

/**
 * Reads text back from framebuffer pixels (RGBA, as a canvas or RfbTestClient holds them) drawn with
 * the console font: in each 8x16 cell the most common colour is the paper, the other pixels the ink,
 * and the ink's shape must equal one glyph exactly ("?" when it matches none; a cursor cell, drawn
 * inverted, reads the same). Lines are returned with trailing spaces removed.
 */
export function readScreenText(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): string[] {
  const byShape = new Map<string, string>();
  for (const ch of fontCharacters()) byShape.set(Buffer.from(glyphBitmap(ch)).toString("hex"), ch);
  const cols = Math.floor(width / CELL_WIDTH);
  const rows = Math.floor(height / CELL_HEIGHT);
  const lines: string[] = [];
  for (let row = 0; row < rows; row++) {
    let line = "";
    for (let col = 0; col < cols; col++) {
      const colourAt = (x: number, y: number) => {
        const i = ((row * CELL_HEIGHT + y) * width + col * CELL_WIDTH + x) * 4;
        return (rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!;
      };
      const counts = new Map<number, number>();
      for (let y = 0; y < CELL_HEIGHT; y++) {
        for (let x = 0; x < CELL_WIDTH; x++) counts.set(colourAt(x, y), (counts.get(colourAt(x, y)) ?? 0) + 1);
      }
      const paper = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
      const shape = Buffer.alloc(CELL_HEIGHT);
      for (let y = 0; y < CELL_HEIGHT; y++) {
        for (let x = 0; x < CELL_WIDTH; x++) if (colourAt(x, y) !== paper) shape[y]! |= 0x80 >> x;
      }
      line += byShape.get(shape.toString("hex")) ?? "?";
    }
    lines.push(line.replace(/\s+$/, ""));
  }
  return lines;
}
