import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { duplexPair, type Duplex } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { ConsoleChannel } from "@/lib/console/console-types";
import type { ConsumeConsoleSession, ServedConsole } from "@/lib/console/relay-port";
import { attachWebSockets } from "@/server/attach-websockets";
import { CONSOLE_CLOSE } from "./console-close-codes";
import { createConsoleRelayRoute, type ConsoleRelayOptions } from "./console-relay";
import { registerWebSocketRoute } from "./registry";

const ORIGIN = "http://portal.example:3000";

interface FakeSession {
  consume: ConsumeConsoleSession;
  consumeCalls: number;
  /** The relay's end of the console stream, once opened. */
  relaySide: Promise<Duplex>;
  /** The machine's end: what the test reads and writes as the console. */
  machine: Promise<Duplex>;
  closed: string[];
  closeReason: string | null;
}

/**
 * A console session kept in memory: its token is spent once (the database does this atomically in
 * the product), open() hands the relay one end of a duplex pair and the test keeps the other.
 */
function fakeSession(options: { channel?: ConsoleChannel; viewOnly?: boolean; closesInMs?: number; noDisplay?: boolean } = {}): FakeSession {
  let spent = false;
  let resolveRelay!: (d: Duplex) => void;
  let resolveMachine!: (d: Duplex) => void;
  const session: FakeSession = {
    consumeCalls: 0,
    relaySide: new Promise((r) => (resolveRelay = r)),
    machine: new Promise((r) => (resolveMachine = r)),
    closed: [],
    closeReason: null,
    async consume(dial) {
      session.consumeCalls++;
      await new Promise((r) => setTimeout(r, 5));
      if (dial.sessionId !== "s1" || dial.token !== "t1" || spent) return null;
      spent = true;
      return served;
    },
  };
  const served: ServedConsole = {
    sessionId: "s1",
    serviceId: "svc1",
    channel: options.channel ?? "rfb",
    viewOnly: options.viewOnly ?? false,
    closesAt: new Date(Date.now() + (options.closesInMs ?? 3_600_000)),
    async open() {
      if (options.noDisplay) throw new Error("The VM is stopped.");
      const [relay, machine] = duplexPair();
      resolveRelay(relay);
      resolveMachine(machine);
      return relay;
    },
    async closeReason() {
      return session.closeReason;
    },
    async closed(reason) {
      session.closed.push(reason);
    },
  };
  return session;
}

