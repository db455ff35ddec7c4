import type { Duplex } from "node:stream";
import { type PixelFormat, readPixelFormat, writePixelFormat } from "../pixel-format";
import { vncAuthResponse } from "../vnc-auth-response";
import { ByteReader } from "./byte-reader";
import { readScreenText } from "./read-screen-text";

export interface RfbTestClientOptions {
  /** Answer to VNC authentication; needed when the server offers security type 2. */
  password?: string;
  /** The ProtocolVersion the client sends back (default "RFB 003.008\n"). */
  version?: string;
  /** How long a single read may wait. */
  timeoutMs?: number;
  /** false: read rectangles without decoding their pixels (benchmarks that only count bytes). */
  decode?: boolean;
}

export interface UpdateRect {
  x: number;
  y: number;
  width: number;
  height: number;
  encoding: number;
}

/**
 * A byte-level RFB 3.3/3.7/3.8 client for tests and benchmarks: it speaks the protocol over any
 * Duplex (a socket, a websocket stream, an in-memory pair), decodes Raw rectangles in whatever pixel
 * format it asked for into an RGBA framebuffer, and sends keys and pointer events.
 */
export class RfbTestClient {
  readonly reader: ByteReader;
  width = 0;
  height = 0;
  name = "";
  /** The format ServerInit announced. */
  serverPixelFormat: PixelFormat | null = null;
  /** The format the client decodes (ServerInit's until setPixelFormat). */
  pixelFormat: PixelFormat | null = null;
  /** Width x height x 4 bytes, RGBA. */
  framebuffer = new Uint8Array(0);
  /** Colour-map entries received (index -> [r, g, b], 8 bits each). */
  colourMap: [number, number, number][] = [];
  bells = 0;
  /** Bytes received in FramebufferUpdates (pixels and headers). */
  updateBytes = 0;

  private constructor(
    readonly stream: Duplex,
    timeoutMs: number,
    private readonly decode: boolean,
  ) {
    this.reader = new ByteReader(stream, timeoutMs);
  }

  /** Connects: version, security (None or VNC authentication), ClientInit, ServerInit. */
  static async connect(stream: Duplex, options: RfbTestClientOptions = {}): Promise<RfbTestClient> {
    const client = new RfbTestClient(stream, options.timeoutMs ?? 5_000, options.decode ?? true);
    await client.handshake(options);
    return client;
  }

  private async handshake(options: RfbTestClientOptions) {
    const r = this.reader;
    const serverVersion = (await r.read(12)).toString("latin1");
    if (!serverVersion.startsWith("RFB 003.")) throw new Error(`Not an RFB server: ${JSON.stringify(serverVersion)}`);
    const version = options.version ?? "RFB 003.008\n";
    this.stream.write(version);
    const minor = Number(version.slice(8, 11));
    let type: number;
    if (minor < 7) {
      type = await r.readU32();
      if (type === 0) throw new Error(`Refused: ${await r.readString()}`);
    } else {
      const count = await r.readU8();
      if (count === 0) throw new Error(`Refused: ${await r.readString()}`);
      const types = [...(await r.read(count))];
      type = options.password !== undefined && types.includes(2) ? 2 : types.includes(1) ? 1 : types[0]!;
      this.stream.write(Buffer.from([type]));
    }
    if (type === 2) {
      if (options.password === undefined) throw new Error("The server demands a password.");
      const challenge = await r.read(16);
      this.stream.write(vncAuthResponse(options.password, challenge));
    } else if (type !== 1) {
      throw new Error(`Unsupported security type ${type}.`);
    }
    if (type === 2 || minor >= 8) {
      const result = await r.readU32();
      if (result !== 0) throw new Error(minor >= 8 ? await r.readString() : "Authentication failed");
    }
    this.stream.write(Buffer.from([1])); // ClientInit, shared
    this.width = await r.readU16();
    this.height = await r.readU16();
    this.serverPixelFormat = readPixelFormat(await r.read(16), 0);
    this.pixelFormat = this.serverPixelFormat;
    this.name = await r.readString();
    this.framebuffer = new Uint8Array(this.width * this.height * 4);
  }

