/**
 * View-only for an RFB console, enforced by the relay (docs/decisions.md#r18): reads the viewer's
 * half of an RFB 3.7/3.8 connection incrementally and drops every message that would change the
 * machine (keys, pointer, clipboard, power requests, screen resizes), passing everything else
 * byte-exact whatever the chunking. Anything it cannot frame is an error: a filter that guessed
 * would let the next bytes through as a key press.
 */

export class ViewOnlyProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ViewOnlyProtocolError";
  }
}

type Phase = "version" | "security" | "auth" | "clientInit" | "messages";

/** What the header collected so far says: collect more bytes, or the message's length and fate. */
type Layout = { need: number } | { total: number; pass: boolean };

/** Client-to-server message types (RFC 6143 §7.5 plus the extensions noVNC speaks). */
const SET_PIXEL_FORMAT = 0;
const SET_ENCODINGS = 2;
const FRAMEBUFFER_UPDATE_REQUEST = 3;
const KEY_EVENT = 4;
const POINTER_EVENT = 5;
const CLIENT_CUT_TEXT = 6;
const ENABLE_CONTINUOUS_UPDATES = 150;
const CLIENT_FENCE = 248;
const XVP = 250;
const SET_DESKTOP_SIZE = 251;
const QEMU_CLIENT_MESSAGE = 255;
const QEMU_EXTENDED_KEY_EVENT = 0;

const SECURITY_NONE = 1;
const SECURITY_VNC_AUTH = 2;

export class ViewOnlyFilter {
  private phase: Phase = "version";
  private readonly head = Buffer.alloc(12);
  private headLength = 0;
  /** Bytes of the current message still to come after its header, passed or dropped. */
  private remaining = 0;
  private passing = true;
  /** Bytes dropped so far (tests and the audit read it). */
  dropped = 0;

  /** The bytes of `chunk` that may reach the console. Throws ViewOnlyProtocolError on anything it cannot frame. */
  push(chunk: Uint8Array): Buffer {
    const input = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const out: Buffer[] = [];
    let i = 0;
    while (i < input.length) {
      if (this.remaining > 0) {
        const n = Math.min(this.remaining, input.length - i);
        if (this.passing) out.push(input.subarray(i, i + n));
        else this.dropped += n;
        this.remaining -= n;
        i += n;
        continue;
      }
      this.head[this.headLength++] = input[i++]!;
      const layout = this.layout();
      // Not enough of the header yet to know the message's length: keep collecting.
      if ("need" in layout) continue;
      this.startMessage(layout, out);
    }
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }

  private startMessage(layout: { total: number; pass: boolean }, out: Buffer[]) {
    if (layout.pass) out.push(Buffer.from(this.head.subarray(0, this.headLength)));
    else this.dropped += this.headLength;
    this.passing = layout.pass;
    this.remaining = layout.total - this.headLength;
    this.advance();
    this.headLength = 0;
  }

  /** The handshake's next step once a message of the current phase has been framed (its header is still in `head`). */
  private advance() {
    if (this.phase === "version") this.phase = "security";
    else if (this.phase === "security") this.phase = this.head[0] === SECURITY_VNC_AUTH ? "auth" : "clientInit";
    else if (this.phase === "auth") this.phase = "clientInit";
    else if (this.phase === "clientInit") this.phase = "messages";
  }

  private layout(): Layout {
    const h = this.head;
    const have = this.headLength;
    switch (this.phase) {
      case "version": {
        if (have < 12) return { need: 12 };
        const version = h.toString("latin1", 0, 12);
        // 3.3 has the server choose the security type, so the filter could not tell whether an
        // authentication response follows; the consoles speak 3.8 and noVNC asks for it.
        if (version !== "RFB 003.008\n" && version !== "RFB 003.007\n") throw new ViewOnlyProtocolError("unsupported RFB protocol version");
        return { total: 12, pass: true };
      }
      case "security":
        if (h[0] !== SECURITY_NONE && h[0] !== SECURITY_VNC_AUTH) throw new ViewOnlyProtocolError(`unsupported RFB security type ${h[0]}`);
        return { total: 1, pass: true };
      case "auth":
        // The 16-byte DES response: passed on as a body, never inspected.
        return { total: 16, pass: true };
      case "clientInit":
        return { total: 1, pass: true };
      case "messages":
        return messageLayout(h, have);
    }
  }
}

function messageLayout(h: Buffer, have: number): Layout {
  const type = h[0]!;
  switch (type) {
    case SET_PIXEL_FORMAT:
      return { total: 20, pass: true };
    case SET_ENCODINGS:
      if (have < 4) return { need: 4 };
      return { total: 4 + 4 * h.readUInt16BE(2), pass: true };
    case FRAMEBUFFER_UPDATE_REQUEST:
      return { total: 10, pass: true };
    case KEY_EVENT:
      return { total: 8, pass: false };
    case POINTER_EVENT:
      return { total: 6, pass: false };
    case CLIENT_CUT_TEXT:
      if (have < 8) return { need: 8 };
      // A negative length is the extended clipboard format (its size is the absolute value).
      return { total: 8 + Math.abs(h.readInt32BE(4)), pass: false };
    case ENABLE_CONTINUOUS_UPDATES:
      return { total: 10, pass: true };
    case CLIENT_FENCE:
      if (have < 9) return { need: 9 };
      return { total: 9 + h[8]!, pass: true };
    case XVP:
      // Shutdown, reboot and reset requests.
      return { total: 4, pass: false };
    case SET_DESKTOP_SIZE:
      if (have < 8) return { need: 8 };
      return { total: 8 + 16 * h[6]!, pass: false };
    case QEMU_CLIENT_MESSAGE:
      if (have < 2) return { need: 2 };
      if (h[1] === QEMU_EXTENDED_KEY_EVENT) return { total: 12, pass: false };
      throw new ViewOnlyProtocolError(`unsupported QEMU client message ${h[1]}`);
    default:
      throw new ViewOnlyProtocolError(`unknown RFB client message type ${type}`);
  }
}

/** The serial console's view-only: nothing the viewer sends reaches the machine. */
export class DropAllFilter {
  dropped = 0;
  push(chunk: Uint8Array): Buffer {
    this.dropped += chunk.byteLength;
    return Buffer.alloc(0);
  }
}
