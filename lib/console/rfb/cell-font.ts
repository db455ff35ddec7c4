import { GLYPHS_5X8 } from "./glyphs-5x8";

/** One text cell in framebuffer pixels: 80x25 cells make a 640x400 screen, as VGA text mode does. */
export const CELL_WIDTH = 8;
export const CELL_HEIGHT = 16;

/**
 * Each glyph as CELL_HEIGHT row masks (bit 7 = leftmost pixel). The 5x8 design is placed one pixel
 * from the left; rows 0-6 are drawn two pixels tall from y = 1, so a blank line stays between text
 * rows, and the descender row 7 takes the cell's last pixel row.
 */
const BITMAPS = new Map<string, Uint8Array>();
for (const [char, design] of Object.entries(GLYPHS_5X8)) {
  const rows = design.split(" ");
  const bitmap = new Uint8Array(CELL_HEIGHT);
  rows.forEach((row, r) => {
    let mask = 0;
    for (let c = 0; c < 5; c++) if (row[c] === "#") mask |= 0x80 >> (c + 1);
    const ys = r < 7 ? [1 + 2 * r, 2 + 2 * r] : [15];
    for (const y of ys) bitmap[y] = mask;
  });
  BITMAPS.set(char, bitmap);
}

const REPLACEMENT = BITMAPS.get("?")!;

/** The glyph's row masks; characters outside printable ASCII draw as "?". */
export function glyphBitmap(char: string): Uint8Array {
  return BITMAPS.get(char) ?? REPLACEMENT;
}

/** Every character the font draws (printable ASCII), for tests and text recognition. */
export function fontCharacters(): string[] {
  return [...BITMAPS.keys()];
}
