import type { Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { GameProcess } from "../process/game-process";
import { signConsoleToken } from "../protocol/console-token";
import { CONSOLE_WS_CLOSE, type ConsoleServerEvent } from "../protocol/node-api";
import { NODE_TOKEN, OTHER_ID, SERVER_ID, consoleToken, installed, startAgent, stopAll, waitForStatus, type TestAgent } from "./testing/agent-harness";
import { connectConsole, openConsole } from "./testing/console-client";

afterEach(async () => {
  vi.restoreAllMocks();
  await stopAll();
});

async function runningServer(options: Parameters<typeof startAgent>[0] = {}): Promise<TestAgent> {
  const node = await startAgent(options);
  await installed(node);
  await node.api("POST", `/api/servers/${SERVER_ID}/power`, { action: "start" });
  await waitForStatus(node, (view) => view.state === "running", "running");
  return node;
}

const isStatus = (state: string) => (frame: ConsoleServerEvent) => frame.event === "status" && frame.args[0] === state;

/** Resolves with the HTTP status when the upgrade is refused. */
function refusedUpgrade(url: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, origin ? { origin } : {});
    socket.on("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("open", () => reject(new Error("the upgrade was accepted")));
    socket.on("error", () => {});
  });
}

describe("console websocket", () => {
  it("sends auth success, the status and the scrollback on connect, then live lines", async () => {
    const node = await runningServer();
    const client = await openConsole(node);
    await client.waitForLine(/^Ready$/);
    expect(client.frames[0]).toEqual({ event: "auth success", args: [] });
    expect(client.frames[1]).toEqual({ event: "status", args: ["running"] });
    // The install's daemon lines, then the server's own output, oldest first.
    expect(client.lines()).toEqual(["[Rackfront Daemon] Installing Echo (echo)…", "[Rackfront Daemon] Install finished.", "hello on port 25565 runtime null", "Ready"]);

    await node.api("POST", `/api/servers/${SERVER_ID}/commands`, { command: "from the portal" });
    await client.waitForLine(/^echo: from the portal$/);
    client.send("send command", "from the browser");
    await client.waitForLine(/^echo: from the browser$/);

    // send logs: the scrollback again.
    const before = client.frames.length;
    client.send("send logs");
    await client.waitFor((frame) => frame.event === "console output" && frame.args[0] === "echo: from the browser" && client.frames.indexOf(frame) >= before, "the scrollback again");
    client.close();
  });

  it("fans one server out to several viewers and sends status changes to all of them", async () => {
    const node = await runningServer();
    const a = await openConsole(node);
    const b = await openConsole(node);
    a.send("set state", "restart");
    for (const client of [a, b]) {
      for (const state of ["stopping", "offline", "starting", "running"]) await client.next(isStatus(state), state);
    }
    a.send("set state", "stop");
    await b.next(isStatus("stopping"), "stopping");
    await b.next(isStatus("offline"), "offline");
    // A refused verb is answered to the one who asked, as a sentence.
    b.send("set state", "stop");
    await b.waitFor((frame) => frame.event === "error" && frame.args[0] === "The server is not running.", "the refusal");
    b.send("set state", "explode");
    await b.waitFor((frame) => frame.event === "error" && /start, stop, restart or kill/.test(frame.args[0]), "unknown verb");
    b.send("send command", "anyone there?");
    await b.waitFor((frame) => frame.event === "error" && frame.args[0] === "The server is not running.", "command refused");
    expect(a.frames.some((frame) => frame.event === "error")).toBe(false);
    a.close();
    b.close();
  });

  it("sends stats every interval, sampled once per server for all viewers", async () => {
    const usage = vi.spyOn(GameProcess.prototype, "usage");
    const node = await runningServer({ statsIntervalMs: 100 });
    const viewers = await Promise.all([openConsole(node), openConsole(node), openConsole(node)]);
    usage.mockClear();
    for (const viewer of viewers) {
      const frame = await viewer.waitFor((f) => f.event === "stats", "stats");
      expect(frame.args[0]).toMatchObject({ state: "running", networkRxBytes: expect.any(Number), networkTxBytes: expect.any(Number) });
    }
    const first = viewers[0];
    await first.waitFor((f) => f.event === "stats" && first.frames.filter((g) => g.event === "stats").length >= 6, "six stats");
    const stats = first.frames.filter((f) => f.event === "stats").map((f) => f.args[0] as { memoryBytes: number; diskBytes: number });
    expect(stats.at(-1)!.memoryBytes).toBeGreaterThan(1024 * 1024);
    // The disk walk is reused for 5 s (GameProcess), so it may still be the one from before the install.
    expect(stats.at(-1)!.diskBytes).toBeGreaterThanOrEqual(0);
    // Three viewers, one sample per interval: about as many samples as one viewer's stats, not three times as many.
    expect(usage.mock.calls.length).toBeLessThanOrEqual(stats.length + 2);
    for (const viewer of viewers) viewer.close();
  });

  it("refuses a bad token, a token for another server and an expired one", async () => {
    const node = await runningServer();
    const forged = signConsoleToken("another-node-token-0123456789abcdefgh", { sid: SERVER_ID, exp: Math.floor(Date.now() / 1000) + 600, perms: ["console.read"] });
    for (const token of ["", "garbage", "a.b", forged]) {
      const client = connectConsole(node, { token });
      expect(await client.closed).toEqual({ code: CONSOLE_WS_CLOSE.tokenInvalid, reason: "The console token is not valid." });
      expect(client.frames.some((frame) => frame.event === "console output" || frame.event === "auth success")).toBe(false);
    }
    const wrongSid = connectConsole(node, { token: consoleToken(OTHER_ID) });
    expect(await wrongSid.closed).toMatchObject({ code: CONSOLE_WS_CLOSE.tokenInvalid, reason: "The console token is for another server." });
    const noRead = connectConsole(node, { token: consoleToken(SERVER_ID, ["power"]) });
    expect((await noRead.closed).code).toBe(CONSOLE_WS_CLOSE.tokenInvalid);

    const expired = connectConsole(node, { token: consoleToken(SERVER_ID, ["console.read"], -1) });
    expect((await expired.closed).code).toBe(CONSOLE_WS_CLOSE.tokenExpired);
    expect(expired.frames).toEqual([{ event: "token expired", args: [] }]);

    // A valid token for a server this node does not have.
    const unknown = connectConsole(node, { id: OTHER_ID, token: consoleToken(OTHER_ID) });
    expect((await unknown.closed).code).toBe(CONSOLE_WS_CLOSE.serverDeleted);
    expect(await refusedUpgrade(`ws://127.0.0.1:${node.port}/api/servers/not-a-uuid/ws?token=x`)).toBe(404);
  });

  it("holds the token's permissions", async () => {
    const node = await runningServer();
    const readOnly = await openConsole(node, { token: consoleToken(SERVER_ID, ["console.read"]) });
    readOnly.send("send command", "sneaky");
    await readOnly.waitFor((frame) => frame.event === "error" && /does not allow sending commands/.test(frame.args[0]), "command refused");
    readOnly.send("set state", "kill");
    await readOnly.waitFor((frame) => frame.event === "error" && /does not allow power/.test(frame.args[0]), "power refused");
    readOnly.send("nonsense");
    await readOnly.waitFor((frame) => frame.event === "error" && /does not understand/.test(frame.args[0]), "unknown event");
    readOnly.socket.send("{not json");
    await readOnly.waitFor((frame) => frame.event === "error" && /JSON/.test(frame.args[0]), "not JSON");
    expect(readOnly.lines()).not.toContain("echo: sneaky");
    expect((await waitForStatus(node, () => true, "status")).state).toBe("running");
    readOnly.close();
  });

  it("warns before the token ends, closes 4004 at the end, and takes a fresh token", async () => {
    const node = await runningServer();
    const short = await openConsole(node, { token: consoleToken(SERVER_ID, ["console.read"], 2) });
    // Less than 60 s left: the warning comes at once.
    await short.waitFor((frame) => frame.event === "token expiring", "token expiring");
    expect(await short.closed).toMatchObject({ code: CONSOLE_WS_CLOSE.tokenExpired });
    expect(short.frames.at(-1)).toEqual({ event: "token expired", args: [] });

    const renewed = await openConsole(node, { token: consoleToken(SERVER_ID, ["console.read"], 2) });
    await renewed.waitFor((frame) => frame.event === "token expiring", "token expiring");
    renewed.send("auth", consoleToken(SERVER_ID, ["console.read", "console.write"], 600));
    await renewed.waitFor((frame) => frame.event === "auth success" && renewed.frames.indexOf(frame) > 0, "the second auth success");
    // Past the first token's end (whole seconds), the socket still works, with the new token's permissions.
    await new Promise((resolve) => setTimeout(resolve, 3100));
    renewed.send("send command", "still here");
    await renewed.waitForLine(/^echo: still here$/);

    // A refresh with a token for another server ends the session.
    renewed.send("auth", consoleToken(OTHER_ID));
    expect((await renewed.closed).code).toBe(CONSOLE_WS_CLOSE.tokenInvalid);
  });

  it("refuses origins not in allowedOrigins", async () => {
    const node = await runningServer({ allowedOrigins: ["https://panel.example.com"] });
    const url = `ws://127.0.0.1:${node.port}/api/servers/${SERVER_ID}/ws?token=${consoleToken()}`;
    expect(await refusedUpgrade(url, "https://evil.example.com")).toBe(403);
    expect(await refusedUpgrade(url, "https://panel.example.com.evil.com")).toBe(403);
    expect(await refusedUpgrade(url)).toBe(403);
    const allowed = await openConsole(node, { origin: "https://panel.example.com" });
    await allowed.waitForLine(/^Ready$/);
    allowed.close();
  });

  it("closes viewers with 4010 when the server is deleted", async () => {
    const node = await runningServer();
    const client = await openConsole(node);
    await node.api("DELETE", `/api/servers/${SERVER_ID}`);
    expect((await client.closed).code).toBe(CONSOLE_WS_CLOSE.serverDeleted);
  });

  it("fans bursts out to many viewers whole and in order (writes are batched per socket)", async () => {
    const node = await runningServer();
    const viewers = await Promise.all(Array.from({ length: 20 }, () => openConsole(node)));
    // Numbered echoes around a flood of about 2 MB: batches released by time and by size both keep the order.
    for (let i = 0; i < 200; i++) viewers[0].send("send command", `n${i}`);
    viewers[0].send("send command", "flood 2000");
    for (let i = 200; i < 400; i++) viewers[0].send("send command", `n${i}`);
    await Promise.all(viewers.map((viewer) => viewer.waitForLine(/^echo: n399$/)));
    const expected = [...Array.from({ length: 200 }, (_, i) => `echo: n${i}`), ..."y".repeat(2000), "flood done", ...Array.from({ length: 200 }, (_, i) => `echo: n${i + 200}`)];
    for (const viewer of viewers) {
      const live = viewer.lines().slice(viewer.lines().indexOf("echo: n0"));
      expect(live.map((line) => (line.startsWith("yyy") ? "y" : line))).toEqual(expected);
      expect(viewer.socket.readyState).toBe(WebSocket.OPEN);
      viewer.close();
    }
  });

  it("closes a viewer that cannot keep up with 4008, without slowing the others", async () => {
    const node = await runningServer({ maxViewerBufferBytes: 256 * 1024 });
    const slow = await openConsole(node);
    const fast = await openConsole(node);
    // Stop reading: the node's socket buffer for this viewer grows once the kernel's buffers are full.
    const raw = (slow.socket as unknown as { _socket: Socket })._socket;
    raw.pause();
    fast.send("send command", "flood 16000");
    await fast.waitForLine(/^flood done$/);
    raw.resume();
    expect((await slow.closed).code).toBe(CONSOLE_WS_CLOSE.slowViewer);
    expect(fast.lines().filter((line) => line.startsWith("yyyy")).length).toBe(16_000);
    expect(fast.socket.readyState).toBe(WebSocket.OPEN);
    fast.close();
  });
});

it("uses the node token for console tokens", () => {
  expect(NODE_TOKEN.length).toBeGreaterThanOrEqual(32);
});
