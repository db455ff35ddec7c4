import type { TextScreen } from "../text-screen";
import { CELL_HEIGHT, CELL_WIDTH, glyphBitmap } from "./cell-font";

/** A rectangle in framebuffer pixels. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The 16 palette colours already encoded in the client's pixel format (each bytesPerPixel long). */
export interface EncodedPalette {
  bytesPerPixel: number;
  colours: readonly Uint8Array[];
}

export function framebufferWidth(screen: TextScreen): number {
  return screen.cols * CELL_WIDTH;
}

export function framebufferHeight(screen: TextScreen): number {
  return screen.rows * CELL_HEIGHT;
}

/**
 * Draws an area of the screen's framebuffer as Raw pixel data (row by row, left to right) in the
 * client's format. The cursor is a block: its cell is drawn with foreground and background swapped.
 */
export function renderArea(screen: TextScreen, area: Area, palette: EncodedPalette): Buffer {
  const bpp = palette.bytesPerPixel;
  const out = Buffer.allocUnsafe(area.width * area.height * bpp);
  const cursorRow = screen.cursorRow;
  const cursorCol = Math.min(screen.cursorCol, screen.cols - 1);
  let offset = 0;
  for (let y = area.y; y < area.y + area.height; y++) {
    const row = Math.floor(y / CELL_HEIGHT);
    const cells = screen.row(row);
    const glyphY = y % CELL_HEIGHT;
    let x = area.x;
    const end = area.x + area.width;
    while (x < end) {
      const col = Math.floor(x / CELL_WIDTH);
      const cell = cells[col]!;
      const mask = glyphBitmap(cell.char)[glyphY]!;
      const inverse = row === cursorRow && col === cursorCol;
      const ink = palette.colours[inverse ? cell.bg : cell.fg]!;
      const paper = palette.colours[inverse ? cell.fg : cell.bg]!;
      const cellEnd = Math.min(end, (col + 1) * CELL_WIDTH);
      for (; x < cellEnd; x++) {
        const colour = mask & (0x80 >> (x % CELL_WIDTH)) ? ink : paper;
        for (let b = 0; b < bpp; b++) out[offset++] = colour[b]!;
      }
    }
  }
  return out;
}
