import http from "node:http";
import type { AddressInfo } from "node:net";
import ssh2, { type SFTPWrapper } from "ssh2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { gameConsoleUpstream } from "@/lib/game/game-console-upstream";
import { makeActiveGameService, makeGameSite, startTestGameNode, type TestGameNode } from "@/lib/game/testing/game-test-kit";
import { publicOrigin } from "@/lib/platform/public-origin";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { createGameConsoleRelayRoute } from "@/lib/ws/game-console-relay";
import { registerWebSocketRoute } from "@/lib/ws/registry";
import { attachWebSockets } from "@/server/attach-websockets";
import { mintResellerKey, readJson, resellerRequest, resellerWithKey } from "./testing/api-test-kit";
import { dispatchResellerApi } from "./reseller/dispatch";

// The reseller API's game console and SFTP routes against a real agent: the session dials the portal's
// relay (docs/decisions.md#r20), which dials the node; SFTP logins use the password rotate returned.
const ORIGIN = "http://portal.test";
let t: TestDb;
let node: TestGameNode;
let site: Awaited<ReturnType<typeof makeGameSite>>;
let r: Awaited<ReturnType<typeof resellerWithKey>>;
let other: Awaited<ReturnType<typeof resellerWithKey>>;
let portal: http.Server;
let portalPort: number;
let closeWs: () => void;
let unregister: () => void;
const now = new Date();

const reseller = async (method: string, path: string, who = r, key = who.plaintext) =>
  readJson(await dispatchResellerApi(resellerRequest(method, path, { key, sign: method === "GET" ? undefined : { secret: who.secret, now } }), { db: t.db, clock: () => now }));

beforeAll(async () => {
  t = await createTestDb();
  node = await startTestGameNode({ allowedOrigins: [ORIGIN], sftp: true });
  site = await makeGameSite(t.db);
  r = await resellerWithKey(t.db);
  other = await resellerWithKey(t.db);
  unregister = registerWebSocketRoute(createGameConsoleRelayRoute({ upstream: gameConsoleUpstream(t.db), allowedOrigin: ORIGIN, upstreamOrigin: ORIGIN }));
  portal = http.createServer((_req, res) => res.writeHead(404).end());
  closeWs = attachWebSockets(portal).close;
  await new Promise<void>((resolve) => portal.listen(0, "127.0.0.1", resolve));
  portalPort = (portal.address() as AddressInfo).port;
});
afterAll(async () => {
  unregister?.();
  closeWs?.();
  await new Promise((resolve) => portal?.close(resolve));
  await node?.stop();
  await t?.close();
});

const resellerGame = () => makeActiveGameService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id, resellerId: r.profile.id });

type Frame = { event: string; args: unknown[] };

/** A viewer on the relay: every frame it got, and a wait for one that matches. */
function viewer(wsPath: string, token: string, origin = ORIGIN) {
  const frames: Frame[] = [];
  const ws = new WebSocket(`ws://127.0.0.1:${portalPort}${wsPath}?token=${encodeURIComponent(token)}`, { headers: { origin } });
  const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  ws.on("message", (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    frames.push(frame);
    for (const w of [...waiters]) {
      if (!w.match(frame)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(frame);
    }
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("unexpected-response", (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once("error", reject);
  });
  const waitFor = (match: (f: Frame) => boolean, ms = 10_000) =>
    new Promise<Frame>((resolve, reject) => {
      const seen = frames.find(match);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`no matching frame; got ${JSON.stringify(frames.slice(-5))}`)), ms);
      waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  const send = (event: string, ...args: unknown[]) => ws.send(JSON.stringify({ event, args }));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })));
  return { ws, frames, opened, waitFor, send, closed };
}

