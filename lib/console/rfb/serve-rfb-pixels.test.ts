import { describe, expect, it } from "vitest";
import { TextScreen } from "../text-screen";
import { DEFAULT_PIXEL_FORMAT, type PixelFormat } from "./pixel-format";
import { rfbPair } from "./testing/rfb-pair";
import { readScreenText } from "./testing/read-screen-text";
import { RfbTestClient, updateRequest } from "./testing/rfb-test-client";

const RGB565: PixelFormat = {
  bitsPerPixel: 16,
  depth: 16,
  bigEndian: false,
  trueColour: true,
  redMax: 31,
  greenMax: 63,
  blueMax: 31,
  redShift: 11,
  greenShift: 5,
  blueShift: 0,
};
const BGR233: PixelFormat = {
  bitsPerPixel: 8,
  depth: 8,
  bigEndian: false,
  trueColour: true,
  redMax: 7,
  greenMax: 7,
  blueMax: 3,
  redShift: 0,
  greenShift: 3,
  blueShift: 6,
};

/**
 * A screen with a green "A" in the top-left cell and a bright red "B" after it. The glyph "A" has ink
 * at (2, 1) (top bar, one pixel from the cell's top) and paper at (0, 0); "B" has ink at (9, 1).
 */
async function connected(format?: PixelFormat) {
  const screen = new TextScreen();
  screen.write("\x1b[32mA\x1b[91mB\x1b[0m\r\n");
  const pair = rfbPair({ screen });
  const client = await RfbTestClient.connect(pair.clientStream);
  if (format) client.setPixelFormat(format);
  return { ...pair, client };
}

/** The raw bytes of one pixel: a 1x1 non-incremental request, its update read byte by byte. */
async function rawPixel(client: RfbTestClient, x: number, y: number): Promise<Buffer> {
  client.stream.write(updateRequest(false, { x, y, width: 1, height: 1 }));
  const r = client.reader;
  expect(await r.read(4)).toEqual(Buffer.from([0, 0, 0, 1]));
  const head = await r.read(12);
  expect([head.readUInt16BE(0), head.readUInt16BE(2), head.readUInt16BE(4), head.readUInt16BE(6), head.readInt32BE(8)]).toEqual([x, y, 1, 1, 0]);
  return r.read(client.pixelFormat!.bitsPerPixel / 8);
}