interface Harness {
  url(token?: string | null, session?: string): string;
  /** The server's websocket of each accepted viewer. */
  serverSockets: WebSocket[];
  ended: string[];
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function relayServer(consume: ConsumeConsoleSession, extra: Partial<ConsoleRelayOptions> = {}): Promise<Harness> {
  const harness: Harness = { url: () => "", serverSockets: [], ended: [] };
  const route = createConsoleRelayRoute({ consume, allowedOrigin: ORIGIN, log: () => {}, onRelayEnded: (_, reason) => harness.ended.push(reason), ...extra });
  const unregister = registerWebSocketRoute({
    ...route,
    onConnection(socket, req, params) {
      harness.serverSockets.push(socket);
      route.onConnection(socket, req, params);
    },
  });
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  const ws = attachWebSockets(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  harness.url = (token = "t1", session = "s1") => `ws://127.0.0.1:${port}/api/console/ws/${session}${token === null ? "" : `?token=${token}`}`;
  cleanups.push(async () => {
    unregister();
    ws.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return harness;
}

/** Dials and settles: "open" with the client, or the HTTP status of the refusal. */
function dial(url: string, options: { origin?: string; autoPong?: boolean } = { origin: ORIGIN }): Promise<{ status: number; client?: WebSocket }> {
  return new Promise((resolve, reject) => {
    const client = new WebSocket(url, { ...(options.origin ? { origin: options.origin } : {}), autoPong: options.autoPong ?? true });
    cleanups.push(() => client.terminate());
    client.once("open", () => resolve({ status: 101, client }));
    client.once("unexpected-response", (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    client.once("error", reject);
  });
}

function closed(client: WebSocket): Promise<{ code: number; reason: string; at: number }> {
  return new Promise((resolve) => client.once("close", (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })));
}

function collect(stream: Duplex | WebSocket, until: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let length = 0;
    const take = (data: Buffer) => {
      parts.push(Buffer.from(data));
      length += data.length;
      if (length >= until) resolve(Buffer.concat(parts));
    };
    if (stream instanceof WebSocket) stream.on("message", (d) => take(d as Buffer));
    else stream.on("data", take);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(condition: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(10);
  }
}

describe("console relay: refusals before the upgrade", () => {
  it("refuses a missing or foreign Origin with 403 and does not spend the token", async () => {
    const session = fakeSession();
    const h = await relayServer(session.consume);
    expect((await dial(h.url(), {})).status).toBe(403);
    expect((await dial(h.url(), { origin: "http://evil.example" })).status).toBe(403);
    // Same host, other scheme or port: another origin.
    expect((await dial(h.url(), { origin: "https://portal.example:3000" })).status).toBe(403);
    expect((await dial(h.url(), { origin: "http://portal.example:3001" })).status).toBe(403);
    expect((await dial(h.url(), { origin: "null" })).status).toBe(403);
    expect(session.consumeCalls).toBe(0);
    expect((await dial(h.url())).status).toBe(101);
  });

  it("refuses a dial without a token or with an empty one before asking the domain", async () => {
    const session = fakeSession();
    const h = await relayServer(session.consume);
    expect((await dial(h.url(null))).status).toBe(403);
    expect((await dial(h.url(""))).status).toBe(403);
    expect(session.consumeCalls).toBe(0);
  });

  it("serves a token once: a second dial, a wrong token and an unknown session are refused", async () => {
    const session = fakeSession();
    const h = await relayServer(session.consume);
    expect((await dial(h.url("wrong"))).status).toBe(403);
    expect((await dial(h.url("t1", "other"))).status).toBe(403);
    expect((await dial(h.url())).status).toBe(101);
    expect((await dial(h.url())).status).toBe(403);
  });

  it("of 20 parallel dials with one token exactly one opens", async () => {
    const session = fakeSession();
    const h = await relayServer(session.consume);
    const results = await Promise.all(Array.from({ length: 20 }, () => dial(h.url())));
    expect(results.filter((r) => r.status === 101)).toHaveLength(1);
    expect(results.filter((r) => r.status === 403)).toHaveLength(19);
  });

  it("records the end of a session whose viewer left before the upgrade completed", async () => {
    const session = fakeSession();
    let releaseConsume!: () => void;
    const held = new Promise<void>((r) => (releaseConsume = r));
    const h = await relayServer(async (d) => {
      await held;
      return session.consume(d);
    });
    const client = new WebSocket(h.url(), { origin: ORIGIN });
    client.on("error", () => {});
    await sleep(100);
    client.terminate();
    await sleep(50);
    releaseConsume();
    await waitFor(() => session.closed.length === 1);
    expect(session.closed).toEqual(["the viewer left before the console opened"]);
  });
});

describe("console relay: bytes", () => {
  it("relays binary frames both ways byte-exact", async () => {
    const session = fakeSession({ channel: "serial" });
    const h = await relayServer(session.consume);
    const { client } = await dial(h.url());
    const machine = await session.machine;
    const up = randomBytes(300_000);
    const down = randomBytes(3_000_000);
    const gotUp = collect(machine, up.length);
    const gotDown = collect(client!, down.length);
    for (let i = 0; i < up.length; i += 7_001) client!.send(up.subarray(i, i + 7_001));
    for (let i = 0; i < down.length; i += 65_536) machine.write(down.subarray(i, i + 65_536));
    expect((await gotUp).equals(up)).toBe(true);
    expect((await gotDown).equals(down)).toBe(true);
  });

  it("view-only RFB: the console gets the handshake and update requests, never keys, pointer or clipboard", async () => {
    const session = fakeSession({ viewOnly: true });
    const h = await relayServer(session.consume);
    const { client } = await dial(h.url());
    const machine = await session.machine;
    const handshake = Buffer.concat([Buffer.from("RFB 003.008\n"), Buffer.from([1]), Buffer.from([1])]);
    const key = Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x72]);
    const pointer = Buffer.from([5, 1, 0, 10, 0, 10]);
    const cut = Buffer.concat([Buffer.from([6, 0, 0, 0, 0, 0, 0, 6]), Buffer.from("reboot")]);
    const request = Buffer.from([3, 0, 0, 0, 0, 0, 2, 128, 1, 144]);
    const expected = Buffer.concat([handshake, request, request]);
    const got = collect(machine, expected.length);
    // Split so that messages straddle frames.
    const stream = Buffer.concat([handshake, key, request, pointer, cut, key, request]);
    for (let i = 0; i < stream.length; i += 5) client!.send(stream.subarray(i, i + 5));
    expect((await got).equals(expected)).toBe(true);
    // Nothing else arrives later.
    await sleep(100);
    expect(machine.readableLength).toBe(0);
    // The console's own bytes still reach the viewer.
    const screen = collect(client!, 4);
    machine.write(Buffer.from("RFB "));
    expect((await screen).toString()).toBe("RFB ");
  });

  it("view-only RFB: bytes the filter cannot frame close the viewer with 4003", async () => {
    const session = fakeSession({ viewOnly: true });
    const h = await relayServer(session.consume);
    const { client } = await dial(h.url());
    await session.machine;
    const end = closed(client!);
    client!.send(Buffer.concat([Buffer.from("RFB 003.008\n"), Buffer.from([1, 1, 99, 0, 0])]));
    expect((await end).code).toBe(CONSOLE_CLOSE.viewerProtocol);
    expect(session.closed).toHaveLength(1);
    expect(session.closed[0]).toMatch(/viewer protocol error/);
  });

  it("view-only serial: nothing the viewer types reaches the console", async () => {
    const session = fakeSession({ channel: "serial", viewOnly: true });
    const h = await relayServer(session.consume);
    const { client } = await dial(h.url());
    const machine = await session.machine;
    let received = 0;
    machine.on("data", (d: Buffer) => (received += d.length));
    client!.send(Buffer.from("shutdown -h now\r"));
    client!.send("reboot\r");
    const echo = collect(client!, 6);
    machine.write("login:");
    expect((await echo).toString()).toBe("login:");
    await sleep(100);
    expect(received).toBe(0);
  });
});

describe("console relay: closing", () => {
  it("closes with 4409 'waiting for display' when the machine has no display", async () => {
    const session = fakeSession({ noDisplay: true });
    const h = await relayServer(session.consume);
    const { client } = await dial(h.url());
    const end = await closed(client!);
    expect(end).toMatchObject({ code: CONSOLE_CLOSE.noDisplay, reason: "waiting for display" });
    expect(session.closed).toEqual(["no display: The VM is stopped."]);
  });

  it("closes within 5 s of the domain's closeReason (default check interval), with code 4000 and its sentence", async () => {
    const session = fakeSession();
    const h = await relayServer(session.consume);
    const { client } = await dial(h.url());
    const relaySide = await session.relaySide;
    const end = closed(client!);
    const revokedAt = Date.now();
    session.closeReason = "This console link was revoked.";
    const result = await end;
    expect(result.code).toBe(CONSOLE_CLOSE.closedByService);
    expect(result.reason).toBe("This console link was revoked.");
    expect(result.at - revokedAt).toBeLessThan(5_000);
    await waitFor(() => relaySide.destroyed);
    expect(session.closed).toEqual(["This console link was revoked."]);
    expect(h.ended).toEqual(["This console link was revoked."]);
  });

  it("closes at the session's absolute end with 4001 and closes the console stream", async () => {
    const session = fakeSession({ closesInMs: 400 });
    const h = await relayServer(session.consume);
    const { client } = await dial(h.url());
    const relaySide = await session.relaySide;
    const result = await closed(client!);
    expect(result.code).toBe(CONSOLE_CLOSE.sessionEnded);
    expect(result.reason).toBe("The console session has ended.");
    expect(relaySide.destroyed).toBe(true);
    expect(session.closed).toEqual(["session ended"]);
  });

  it("closes a session idle for the idle limit (4002) and keeps a busy one open", async () => {
    const session = fakeSession();
    const h = await relayServer(session.consume, { limits: { idleMs: 600, checkIntervalMs: 100 } });
    const { client } = await dial(h.url());
    const machine = await session.machine;
    const end = closed(client!);
    // Bytes every 150 ms for a second: longer than the idle limit, never idle.
    client!.on("message", () => {});
    for (let i = 0; i < 7; i++) {
      machine.write("x");
      await sleep(150);
    }
    expect(client!.readyState).toBe(WebSocket.OPEN);
    expect((await end).code).toBe(CONSOLE_CLOSE.idle);
    expect(session.closed).toEqual(["idle"]);
  });

  it("cuts off a viewer that stops answering pings", async () => {
    const session = fakeSession();
    const h = await relayServer(session.consume, { limits: { pingIntervalMs: 100 } });
    const { client } = await dial(h.url(), { origin: ORIGIN, autoPong: false });
    const relaySide = await session.relaySide;
    await waitFor(() => session.closed.length === 1);
    expect(session.closed).toEqual(["the viewer stopped answering"]);
    expect(relaySide.destroyed).toBe(true);
    expect(client).toBeDefined();
  });

  it("the viewer closing closes the console stream; the console ending closes the viewer with 4004", async () => {
    const first = fakeSession();
    const h1 = await relayServer(first.consume);
    const { client } = await dial(h1.url());
    const relaySide = await first.relaySide;
    client!.close(1000);
    await waitFor(() => relaySide.destroyed);
    expect(first.closed).toEqual(["viewer disconnected (1000)"]);

    const second = fakeSession();
    const h2 = await relayServer(second.consume);
    const viewer = (await dial(h2.url())).client!;
    const machine = await second.machine;
    const end = closed(viewer);
    machine.end();
    expect(await end).toMatchObject({ code: CONSOLE_CLOSE.consoleClosed, reason: "The console closed." });
    expect(second.closed).toEqual(["The console closed."]);
  });
});

describe("console relay: backpressure", () => {
  it("a viewer that does not read pauses the console: the server's queue stays bounded", async () => {
    const session = fakeSession();
    const h = await relayServer(session.consume);
    const { client } = await dial(h.url());
    const machine = await session.machine;
    const relaySide = await session.relaySide;
    let received = 0;
    client!.on("message", (d: Buffer) => (received += d.length));
    client!.pause();
    let written = 0;
    let stop = false;
    const chunk = randomBytes(64 * 1024);
    const producer = (async () => {
      while (!stop) {
        written += chunk.length;
        if (!machine.write(chunk)) await new Promise<void>((r) => machine.once("drain", () => r()));
      }
    })();
    await sleep(1_500);
    const plateau = written;
    await sleep(500);
    const server = h.serverSockets[0]!;
    // The console is held: nothing more was taken from it, the relay's queue is within its high-water mark.
    expect(written).toBe(plateau);
    expect(relaySide.isPaused()).toBe(true);
    expect(server.bufferedAmount).toBeLessThanOrEqual(1024 * 1024 + chunk.length);
    // Kernel socket buffers plus the mark: far below what an unbounded relay would have queued in 2 s.
    expect(written).toBeLessThan(48 * 1024 * 1024);
    // A viewer that reads again gets everything, and the console runs again.
    client!.resume();
    await waitFor(() => received >= plateau);
    await waitFor(() => written > plateau);
    stop = true;
    machine.resume();
    await Promise.race([producer, sleep(100)]);
  });

  it("a console that does not read pauses the viewer's socket, then everything arrives byte-exact", async () => {
    const session = fakeSession({ channel: "serial" });
    const h = await relayServer(session.consume);
    const { client } = await dial(h.url());
    const machine = await session.machine;
    const payload = randomBytes(8 * 1024 * 1024);
    for (let i = 0; i < payload.length; i += 64 * 1024) client!.send(payload.subarray(i, i + 64 * 1024));
    await sleep(1_000);
    // The machine has not read: the relay stopped reading the websocket, the rest waits in the viewer's queue and TCP.
    expect(h.serverSockets[0]!.isPaused).toBe(true);
    expect(machine.readableLength).toBeLessThan(2 * 1024 * 1024);
    const got = await collect(machine, payload.length);
    expect(got.equals(payload)).toBe(true);
  });
});
