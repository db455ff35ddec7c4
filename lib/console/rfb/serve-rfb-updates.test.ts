import net from "node:net";
import type { Duplex } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { TextScreen } from "../text-screen";
import { serveRfb } from "./serve-rfb";
import { ByteReader } from "./testing/byte-reader";
import { rfbPair } from "./testing/rfb-pair";
import { readScreenText } from "./testing/read-screen-text";
import { RfbTestClient, updateRequest } from "./testing/rfb-test-client";
import { vncAuthResponse } from "./vnc-auth-response";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rowBand = (row: number, rows = 1) => ({ x: 0, y: row * 16, width: 640, height: rows * 16, encoding: 0 });

/** A TextScreen that counts its subscribers, to see a connection unsubscribe. */
class CountingScreen extends TextScreen {
  subscribers = 0;
  override onChange(listener: () => void): () => void {
    this.subscribers++;
    const unsubscribe = super.onChange(listener);
    let done = false;
    return () => {
      if (!done) this.subscribers--;
      done = true;
      return unsubscribe();
    };
  }
}

async function connected(screen = new TextScreen()) {
  const pair = rfbPair({ screen });
  const client = await RfbTestClient.connect(pair.clientStream);
  await client.update(false);
  return { ...pair, client };
}

describe("serveRfb updates", () => {
  it("answers an incremental request with only the changed rows, one rectangle per run", async () => {
    const { screen, client } = await connected();
    // The cursor leaves row 0 (redrawn without it) for row 3.
    screen.write("\x1b[4;1Hhello");
    expect(await client.update(true)).toEqual([rowBand(0), rowBand(3)]);
    expect(readScreenText(client.framebuffer, 640, 400)[3]).toBe("hello");

    screen.write("\r\nline five\r\nline six");
    expect(await client.update(true)).toEqual([rowBand(3, 3)]);
    expect(readScreenText(client.framebuffer, 640, 400).slice(3, 6)).toEqual(["hello", "line five", "line six"]);
  });

  it("a first incremental request gets the whole screen", async () => {
    const pair = rfbPair();
    const client = await RfbTestClient.connect(pair.clientStream);
    expect(await client.update(true)).toEqual([rowBand(0, 25)]);
  });

  it("a non-incremental request redraws the area asked for, changed or not", async () => {
    const { client } = await connected();
    expect(await client.update(false)).toEqual([rowBand(0, 25)]);
    client.requestUpdate(false, { x: 8, y: 20, width: 30, height: 10 });
    expect(await client.nextUpdate()).toEqual([{ x: 8, y: 20, width: 30, height: 10, encoding: 0 }]);
    // Clipped to the framebuffer.
    client.requestUpdate(false, { x: 600, y: 390, width: 100, height: 100 });
    expect(await client.nextUpdate()).toEqual([{ x: 600, y: 390, width: 40, height: 10, encoding: 0 }]);
  });

  it("keeps an incremental request pending while nothing changed, and answers when the screen changes", async () => {
    const { screen, client } = await connected();
    client.requestUpdate(true);
    await sleep(50);
    expect(client.reader.available).toBe(0);
    screen.write("x");
    expect(await client.nextUpdate()).toEqual([rowBand(0)]);
    expect(readScreenText(client.framebuffer, 640, 400)[0]).toBe("x");
  });

  it("holds at most one pending request: five requests, one change, one update", async () => {
    const { screen, client } = await connected();
    for (let i = 0; i < 5; i++) client.requestUpdate(true);
    await sleep(30);
    screen.write("a");
    screen.write("b");
    screen.write("c");
    expect(await client.nextUpdate()).toEqual([rowBand(0)]);
    await sleep(50);
    expect(client.reader.available).toBe(0);
  });

  it("does not buffer without bound for a viewer that does not read", async () => {
    const { serverStream, clientStream, screen } = rfbPair();
    const client = await RfbTestClient.connect(clientStream);
    const frame = 4 + 12 + 640 * 400 * 4;
    clientStream.pause();
    for (let i = 0; i < 50; i++) client.requestUpdate(false);
    for (let i = 0; i < 50; i++) screen.write(`line ${i}\r\n`);
    await sleep(50);
    expect(serverStream.writableLength).toBeLessThanOrEqual(frame);
    clientStream.resume();
    // The first frame, then the other 49 requests merged into one.
    await client.nextUpdate();
    await client.nextUpdate();
    await sleep(50);
    expect(client.reader.available).toBe(0);
    expect(readScreenText(client.framebuffer, 640, 400)[23]).toBe("line 49");
  });

  it("unsubscribes from the screen when the viewer hangs up or the server closes", async () => {
    const screen = new CountingScreen();
    const first = await connected(screen);
    const second = await connected(screen);
    expect(screen.subscribers).toBe(2);
    first.client.close();
    await sleep(10);
    expect(screen.subscribers).toBe(1);
    second.server.close();
    await second.client.reader.expectClosed();
    expect(screen.subscribers).toBe(0);
    screen.write("still fine");
  });

  it("a viewer that ends its side is closed", async () => {
    const screen = new CountingScreen();
    const { client } = await connected(screen);
    client.stream.end();
    await client.reader.expectClosed();
    expect(screen.subscribers).toBe(0);
  });
});

