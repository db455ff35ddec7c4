import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Duplex } from "node:stream";
import type { TextScreen } from "../text-screen";
import { CELL_HEIGHT } from "./cell-font";
import {
  DEFAULT_PIXEL_FORMAT,
  encodePixel,
  type PixelFormat,
  pixelValue,
  readPixelFormat,
  unsupportedPixelFormat,
  writePixelFormat,
} from "./pixel-format";
import { type Area, type EncodedPalette, framebufferHeight, framebufferWidth, renderArea } from "./render-area";
import { VGA_PALETTE } from "./vga-palette";
import { vncAuthResponse } from "./vnc-auth-response";

export interface RfbServerOptions {
  /** What the framebuffer shows; its rows are redrawn as their versions change. */
  screen: TextScreen;
  /** The desktop name in ServerInit (viewers show it as the title). */
  name: string;
  /** null offers security type None; a string demands VNC authentication with it (first 8 bytes count). */
  password: string | null;
  /** A KeyEvent: the X11 keysym and whether the key went down. */
  onKey(keysym: number, down: boolean): void;
  onPointer?(x: number, y: number, buttonMask: number): void;
}

export interface RfbServer {
  /** Ends the connection now and stops following the screen. */
  close(): void;
}

export const RFB_VERSION = "RFB 003.008\n";
export const SECURITY_NONE = 1;
export const SECURITY_VNC_AUTH = 2;
/** The reason sent with a failed SecurityResult (RFB 3.8 only; older versions carry no reason). */
export const AUTH_FAILED_REASON = "Authentication failed";
export const SECURITY_TYPE_REFUSED_REASON = "Security type not offered";

/** More encodings than any client knows: a SetEncodings listing more is refused (the connection closes). */
export const MAX_ENCODINGS = 1024;

type Minor = 3 | 7 | 8;
type Phase = "version" | "security" | "auth" | "client-init" | "messages" | "closed";

interface UpdateRequest {
  area: Area;
  /** A non-incremental request asked for the whole area, changed or not. */
  full: boolean;
}

/**
 * Serves one RFB 3.8 connection (RFC 6143) over any byte stream: the handshake, the client's pixel
 * format, and FramebufferUpdates of the screen's changed rows in Raw encoding. Input arrives in
 * arbitrary chunks; each message is handled once all its bytes are there.
 */
export function serveRfb(stream: Duplex, options: RfbServerOptions): RfbServer {
  return new RfbConnection(stream, options);
}

class RfbConnection implements RfbServer {
  private phase: Phase = "version";
  private minor: Minor = 8;
  private input: Buffer = Buffer.alloc(0);
  /** Bytes of a ClientCutText still to be dropped as they arrive (never buffered). */
  private skipBytes = 0;
  private challenge: Buffer | null = null;
  private format: PixelFormat = DEFAULT_PIXEL_FORMAT;
  private palette: EncodedPalette;
  /** The row versions this viewer has been sent (-1: never). */
  private sentVersions: number[];
  /** At most one request waits for a change; a newer one replaces it. */
  private pending: UpdateRequest | null = null;
  private flushScheduled: NodeJS.Immediate | null = null;
  private readonly unsubscribe: () => void;
  private readonly width: number;
  private readonly height: number;

  constructor(
    private readonly stream: Duplex,
    private readonly options: RfbServerOptions,
  ) {
    this.width = framebufferWidth(options.screen);
    this.height = framebufferHeight(options.screen);
    this.sentVersions = Array.from({ length: options.screen.rows }, () => -1);
    this.palette = encodePalette(this.format);
    // Many writes to the screen in one tick become one update.
    this.unsubscribe = options.screen.onChange(() => {
      if (this.pending && !this.flushScheduled) this.flushScheduled = setImmediate(() => this.flush());
    });
    stream.on("data", this.onData);
    stream.on("drain", this.onDrain);
    stream.on("end", this.onEnd);
    stream.on("error", this.onError);
    stream.on("close", this.onClose);
    stream.write(RFB_VERSION);
  }