describe("serveRfb pixel formats", () => {
  it("32-bit default: green 0x00AA00 is 00 AA 00 00 (little-endian, red at 16), paper is black", async () => {
    const { client } = await connected();
    expect(client.pixelFormat).toEqual(DEFAULT_PIXEL_FORMAT);
    expect(await rawPixel(client, 2, 1)).toEqual(Buffer.from([0x00, 0xaa, 0x00, 0x00]));
    expect(await rawPixel(client, 0, 0)).toEqual(Buffer.from([0, 0, 0, 0]));
    expect(await rawPixel(client, 9, 1)).toEqual(Buffer.from([0x55, 0x55, 0xff, 0x00]));
  });

  it("32-bit big-endian with red at 0 (RGBX byte order)", async () => {
    const format = { ...DEFAULT_PIXEL_FORMAT, bigEndian: true, redShift: 0, greenShift: 8, blueShift: 16 };
    const { client } = await connected(format);
    expect(await rawPixel(client, 2, 1)).toEqual(Buffer.from([0x00, 0x00, 0xaa, 0x00]));
    expect(await rawPixel(client, 9, 1)).toEqual(Buffer.from([0x00, 0x55, 0x55, 0xff]));
  });

  it("16-bit RGB565: green is 0x0540, little-endian 40 05", async () => {
    const { client } = await connected(RGB565);
    // 0xAA * 63 / 255 = 42 -> 42 << 5
    expect(await rawPixel(client, 2, 1)).toEqual(Buffer.from([0x40, 0x05]));
    // bright red FF5555: 31 << 11 | 21 << 5 | 10 = 0xFAAA
    expect(await rawPixel(client, 9, 1)).toEqual(Buffer.from([0xaa, 0xfa]));
    expect(await rawPixel(client, 0, 0)).toEqual(Buffer.from([0, 0]));
  });

  it("16-bit RGB565 big-endian: green is 05 40", async () => {
    const { client } = await connected({ ...RGB565, bigEndian: true });
    expect(await rawPixel(client, 2, 1)).toEqual(Buffer.from([0x05, 0x40]));
    expect(await rawPixel(client, 9, 1)).toEqual(Buffer.from([0xfa, 0xaa]));
  });

  it("16-bit RGB555 (max 31, shifts 10/5/0)", async () => {
    const { client } = await connected({ ...RGB565, depth: 15, greenMax: 31, redShift: 10 });
    // green 0xAA * 31 / 255 = 20.67 -> 21 << 5 = 0x02A0
    expect(await rawPixel(client, 2, 1)).toEqual(Buffer.from([0xa0, 0x02]));
  });

  it("8-bit true colour BGR233: green is 5 << 3", async () => {
    const { client } = await connected(BGR233);
    expect(await rawPixel(client, 2, 1)).toEqual(Buffer.from([0x28]));
    // bright red: red 7, green 85*7/255 = 2.33 -> 2, blue 85*3/255 = 1 -> 7 | 2 << 3 | 1 << 6
    expect(await rawPixel(client, 9, 1)).toEqual(Buffer.from([0x57]));
  });

  it("8-bit colour map: SetColourMapEntries with the 16 colours, then palette indexes", async () => {
    const { client } = await connected({ ...BGR233, trueColour: false });
    const rects = await client.update(false);
    expect(rects).toEqual([{ x: 0, y: 0, width: 640, height: 400, encoding: 0 }]);
    expect(client.colourMap).toHaveLength(16);
    expect(client.colourMap[2]).toEqual([0, 0xaa, 0]);
    expect(client.colourMap[9]).toEqual([0xff, 0x55, 0x55]);
    expect(await rawPixel(client, 2, 1)).toEqual(Buffer.from([2]));
    expect(await rawPixel(client, 9, 1)).toEqual(Buffer.from([9]));
    expect(client.pixel(2, 1)).toEqual([0, 0xaa, 0]);
  });

  it.each([
    ["32-bit", DEFAULT_PIXEL_FORMAT],
    ["16-bit", RGB565],
    ["16-bit big-endian", { ...RGB565, bigEndian: true }],
    ["8-bit", BGR233],
  ])("the whole frame in %s decodes to the screen's text", async (_, format) => {
    const screen = new TextScreen();
    screen.write("\x1b[1;32mdebian login:\x1b[0m root\r\n\x1b[44;97m Hello, World! 0123456789 \x1b[0m\r\n~$ ");
    const pair = rfbPair({ screen });
    const client = await RfbTestClient.connect(pair.clientStream);
    client.setPixelFormat(format);
    await client.update(false);
    const lines = readScreenText(client.framebuffer, client.width, client.height);
    expect(lines.slice(0, 3)).toEqual(["debian login: root", " Hello, World! 0123456789", "~$"]);
    // The cursor is a block after "~$ ": light grey (7) on black, inverted.
    expect(client.pixel(3 * 8, 2 * 16 + 8)).toEqual(format === BGR233 ? [182, 182, 170] : format.bitsPerPixel === 16 ? [173, 170, 173] : [0xaa, 0xaa, 0xaa]);
    expect(client.pixel(4 * 8, 2 * 16 + 8)).toEqual([0, 0, 0]);
  });

  it("closes on a pixel format it cannot draw (24 bits per pixel)", async () => {
    const { client } = await connected({ ...DEFAULT_PIXEL_FORMAT, bitsPerPixel: 24 });
    await client.reader.expectClosed();
  });
});