describe("RfbTestClient.waitForText", () => {
  it("follows updates until the text appears, as a watching viewer does", async () => {
    const { screen, client } = await connected();
    setTimeout(() => screen.write("Loading kernel..."), 20);
    setTimeout(() => screen.write("\r\nweb-01 login: "), 60);
    const lines = await client.waitForText(/login:$/m);
    expect(lines.slice(0, 2)).toEqual(["Loading kernel...", "web-01 login:"]);
    expect(client.text()[1]).toBe("web-01 login:");
  });

  it("fails with the screen it saw", async () => {
    const { screen, client } = await connected();
    screen.write("nothing here");
    const started = Date.now();
    await expect(client.waitForText("login:", 300)).rejects.toThrow(/nothing here/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("serveRfb client messages", () => {
  it("delivers KeyEvent and PointerEvent", async () => {
    const { client, keys, pointers } = await connected();
    client.type("ls\n");
    client.key(0xffe3, true); // Control_L
    client.pointer(100, 200, 1);
    client.pointer(101, 200, 0);
    await sleep(20);
    expect(keys).toEqual([
      [0x6c, true],
      [0x6c, false],
      [0x73, true],
      [0x73, false],
      [0xff0d, true],
      [0xff0d, false],
      [0xffe3, true],
    ]);
    expect(pointers).toEqual([
      [100, 200, 1],
      [101, 200, 0],
    ]);
  });

  it("handles every message when the bytes arrive one at a time", async () => {
    const { clientStream, keys, pointers, screen } = rfbPair({ password: "pw" });
    const r = new ByteReader(clientStream);
    const dribble = async (data: Buffer | string) => {
      for (const byte of Buffer.from(data)) {
        clientStream.write(Buffer.from([byte]));
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await r.read(12);
    await dribble("RFB 003.008\n");
    await r.read(2);
    await dribble(Buffer.from([2]));
    await dribble(Buffer.from(vncAuthResponse("pw", await r.read(16))));
    expect(await r.readU32()).toBe(0);
    await dribble(Buffer.from([1]));
    await r.read(24 + 7);
    const setEncodings = Buffer.from([2, 0, 0, 3, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x21, 0xff, 0xff, 0xfe, 0xfc]); // Raw, DesktopSize, an unknown one
    const cutText = Buffer.concat([Buffer.from([6, 0, 0, 0, 0, 0, 0, 5]), Buffer.from("hello")]);
    const key = Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x41]);
    const pointer = Buffer.from([5, 4, 0, 10, 0, 20]);
    await dribble(Buffer.concat([setEncodings, cutText, key, pointer, updateRequest(false, { x: 0, y: 0, width: 8, height: 16 })]));
    expect(await r.read(4)).toEqual(Buffer.from([0, 0, 0, 1]));
    await r.read(12 + 8 * 16 * 4);
    expect(keys).toEqual([[0x41, true]]);
    expect(pointers).toEqual([[10, 20, 4]]);
    screen.write("x");
  });

  it("handles several messages in one chunk, including a long ClientCutText split across chunks", async () => {
    const { client, keys } = await connected();
    const text = Buffer.alloc(100_000, "z");
    const head = Buffer.from([6, 0, 0, 0, 0, 0, 0, 0]);
    head.writeUInt32BE(text.length, 4);
    const message = Buffer.concat([head, text, Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x61]), Buffer.from([4, 0, 0, 0, 0, 0, 0, 0x61])]);
    client.stream.write(message.subarray(0, 3));
    client.stream.write(message.subarray(3, 50_000));
    client.stream.write(message.subarray(50_000, message.length - 4));
    client.stream.write(Buffer.concat([message.subarray(message.length - 4), updateRequest(false, { x: 0, y: 0, width: 1, height: 1 })]));
    expect(await client.nextUpdate()).toEqual([{ x: 0, y: 0, width: 1, height: 1, encoding: 0 }]);
    expect(keys).toEqual([
      [0x61, true],
      [0x61, false],
    ]);
  });

  it("skips the extended ClientCutText form (negative length)", async () => {
    const { client, keys } = await connected();
    const head = Buffer.from([6, 0, 0, 0, 0, 0, 0, 0]);
    head.writeInt32BE(-12, 4);
    client.stream.write(Buffer.concat([head, Buffer.alloc(12, 1), Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x62])]));
    client.requestUpdate(false, { x: 0, y: 0, width: 1, height: 1 });
    await client.nextUpdate();
    expect(keys).toEqual([[0x62, true]]);
  });

  it("closes on a SetEncodings longer than any client sends", async () => {
    const { client } = await connected();
    client.setEncodings(Array.from({ length: 1025 }, (_, i) => i));
    await client.reader.expectClosed();
  });

  it("closes on an unknown message type and reads nothing after it", async () => {
    const { client, keys } = await connected();
    client.stream.write(Buffer.from([99, 4, 1, 0, 0, 0, 0, 0, 0x41]));
    await client.reader.expectClosed();
    expect(keys).toEqual([]);
  });

  it("closes the connection, not the process, when onKey throws", async () => {
    const screen = new CountingScreen();
    const [serverStream, clientStream] = (await import("./testing/duplex-pair")).duplexPair();
    serveRfb(serverStream, {
      screen,
      name: "x",
      password: null,
      onKey: () => {
        throw new Error("guest crashed");
      },
    });
    const client = await RfbTestClient.connect(clientStream);
    client.key(0x41, true);
    await client.reader.expectClosed();
    expect(screen.subscribers).toBe(0);
  });
});

describe("serveRfb over TCP", () => {
  const servers: net.Server[] = [];
  afterEach(() => servers.forEach((s) => s.close()));

  it("serves a password-protected screen to a client on a real socket", async () => {
    const screen = new TextScreen();
    screen.write("Rackfront BIOS v1.0\r\nbooting...");
    const keys: number[] = [];
    const server = net.createServer((socket) =>
      serveRfb(socket, { screen, name: "vm-42", password: "tcp-pass", onKey: (k, down) => down && keys.push(k) }),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const socket: Duplex = net.connect(port, "127.0.0.1");
    const client = await RfbTestClient.connect(socket, { password: "tcp-pass" });
    expect(client.name).toBe("vm-42");
    client.setPixelFormat({ ...client.pixelFormat!, bitsPerPixel: 16, depth: 16, redMax: 31, greenMax: 63, blueMax: 31, redShift: 11, greenShift: 5, blueShift: 0 });
    client.setEncodings([0, -223]);
    await client.update(false);
    expect(readScreenText(client.framebuffer, client.width, client.height).slice(0, 2)).toEqual(["Rackfront BIOS v1.0", "booting..."]);
    client.type("y");
    screen.write(" ok");
    expect(await client.update(true)).toEqual([rowBand(1)]);
    expect(readScreenText(client.framebuffer, client.width, client.height)[1]).toBe("booting... ok");
    expect(keys).toEqual([0x79]);
    client.close();
  });

  it("refuses a wrong password over TCP with the reason", async () => {
    const screen = new TextScreen();
    const server = net.createServer((socket) => serveRfb(socket, { screen, name: "vm", password: "right", onKey: () => {} }));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    await expect(RfbTestClient.connect(net.connect(port, "127.0.0.1"), { password: "wrong" })).rejects.toThrow("Authentication failed");
  });
});
