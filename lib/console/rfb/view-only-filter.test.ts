import { describe, expect, it } from "vitest";
import { DropAllFilter, ViewOnlyFilter, ViewOnlyProtocolError } from "./view-only-filter";

/** A small seeded generator (mulberry32) so a failing split can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function bytes(rand: () => number, n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(rand() * 256);
  return b;
}

interface Message {
  name: string;
  data: Buffer;
  pass: boolean;
}

function handshake(rand: () => number, security: 1 | 2): Message[] {
  const out: Message[] = [
    { name: "ProtocolVersion", data: Buffer.from("RFB 003.008\n", "latin1"), pass: true },
    { name: "security type", data: Buffer.from([security]), pass: true },
  ];
  if (security === 2) out.push({ name: "VNC auth response", data: bytes(rand, 16), pass: true });
  out.push({ name: "ClientInit", data: Buffer.from([1]), pass: true });
  return out;
}

function message(rand: () => number): Message {
  const kind = Math.floor(rand() * 11);
  switch (kind) {
    case 0: {
      const data = bytes(rand, 20);
      data[0] = 0;
      return { name: "SetPixelFormat", data, pass: true };
    }
    case 1: {
      const n = Math.floor(rand() * 40);
      const data = Buffer.concat([Buffer.from([2, 0]), Buffer.from([n >> 8, n & 255]), bytes(rand, 4 * n)]);
      return { name: "SetEncodings", data, pass: true };
    }
    case 2: {
      const data = bytes(rand, 10);
      data[0] = 3;
      return { name: "FramebufferUpdateRequest", data, pass: true };
    }
    case 3: {
      const data = bytes(rand, 8);
      data[0] = 4;
      return { name: "KeyEvent", data, pass: false };
    }
    case 4: {
      const data = bytes(rand, 6);
      data[0] = 5;
      return { name: "PointerEvent", data, pass: false };
    }
    case 5: {
      const length = Math.floor(rand() * 3000);
      const header = Buffer.alloc(8);
      header[0] = 6;
      // Sometimes the extended clipboard format (negative length).
      header.writeInt32BE(rand() < 0.3 ? -length : length, 4);
      return { name: "ClientCutText", data: Buffer.concat([header, bytes(rand, length)]), pass: false };
    }
    case 6: {
      const data = bytes(rand, 10);
      data[0] = 150;
      return { name: "EnableContinuousUpdates", data, pass: true };
    }
    case 7: {
      const length = Math.floor(rand() * 64);
      const header = bytes(rand, 9);
      header[0] = 248;
      header[8] = length;
      return { name: "ClientFence", data: Buffer.concat([header, bytes(rand, length)]), pass: true };
    }
    case 8:
      return { name: "xvp", data: Buffer.from([250, 0, 1, 4]), pass: false };
    case 9: {
      const screens = Math.floor(rand() * 3);
      const header = bytes(rand, 8);
      header[0] = 251;
      header[6] = screens;
      return { name: "SetDesktopSize", data: Buffer.concat([header, bytes(rand, 16 * screens)]), pass: false };
    }
    default: {
      const data = bytes(rand, 12);
      data[0] = 255;
      data[1] = 0;
      return { name: "QEMU extended KeyEvent", data, pass: false };
    }
  }
}

/** Feeds `stream` to a fresh filter in random chunks (sizes 1 to maxChunk) and returns what it passed. */
function filterInChunks(stream: Buffer, rand: () => number, maxChunk: number): { passed: Buffer; filter: ViewOnlyFilter } {
  const filter = new ViewOnlyFilter();
  const out: Buffer[] = [];
  for (let i = 0; i < stream.length; ) {
    const n = Math.min(stream.length - i, 1 + Math.floor(rand() * maxChunk));
    // A copy, so the filter cannot lean on the chunk's underlying buffer.
    out.push(Buffer.from(filter.push(Buffer.from(stream.subarray(i, i + n)))));
    i += n;
  }
  return { passed: Buffer.concat(out), filter };
}

describe("ViewOnlyFilter", () => {
  it("passes the handshake and every non-input message byte-exact and drops input, across random chunk splits", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rand = random(seed);
      const messages = [...handshake(rand, seed % 2 ? 1 : 2), ...Array.from({ length: 60 }, () => message(rand))];
      const stream = Buffer.concat(messages.map((m) => m.data));
      const expected = Buffer.concat(messages.filter((m) => m.pass).map((m) => m.data));
      const droppedBytes = messages.filter((m) => !m.pass).reduce((sum, m) => sum + m.data.length, 0);
      const maxChunk = [1, 3, 17, 700, 5000][seed % 5]!;
      const { passed, filter } = filterInChunks(stream, rand, maxChunk);
      expect(passed.equals(expected), `seed ${seed}, chunks up to ${maxChunk}`).toBe(true);
      expect(filter.dropped).toBe(droppedBytes);
    }
  });

  it("passes a stream fed in one piece unchanged when it holds no input", () => {
    const rand = random(7);
    const stream = Buffer.concat([...handshake(rand, 2), ...Array.from({ length: 50 }, () => message(rand))].filter((m) => m.pass).map((m) => m.data));
    expect(new ViewOnlyFilter().push(stream).equals(stream)).toBe(true);
  });

  it("drops a key press whose bytes look like another message", () => {
    const filter = new ViewOnlyFilter();
    filter.push(Buffer.concat(handshake(random(1), 1).map((m) => m.data)));
    // KeyEvent down for "3" (0x33), then a FramebufferUpdateRequest: only the request passes.
    const key = Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x33]);
    const request = Buffer.from([3, 0, 0, 0, 0, 0, 0, 80, 0, 25]);
    expect(filter.push(Buffer.concat([key, request])).equals(request)).toBe(true);
  });

  it("drops a long clipboard message without holding it (a 1 MiB paste in 4 KiB pieces)", () => {
    const filter = new ViewOnlyFilter();
    filter.push(Buffer.concat(handshake(random(2), 1).map((m) => m.data)));
    const header = Buffer.from([6, 0, 0, 0, 0, 0, 0, 0]);
    header.writeInt32BE(1 << 20, 4);
    expect(filter.push(header).length).toBe(0);
    for (let i = 0; i < 256; i++) expect(filter.push(Buffer.alloc(4096, 0x61)).length).toBe(0);
    const request = Buffer.from([3, 1, 0, 0, 0, 0, 2, 128, 1, 144]);
    expect(filter.push(request).equals(request)).toBe(true);
  });

  it("refuses what it cannot frame: an unknown message type, an unknown QEMU message, RFB 3.3, a foreign security type", () => {
    const ready = () => {
      const f = new ViewOnlyFilter();
      f.push(Buffer.concat(handshake(random(3), 1).map((m) => m.data)));
      return f;
    };
    expect(() => ready().push(Buffer.from([7, 0, 0, 0]))).toThrow(ViewOnlyProtocolError);
    expect(() => ready().push(Buffer.from([255, 1, 0, 0]))).toThrow(ViewOnlyProtocolError);
    expect(() => new ViewOnlyFilter().push(Buffer.from("RFB 003.003\n", "latin1"))).toThrow(ViewOnlyProtocolError);
    expect(() => new ViewOnlyFilter().push(Buffer.from("RFB 003.008\n\x10", "latin1"))).toThrow(ViewOnlyProtocolError);
  });
});

describe("DropAllFilter", () => {
  it("lets nothing through (serial view-only)", () => {
    const filter = new DropAllFilter();
    expect(filter.push(Buffer.from("reboot\r")).length).toBe(0);
    expect(filter.dropped).toBe(7);
  });
});
