import type { Duplex } from "node:stream";

/**
 * Reads exact byte counts from a stream, whatever its chunking: `read(n)` resolves once n bytes
 * arrived and rejects when the stream ends first or the timeout passes.
 */
export class ByteReader {
  private buffer: Buffer = Buffer.alloc(0);
  private waiter: (() => void) | null = null;
  private ended = false;
  /** Resolves when the stream ended or closed (the server hung up). */
  readonly closed: Promise<void>;

  constructor(
    private readonly stream: Duplex,
    private readonly timeoutMs = 5_000,
  ) {
    stream.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiter?.();
    });
    this.closed = new Promise((resolve) => {
      const done = () => {
        this.ended = true;
        this.waiter?.();
        resolve();
      };
      stream.once("end", done);
      stream.once("close", done);
      stream.on("error", () => {});
    });
  }

  /** Bytes that arrived and were not read yet. */
  get available(): number {
    return this.buffer.length;
  }

  async read(length: number, timeoutMs = this.timeoutMs): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.buffer.length < length) {
      if (this.ended) throw new Error(`The stream ended after ${this.buffer.length} of ${length} bytes.`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Timed out waiting for ${length} bytes (have ${this.buffer.length}).`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = null;
    }
    const out = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return out;
  }

  async readU8(timeoutMs = this.timeoutMs): Promise<number> {
    return (await this.read(1, timeoutMs))[0]!;
  }

  async readU16(): Promise<number> {
    return (await this.read(2)).readUInt16BE(0);
  }

  async readU32(): Promise<number> {
    return (await this.read(4)).readUInt32BE(0);
  }

  /** A U32 length followed by that many UTF-8 bytes (RFB's reason and name strings). */
  async readString(): Promise<string> {
    return (await this.read(await this.readU32())).toString("utf8");
  }

  /** Waits until the stream ends; fails if it is still open after the timeout. */
  async expectClosed(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("The stream is still open.")), this.timeoutMs);
    });
    try {
      await Promise.race([this.closed, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