  setPixelFormat(format: PixelFormat) {
    this.pixelFormat = format;
    this.stream.write(Buffer.concat([Buffer.from([0, 0, 0, 0]), writePixelFormat(format)]));
  }

  setEncodings(encodings: number[]) {
    const out = Buffer.alloc(4 + 4 * encodings.length);
    out[0] = 2;
    out.writeUInt16BE(encodings.length, 2);
    encodings.forEach((encoding, i) => out.writeInt32BE(encoding, 4 + 4 * i));
    this.stream.write(out);
  }

  requestUpdate(incremental: boolean, area = { x: 0, y: 0, width: this.width, height: this.height }) {
    this.stream.write(updateRequest(incremental, area));
  }

  /**
   * Reads server messages until a FramebufferUpdate, decodes it into `framebuffer`, returns its
   * rectangles. `timeoutMs` bounds the wait for each message to start.
   */
  async nextUpdate(timeoutMs?: number): Promise<UpdateRect[]> {
    for (;;) {
      const type = await this.reader.readU8(timeoutMs);
      if (type === 0) return this.readUpdate();
      await this.readOtherMessage(type);
    }
  }

  /** requestUpdate + nextUpdate. */
  async update(incremental: boolean): Promise<UpdateRect[]> {
    this.requestUpdate(incremental);
    return this.nextUpdate();
  }

  /** The framebuffer read back as text, one string per text row (see readScreenText). */
  text(): string[] {
    return readScreenText(this.framebuffer, this.width, this.height);
  }

  /**
   * Follows incremental updates until the screen's text matches (a string: some row contains it),
   * as a person watching the console would; fails with the last screen after `timeoutMs`.
   */
  async waitForText(pattern: string | RegExp, timeoutMs = 5_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    const matches = (lines: string[]) =>
      typeof pattern === "string" ? lines.some((line) => line.includes(pattern)) : pattern.test(lines.join("\n"));
    let lines = this.text();
    while (!matches(lines)) {
      if (Date.now() >= deadline) throw new Error(`The screen never showed ${String(pattern)}:\n${lines.join("\n")}`);
      this.requestUpdate(true);
      try {
        await this.nextUpdate(Math.max(1, deadline - Date.now()));
      } catch (error) {
        throw new Error(`${(error as Error).message} Waiting for ${String(pattern)}; the screen:\n${lines.join("\n")}`);
      }
      lines = this.text();
    }
    return lines;
  }

  key(keysym: number, down: boolean) {
    const out = Buffer.alloc(8);
    out[0] = 4;
    out[1] = down ? 1 : 0;
    out.writeUInt32BE(keysym >>> 0, 4);
    this.stream.write(out);
  }

  /** Presses and releases each character's keysym (Latin-1 characters are their own keysyms); "\n" is Return. */
  type(text: string) {
    for (const ch of text) {
      const keysym = ch === "\n" || ch === "\r" ? 0xff0d : ch.charCodeAt(0);
      this.key(keysym, true);
      this.key(keysym, false);
    }
  }

  pointer(x: number, y: number, buttonMask: number) {
    const out = Buffer.alloc(6);
    out[0] = 5;
    out[1] = buttonMask;
    out.writeUInt16BE(x, 2);
    out.writeUInt16BE(y, 4);
    this.stream.write(out);
  }

  cutText(text: string) {
    const bytes = Buffer.from(text, "latin1");
    const head = Buffer.alloc(8);
    head[0] = 6;
    head.writeUInt32BE(bytes.length, 4);
    this.stream.write(Buffer.concat([head, bytes]));
  }

  /** The decoded colour at (x, y). */
  pixel(x: number, y: number): [number, number, number] {
    const i = (y * this.width + x) * 4;
    return [this.framebuffer[i]!, this.framebuffer[i + 1]!, this.framebuffer[i + 2]!];
  }

