/** An RFB pixel format (RFC 6143 7.4): how the client wants each pixel's bytes. */
export interface PixelFormat {
  bitsPerPixel: number;
  depth: number;
  bigEndian: boolean;
  trueColour: boolean;
  redMax: number;
  greenMax: number;
  blueMax: number;
  redShift: number;
  greenShift: number;
  blueShift: number;
}

/** What ServerInit announces: 32-bit little-endian true colour, 8 bits a channel (noVNC's own choice too). */
export const DEFAULT_PIXEL_FORMAT: PixelFormat = {
  bitsPerPixel: 32,
  depth: 24,
  bigEndian: false,
  trueColour: true,
  redMax: 255,
  greenMax: 255,
  blueMax: 255,
  redShift: 16,
  greenShift: 8,
  blueShift: 0,
};

export const PIXEL_FORMAT_LENGTH = 16;

export function readPixelFormat(buffer: Uint8Array, offset: number): PixelFormat {
  const view = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return {
    bitsPerPixel: view[offset]!,
    depth: view[offset + 1]!,
    bigEndian: view[offset + 2] !== 0,
    trueColour: view[offset + 3] !== 0,
    redMax: view.readUInt16BE(offset + 4),
    greenMax: view.readUInt16BE(offset + 6),
    blueMax: view.readUInt16BE(offset + 8),
    redShift: view[offset + 10]!,
    greenShift: view[offset + 11]!,
    blueShift: view[offset + 12]!,
  };
}

export function writePixelFormat(format: PixelFormat): Buffer {
  const out = Buffer.alloc(PIXEL_FORMAT_LENGTH);
  out[0] = format.bitsPerPixel;
  out[1] = format.depth;
  out[2] = format.bigEndian ? 1 : 0;
  out[3] = format.trueColour ? 1 : 0;
  out.writeUInt16BE(format.redMax, 4);
  out.writeUInt16BE(format.greenMax, 6);
  out.writeUInt16BE(format.blueMax, 8);
  out[10] = format.redShift;
  out[11] = format.greenShift;
  out[12] = format.blueShift;
  return out;
}

/** Why the server cannot draw in this format, or null when it can. */
export function unsupportedPixelFormat(format: PixelFormat): string | null {
  if (![8, 16, 32].includes(format.bitsPerPixel)) return `bits-per-pixel ${format.bitsPerPixel} is not 8, 16 or 32`;
  if (!format.trueColour) return null; // colour-map mode: the pixel is a palette index (see encodePixel)
  for (const [max, shift] of [
    [format.redMax, format.redShift],
    [format.greenMax, format.greenShift],
    [format.blueMax, format.blueShift],
  ] as const) {
    if (max === 0 || shift >= format.bitsPerPixel) return "a colour channel has no bits";
  }
  return null;
}

/** The pixel's value: the scaled channels at their shifts, or, in colour-map mode, the palette index. */
export function pixelValue(format: PixelFormat, rgb: readonly [number, number, number], paletteIndex: number): number {
  if (!format.trueColour) return paletteIndex;
  const scale = (value: number, max: number) => Math.round((value * max) / 255);
  return (
    ((scale(rgb[0], format.redMax) << format.redShift) |
      (scale(rgb[1], format.greenMax) << format.greenShift) |
      (scale(rgb[2], format.blueMax) << format.blueShift)) >>>
    0
  );
}

/** The pixel's bytes on the wire (bitsPerPixel / 8 of them, in the client's byte order). */
export function encodePixel(format: PixelFormat, value: number): Buffer {
  const bytes = format.bitsPerPixel / 8;
  const out = Buffer.alloc(bytes);
  if (bytes === 1) out[0] = value & 0xff;
  else if (bytes === 2 && format.bigEndian) out.writeUInt16BE(value & 0xffff);
  else if (bytes === 2) out.writeUInt16LE(value & 0xffff);
  else if (format.bigEndian) out.writeUInt32BE(value >>> 0);
  else out.writeUInt32LE(value >>> 0);
  return out;
}