  close() {
    if (this.phase === "closed") return;
    this.stop();
    this.stream.destroy();
  }

  /** Sends the last bytes, then closes (a refusal the client should be able to read). */
  private finish(last: Buffer) {
    if (this.phase === "closed") return;
    this.stop();
    this.stream.once("finish", () => this.stream.destroy());
    this.stream.end(last);
  }

  private stop() {
    this.phase = "closed";
    this.pending = null;
    this.input = Buffer.alloc(0);
    if (this.flushScheduled) clearImmediate(this.flushScheduled);
    this.flushScheduled = null;
    this.unsubscribe();
    this.stream.off("data", this.onData);
    this.stream.off("drain", this.onDrain);
    this.stream.off("end", this.onEnd);
    this.stream.off("close", this.onClose);
    // The "error" listener stays: an error after the close must not become an uncaught exception.
  }

  private onEnd = () => this.close();
  private onClose = () => this.stop();
  private onError = () => this.stop();
  private onDrain = () => this.flush();

  private onData = (chunk: Buffer) => {
    if (this.phase === "closed") return;
    this.input = this.input.length === 0 ? chunk : Buffer.concat([this.input, chunk]);
    try {
      this.consume();
    } catch (error) {
      // A throwing onKey/onPointer ends this connection, not the process.
      this.stop();
      this.stream.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  };

  /** Handles every complete message in the input; an incomplete one waits for more bytes. */
  private consume() {
    for (;;) {
      if (this.phase === "closed") return;
      if (this.skipBytes > 0) {
        const skipped = Math.min(this.skipBytes, this.input.length);
        this.skipBytes -= skipped;
        this.input = this.input.subarray(skipped);
        if (this.skipBytes > 0) return;
      }
      const used = this.step(this.input);
      if (used === 0) return;
      this.input = this.input.subarray(used);
    }
  }

  /** Handles one message at the start of `data`; returns the bytes it used, 0 when more are needed. */
  private step(data: Buffer): number {
    switch (this.phase) {
      case "version":
        if (data.length < 12) return 0;
        this.onVersion(data.subarray(0, 12).toString("latin1"));
        return 12;
      case "security":
        if (data.length < 1) return 0;
        this.onSecurityChoice(data[0]!);
        return 1;
      case "auth":
        if (data.length < 16) return 0;
        this.onAuthResponse(data.subarray(0, 16));
        return 16;
      case "client-init":
        // The shared flag is ignored: any number of viewers may watch the same screen.
        if (data.length < 1) return 0;
        this.onClientInit();
        return 1;
      case "messages":
        return this.onMessage(data);
      default:
        return 0;
    }
  }

  private onVersion(version: string) {
    const match = /^RFB (\d{3})\.(\d{3})\n$/.exec(version);
    if (!match) return this.close();
    const major = Number(match[1]);
    const minor = Number(match[2]);
    // RFC 6143 7.1.1: versions other than 3.7 and 3.8 are treated as 3.3; a later one gets 3.8.
    if (major !== 3) return this.finish(Buffer.concat([u32(0), reasonString("Unsupported protocol version")]));
    this.minor = minor >= 8 ? 8 : minor === 7 ? 7 : 3;
    const offered = this.options.password === null ? SECURITY_NONE : SECURITY_VNC_AUTH;
    if (this.minor === 3) {
      // 3.3: the server decides the security type alone.
      this.stream.write(u32(offered));
      return this.startSecurity(offered);
    }
    this.stream.write(Buffer.from([1, offered]));
    this.phase = "security";
  }

  private onSecurityChoice(type: number) {
    const offered = this.options.password === null ? SECURITY_NONE : SECURITY_VNC_AUTH;
    if (type !== offered) {
      return this.minor === 8 ? this.finish(Buffer.concat([u32(1), reasonString(SECURITY_TYPE_REFUSED_REASON)])) : this.close();
    }
    this.startSecurity(type);
  }

  private startSecurity(type: number) {
    if (type === SECURITY_NONE) {
      // Only 3.8 sends a SecurityResult after None.
      if (this.minor === 8) this.stream.write(u32(0));
      this.phase = "client-init";
      return;
    }
    this.challenge = randomBytes(16);
    this.stream.write(this.challenge);
    this.phase = "auth";
  }

  private onAuthResponse(response: Buffer) {
    const expected = Buffer.from(vncAuthResponse(this.options.password ?? "", this.challenge!));
    this.challenge = null;
    if (!timingSafeEqual(expected, response)) {
      return this.finish(this.minor === 8 ? Buffer.concat([u32(1), reasonString(AUTH_FAILED_REASON)]) : u32(1));
    }
    this.stream.write(u32(0));
    this.phase = "client-init";
  }

  private onClientInit() {
    const name = Buffer.from(this.options.name, "utf8");
    const head = Buffer.alloc(4);
    head.writeUInt16BE(this.width, 0);
    head.writeUInt16BE(this.height, 2);
    this.stream.write(Buffer.concat([head, writePixelFormat(this.format), u32(name.length), name]));
    this.phase = "messages";
  }

  /** One client-to-server message (RFC 6143 7.5). */
  private onMessage(data: Buffer): number {
    if (data.length < 1) return 0;
    switch (data[0]) {
      case 0: // SetPixelFormat
        if (data.length < 20) return 0;
        this.setPixelFormat(readPixelFormat(data, 4));
        return 20;
      case 2: {
        // SetEncodings
        if (data.length < 4) return 0;
        const count = data.readUInt16BE(2);
        // Clients list a few dozen; a bound keeps a dribbled giant list from costing quadratic copying.
        if (count > MAX_ENCODINGS) {
          this.close();
          return 0;
        }
        if (data.length < 4 + 4 * count) return 0;
        // Nothing to choose: Raw is sent always (every client must take it), and DesktopSize (-223)
        // would announce resizes a text screen never makes.
        return 4 + 4 * count;
      }
      case 3: // FramebufferUpdateRequest
        if (data.length < 10) return 0;
        this.request(data[1] !== 0, {
          x: data.readUInt16BE(2),
          y: data.readUInt16BE(4),
          width: data.readUInt16BE(6),
          height: data.readUInt16BE(8),
        });
        return 10;
      case 4: // KeyEvent
        if (data.length < 8) return 0;
        this.options.onKey(data.readUInt32BE(4), data[1] !== 0);
        return 8;
      case 5: // PointerEvent
        if (data.length < 6) return 0;
        this.options.onPointer?.(data.readUInt16BE(2), data.readUInt16BE(4), data[1]!);
        return 6;
      case 6: {
        // ClientCutText: read and dropped. A negative length is the extended form; its size is |length|.
        if (data.length < 8) return 0;
        this.skipBytes = Math.abs(data.readInt32BE(4));
        return 8;
      }
      default:
        // An unknown message has an unknown length: the stream cannot be followed any further.
        this.close();
        return 0;
    }
  }

  private setPixelFormat(format: PixelFormat) {
    if (unsupportedPixelFormat(format)) return this.close();
    this.format = format;
    this.palette = encodePalette(format);
    if (!format.trueColour) this.stream.write(colourMapEntries());
  }

  private request(incremental: boolean, asked: Area) {
    const area = clip(asked, this.width, this.height);
    if (!area) return;
    const before = this.pending;
    // A request waiting behind a backed-up stream merges with the next: still at most one.
    this.pending = before
      ? { area: union(before.area, area), full: before.full || !incremental }
      : { area, full: !incremental };
    this.flush();
  }

  /**
   * Answers the pending request when there is something to send and the stream is not backed up. A
   * full request sends its area; an incremental one sends the whole width of every row it touches
   * whose version changed since this viewer last got it, one rectangle per run of such rows.
   */
  private flush() {
    if (this.flushScheduled) clearImmediate(this.flushScheduled);
    this.flushScheduled = null;
    const request = this.pending;
    if (!request || this.phase !== "messages" || this.stream.writableNeedDrain) return;
    const { screen } = this.options;
    const firstRow = Math.floor(request.area.y / CELL_HEIGHT);
    const lastRow = Math.floor((request.area.y + request.area.height - 1) / CELL_HEIGHT);
    const rects: Area[] = [];
    const sentNow: [number, number][] = [];
    if (request.full) {
      rects.push(request.area);
      const wholeWidth = request.area.x === 0 && request.area.width === this.width;
      for (let row = firstRow; row <= lastRow; row++) {
        const top = row * CELL_HEIGHT;
        const coversRow = wholeWidth && request.area.y <= top && request.area.y + request.area.height >= top + CELL_HEIGHT;
        if (coversRow) sentNow.push([row, screen.rowVersion(row)]);
      }
    } else {
      let runStart = -1;
      for (let row = firstRow; row <= lastRow + 1; row++) {
        const changed = row <= lastRow && screen.rowVersion(row) !== this.sentVersions[row];
        if (changed) {
          sentNow.push([row, screen.rowVersion(row)]);
          if (runStart < 0) runStart = row;
        } else if (runStart >= 0) {
          rects.push({ x: 0, y: runStart * CELL_HEIGHT, width: this.width, height: (row - runStart) * CELL_HEIGHT });
          runStart = -1;
        }
      }
      if (rects.length === 0) return; // stays pending until the screen changes
    }
    this.pending = null;
    for (const [row, version] of sentNow) this.sentVersions[row] = version;
    this.stream.write(this.framebufferUpdate(rects));
  }

  private framebufferUpdate(rects: Area[]): Buffer {
    const parts: Buffer[] = [];
    const head = Buffer.alloc(4);
    head[0] = 0;
    head.writeUInt16BE(rects.length, 2);
    parts.push(head);
    for (const rect of rects) {
      const rectHead = Buffer.alloc(12);
      rectHead.writeUInt16BE(rect.x, 0);
      rectHead.writeUInt16BE(rect.y, 2);
      rectHead.writeUInt16BE(rect.width, 4);
      rectHead.writeUInt16BE(rect.height, 6);
      rectHead.writeInt32BE(0, 8); // Raw
      parts.push(rectHead, renderArea(this.options.screen, rect, this.palette));
    }
    return Buffer.concat(parts);
  }
}

function encodePalette(format: PixelFormat): EncodedPalette {
  return {
    bytesPerPixel: format.bitsPerPixel / 8,
    colours: VGA_PALETTE.map((rgb, index) => encodePixel(format, pixelValue(format, rgb, index))),
  };
}

/** SetColourMapEntries with the 16 palette colours at indexes 0-15 (colour-map pixel formats). */
function colourMapEntries(): Buffer {
  const out = Buffer.alloc(6 + 6 * VGA_PALETTE.length);
  out[0] = 1;
  out.writeUInt16BE(0, 2);
  out.writeUInt16BE(VGA_PALETTE.length, 4);
  VGA_PALETTE.forEach(([r, g, b], i) => {
    out.writeUInt16BE(r * 257, 6 + 6 * i);
    out.writeUInt16BE(g * 257, 8 + 6 * i);
    out.writeUInt16BE(b * 257, 10 + 6 * i);
  });
  return out;
}

function clip(area: Area, width: number, height: number): Area | null {
  const x = Math.min(area.x, width);
  const y = Math.min(area.y, height);
  const right = Math.min(area.x + area.width, width);
  const bottom = Math.min(area.y + area.height, height);
  if (right <= x || bottom <= y) return null;
  return { x, y, width: right - x, height: bottom - y };
}

function union(a: Area, b: Area): Area {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const right = Math.max(a.x + a.width, b.x + b.width);
  const bottom = Math.max(a.y + a.height, b.y + b.height);
  return { x, y, width: right - x, height: bottom - y };
}

function u32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out;
}

function reasonString(reason: string): Buffer {
  const bytes = Buffer.from(reason, "utf8");
  return Buffer.concat([u32(bytes.length), bytes]);
}