  close() {
    this.stream.destroy();
  }

  private async readUpdate(): Promise<UpdateRect[]> {
    const r = this.reader;
    await r.read(1);
    const count = await r.readU16();
    this.updateBytes += 4;
    const rects: UpdateRect[] = [];
    for (let i = 0; i < count; i++) {
      const head = await r.read(12);
      const rect = {
        x: head.readUInt16BE(0),
        y: head.readUInt16BE(2),
        width: head.readUInt16BE(4),
        height: head.readUInt16BE(6),
        encoding: head.readInt32BE(8),
      };
      if (rect.encoding !== 0) throw new Error(`Unexpected encoding ${rect.encoding}.`);
      const bytesPerPixel = this.pixelFormat!.bitsPerPixel / 8;
      const pixels = await r.read(rect.width * rect.height * bytesPerPixel);
      this.updateBytes += 12 + pixels.length;
      if (this.decode) this.decodeRaw(rect, pixels, bytesPerPixel);
      rects.push(rect);
    }
    return rects;
  }

  private decodeRaw(rect: UpdateRect, pixels: Buffer, bytesPerPixel: number) {
    const format = this.pixelFormat!;
    if (rect.x + rect.width > this.width || rect.y + rect.height > this.height) {
      throw new Error(`Rectangle ${JSON.stringify(rect)} is outside the ${this.width}x${this.height} framebuffer.`);
    }
    let offset = 0;
    for (let y = rect.y; y < rect.y + rect.height; y++) {
      for (let x = rect.x; x < rect.x + rect.width; x++) {
        let value: number;
        if (bytesPerPixel === 1) value = pixels[offset]!;
        else if (bytesPerPixel === 2) value = format.bigEndian ? pixels.readUInt16BE(offset) : pixels.readUInt16LE(offset);
        else value = format.bigEndian ? pixels.readUInt32BE(offset) : pixels.readUInt32LE(offset);
        offset += bytesPerPixel;
        const rgb = format.trueColour ? channels(format, value) : (this.colourMap[value] ?? [0, 0, 0]);
        const i = (y * this.width + x) * 4;
        this.framebuffer[i] = rgb[0];
        this.framebuffer[i + 1] = rgb[1];
        this.framebuffer[i + 2] = rgb[2];
        this.framebuffer[i + 3] = 255;
      }
    }
  }

  private async readOtherMessage(type: number) {
    const r = this.reader;
    if (type === 1) {
      await r.read(1);
      const first = await r.readU16();
      const count = await r.readU16();
      for (let i = 0; i < count; i++) {
        const entry = await r.read(6);
        this.colourMap[first + i] = [entry.readUInt16BE(0) >> 8, entry.readUInt16BE(2) >> 8, entry.readUInt16BE(4) >> 8];
      }
    } else if (type === 2) {
      this.bells++;
    } else if (type === 3) {
      await r.read(3);
      await r.read(await r.readU32());
    } else {
      throw new Error(`Unknown server message type ${type}.`);
    }
  }
}

/** A FramebufferUpdateRequest message. */
export function updateRequest(incremental: boolean, area: { x: number; y: number; width: number; height: number }): Buffer {
  const out = Buffer.alloc(10);
  out[0] = 3;
  out[1] = incremental ? 1 : 0;
  out.writeUInt16BE(area.x, 2);
  out.writeUInt16BE(area.y, 4);
  out.writeUInt16BE(area.width, 6);
  out.writeUInt16BE(area.height, 8);
  return out;
}

/** A pixel value's channels scaled back to 8 bits. */
function channels(format: PixelFormat, value: number): [number, number, number] {
  const scale = (shift: number, max: number) => Math.round((((value >>> shift) & max) * 255) / max);
  return [scale(format.redShift, format.redMax), scale(format.greenShift, format.greenMax), scale(format.blueShift, format.blueMax)];
}
