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
  // Pixels are copied whole, as 8-, 16- or 32-bit words (same-endian copies keep the byte order).
  const memory = new ArrayBuffer(area.width * area.height * bpp);
  const out = pixelWords(memory, bpp);
  const cursorRow = screen.cursorRow;
  const cursorCol = Math.min(screen.cursorCol, screen.cols - 1);
  const lineWords = area.width;
  const firstRow = Math.floor(area.y / CELL_HEIGHT);
  const lastRow = Math.floor((area.y + area.height - 1) / CELL_HEIGHT);
  const firstCol = Math.floor(area.x / CELL_WIDTH);
  const lastCol = Math.floor((area.x + area.width - 1) / CELL_WIDTH);
  for (let row = firstRow; row <= lastRow; row++) {
    const cells = screen.row(row);
    const top = Math.max(area.y, row * CELL_HEIGHT);
    const bottom = Math.min(area.y + area.height, (row + 1) * CELL_HEIGHT);
    for (let col = firstCol; col <= lastCol; col++) {
      const cell = cells[col]!;
      const inverse = row === cursorRow && col === cursorCol;
      const image = cellImage(palette, cell.char, inverse ? cell.bg : cell.fg, inverse ? cell.fg : cell.bg);
      const left = Math.max(area.x, col * CELL_WIDTH);
      const right = Math.min(area.x + area.width, (col + 1) * CELL_WIDTH);
      const from = left - col * CELL_WIDTH;
      const to = right - col * CELL_WIDTH;
      let offset = (top - area.y) * lineWords + (left - area.x);
      for (let y = top; y < bottom; y++, offset += lineWords) {
        // A plain loop: for 8 pixels it beats TypedArray.set's per-call cost several times over.
        const line = (y - row * CELL_HEIGHT) * CELL_WIDTH;
        for (let i = from; i < to; i++) out[offset + i - from] = image[line + i]!;
      }
    }
  }
  return Buffer.from(memory);
}

function pixelWords(memory: ArrayBuffer, bytesPerPixel: number): Uint8Array | Uint16Array | Uint32Array {
  if (bytesPerPixel === 4) return new Uint32Array(memory);
  if (bytesPerPixel === 2) return new Uint16Array(memory);
  return new Uint8Array(memory);
}

/**
 * A whole cell (CELL_HEIGHT lines of CELL_WIDTH pixels) in the palette's encoding, cached per palette:
 * a screen uses few colour pairs, so whole frames become block copies. The cache is dropped when it
 * grows past a bound (a screen using every colour pair).
 */
const CELL_IMAGES = new WeakMap<EncodedPalette, Map<string, Uint8Array | Uint16Array | Uint32Array>>();
const CELL_IMAGE_LIMIT = 2048;

function cellImage(palette: EncodedPalette, char: string, ink: number, paper: number): Uint8Array | Uint16Array | Uint32Array {
  let cache = CELL_IMAGES.get(palette);
  if (!cache) CELL_IMAGES.set(palette, (cache = new Map()));
  const key = `${ink},${paper},${char}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const bpp = palette.bytesPerPixel;
  const glyph = glyphBitmap(char);
  const memory = new ArrayBuffer(CELL_WIDTH * CELL_HEIGHT * bpp);
  const bytes = new Uint8Array(memory);
  let offset = 0;
  for (let y = 0; y < CELL_HEIGHT; y++) {
    for (let x = 0; x < CELL_WIDTH; x++, offset += bpp) bytes.set(glyph[y]! & (0x80 >> x) ? palette.colours[ink]! : palette.colours[paper]!, offset);
  }
  const image = pixelWords(memory, bpp);
  if (cache.size >= CELL_IMAGE_LIMIT) cache.clear();
  cache.set(key, image);
  return image;
}