function refusal(wsPath: string, token: string, origin = ORIGIN): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${portalPort}${wsPath}?token=${encodeURIComponent(token)}`, { headers: { origin } });
    ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.on("open", () => resolve(101));
    ws.on("error", () => {});
  });
}

describe("reseller API: game console", () => {
  it("POST game/console returns a session; through the relay: scrollback, commands, status and stats, token refresh", async () => {
    const { service, gameServer } = await resellerGame();
    const opened = await reseller("POST", `/services/${service.id}/game/console`);
    expect(opened.status).toBe(200);
    const session = opened.body.data as { serverId: string; origin: string; wsOrigin: string; ws_path: string; token: string; expiresAt: string; permissions: string[] };
    expect(session).toMatchObject({ serverId: gameServer.id, origin: publicOrigin(), ws_path: `/api/console/ws/game/${gameServer.id}`, permissions: ["console.read", "console.write", "power"] });
    expect(session.wsOrigin).toBe(publicOrigin().replace(/^http/, "ws"));
    expect(Date.parse(session.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);

    const v = viewer(session.ws_path, session.token);
    await v.opened;
    await v.waitFor((f) => f.event === "auth success");
    // Scrollback on connect: the install and start lines are already there.
    await v.waitFor((f) => f.event === "console output" && /listening on/i.test(String(f.args[0])));
    // A command reaches the process's stdin and its answer comes back (the starter app echoes stdin).
    v.send("send command", "hello-from-the-relay");
    await v.waitFor((f) => f.event === "console output" && String(f.args[0]).includes("hello-from-the-relay"));
    // Power over the socket, and its state changes.
    v.send("set state", "restart");
    await v.waitFor((f) => f.event === "status" && f.args[0] === "stopping");
    await v.waitFor((f) => f.event === "status" && f.args[0] === "running", 20_000);
    await v.waitFor((f) => f.event === "stats", 15_000);
    // A fresh session's token refreshes the open socket.
    const fresh = (await reseller("POST", `/services/${service.id}/game/console`)).body.data as { token: string };
    const before = v.frames.filter((f) => f.event === "auth success").length;
    v.send("auth", fresh.token);
    await expect.poll(() => v.frames.filter((f) => f.event === "auth success").length).toBe(before + 1);
    v.ws.close();
  }, 60_000);

  it("the relay refuses before upgrading: another origin, no token, a forged token, another server's token, a suspended service", async () => {
    const a = await resellerGame();
    const b = await resellerGame();
    const sa = (await reseller("POST", `/services/${a.service.id}/game/console`)).body.data as { ws_path: string; token: string };
    const sb = (await reseller("POST", `/services/${b.service.id}/game/console`)).body.data as { ws_path: string; token: string };
    expect(await refusal(sa.ws_path, sa.token, "http://evil.test")).toBe(403);
    expect(await refusal(sa.ws_path, "")).toBe(403);
    expect(await refusal(sa.ws_path, `${sa.token.split(".")[0]}.${"A".repeat(43)}`)).toBe(403);
    expect(await refusal(sa.ws_path, sb.token)).toBe(403);
    expect(await refusal("/api/console/ws/game/00000000-0000-4000-8000-000000000000", sa.token)).toBe(403);
    expect(await refusal(sa.ws_path, sa.token)).toBe(101);
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "suspended" } });
    expect(await refusal(sa.ws_path, sa.token)).toBe(403);
    expect((await reseller("POST", `/services/${a.service.id}/game/console`)).status).toBe(403);
  }, 60_000);

  it("tenant isolation and scopes: another reseller gets 404; a read key cannot open a console", async () => {
    const { service } = await resellerGame();
    expect((await reseller("POST", `/services/${service.id}/game/console`, other)).status).toBe(404);
    const readKey = (await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] })).plaintext;
    expect((await reseller("POST", `/services/${service.id}/game/console`, r, readKey)).status).toBe(403);
  });
});

const { Client } = ssh2;

function sftpLogin(port: number, username: string, password: string): Promise<{ conn: InstanceType<typeof Client>; sftp: SFTPWrapper }> {
  return new Promise((resolve, reject) => {
    const conn = new Client();
    conn.on("error", reject);
    conn.on("ready", () => conn.sftp((error, sftp) => (error ? reject(error) : resolve({ conn, sftp }))));
    conn.connect({ host: "127.0.0.1", port, username, password, readyTimeout: 20_000, hostVerifier: () => true });
  });
}

describe("reseller API: game SFTP", () => {
  it("GET game/sftp names the login; rotate returns a password once that logs in; rotating again retires it", async () => {
    const { service, gameServer } = await resellerGame();
    const login = await reseller("GET", `/services/${service.id}/game/sftp`);
    expect(login).toMatchObject({ status: 200, body: { data: { host: "127.0.0.1", port: node.sftp!.port, username: gameServer.sftpUsername, passwordSet: false, rotatedAt: null } } });
    expect(JSON.stringify(login.body)).not.toMatch(/password"/);

    const rotated = await reseller("POST", `/services/${service.id}/game/sftp/rotate`);
    expect(rotated).toMatchObject({ status: 200, body: { data: { username: gameServer.sftpUsername, passwordSet: true } } });
    const password = (rotated.body.data as { password: string }).password;
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await reseller("GET", `/services/${service.id}/game/sftp`)).body.data).toMatchObject({ passwordSet: true, rotatedAt: now.toISOString() });

    const { conn, sftp } = await sftpLogin(node.sftp!.port, gameServer.sftpUsername, password);
    const names = await new Promise<string[]>((resolve, reject) => sftp.readdir("/", (e, list) => (e ? reject(e) : resolve(list.map((x) => x.filename)))));
    expect(names).toContain("index.js");
    conn.end();

    const again = (await reseller("POST", `/services/${service.id}/game/sftp/rotate`)).body.data as { password: string };
    expect(again.password).not.toBe(password);
    await expect(sftpLogin(node.sftp!.port, gameServer.sftpUsername, password)).rejects.toThrow(/authentication/i);
    const second = await sftpLogin(node.sftp!.port, gameServer.sftpUsername, again.password);
    second.conn.end();
  }, 60_000);

  it("tenant isolation and scopes: another reseller gets 404; a read key reads the login but cannot rotate", async () => {
    const { service } = await resellerGame();
    expect((await reseller("GET", `/services/${service.id}/game/sftp`, other)).status).toBe(404);
    expect((await reseller("POST", `/services/${service.id}/game/sftp/rotate`, other)).status).toBe(404);
    const readKey = (await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] })).plaintext;
    expect((await reseller("GET", `/services/${service.id}/game/sftp`, r, readKey)).status).toBe(200);
    expect((await reseller("POST", `/services/${service.id}/game/sftp/rotate`, r, readKey)).status).toBe(403);
  });
});
