// Console scrollback: a fixed-size ring of the last output lines, and a splitter that turns raw
// stdout/stderr chunks into lines. Both are bounded: the ring never holds more than `capacity`
// lines, the splitter never holds more than `maxLineBytes` of an unfinished line.

export const CONSOLE_SCROLLBACK_LINES = 500;
export const MAX_LINE_BYTES = 4096;

export class LineRing {
  private readonly slots: string[];
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number = CONSOLE_SCROLLBACK_LINES) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be a positive integer");
    this.slots = new Array<string>(capacity);
  }

  push(line: string): void {
    this.slots[this.next] = line;
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
  }

  get size(): number {
    return this.count;
  }

  /** Oldest first; `limit` keeps only the newest lines. */
  lines(limit: number = this.count): string[] {
    const n = Math.max(0, Math.min(limit, this.count));
    const out: string[] = [];
    for (let i = this.count - n; i < this.count; i++) {
      out.push(this.slots[(this.next - this.count + i + this.capacity) % this.capacity]);
    }
    return out;
  }

  clear(): void {
    this.next = 0;
    this.count = 0;
    this.slots.fill("");
  }
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a byte stream into lines. Works on bytes (a multi-byte UTF-8 character split across two
 * chunks decodes whole), drops the CR of CRLF, and cuts a line longer than maxLineBytes: the first
 * maxLineBytes (backed off to a character boundary) are kept, the rest up to the newline is dropped.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;

  constructor(private readonly maxLineBytes: number = MAX_LINE_BYTES) {}

  push(chunk: Buffer | string): string[] {
    const buf = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    const lines: string[] = [];
    let start = 0;
    for (;;) {
      const nl = buf.indexOf(LF, start);
      if (nl === -1) {
        this.hold(buf.subarray(start));
        return lines;
      }
      this.hold(buf.subarray(start, nl));
      lines.push(this.take());
      start = nl + 1;
    }
  }

  /** The unfinished last line when the stream ends, or null if there is none. */
  flush(): string | null {
    if (this.pendingBytes === 0 && !this.discarding) return null;
    return this.take();
  }

  private hold(part: Buffer): void {
    if (this.discarding || part.length === 0) return;
    const room = this.maxLineBytes - this.pendingBytes;
    if (part.length > room) {
      this.pending.push(Buffer.from(part.subarray(0, room)));
      this.pendingBytes += room;
      this.discarding = true;
      return;
    }
    // Copy: the child's chunk buffers may be pooled and reused.
    this.pending.push(Buffer.from(part));
    this.pendingBytes += part.length;
  }

  private take(): string {
    let bytes = Buffer.concat(this.pending, this.pendingBytes);
    const cut = this.discarding;
    this.pending = [];
    this.pendingBytes = 0;
    this.discarding = false;
    if (cut) bytes = bytes.subarray(0, characterBoundary(bytes));
    else if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
    return bytes.toString("utf8");
  }
}

/** Length of the longest prefix that does not end inside a UTF-8 multi-byte character. */
function characterBoundary(bytes: Buffer): number {
  let end = bytes.length;
  let i = end - 1;
  // Walk back over continuation bytes (10xxxxxx) to the lead byte of the last character.
  while (i >= 0 && (bytes[i] & 0xc0) === 0x80 && end - i < 4) i--;
  if (i < 0) return end;
  const lead = bytes[i];
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (end - i < need) end = i;
  return end;
}
