import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeActiveService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { makeActiveGameService, makeGameSite, startTestGameNode, type TestGameNode } from "@/lib/game/testing/game-test-kit";
import { customerRequest, customerWithKey, mintResellerKey, readJson, resellerRequest, resellerWithKey } from "./testing/api-test-kit";
import { dispatchCustomerApi } from "./customer/dispatch";
import { dispatchResellerApi } from "./reseller/dispatch";

// Both APIs' game routes against a real game node agent running real Node.js-app servers.
let t: TestDb;
let node: TestGameNode;
let site: Awaited<ReturnType<typeof makeGameSite>>;
let r: Awaited<ReturnType<typeof resellerWithKey>>;
let other: Awaited<ReturnType<typeof resellerWithKey>>;
let me: Awaited<ReturnType<typeof customerWithKey>>;
const now = new Date();

const reseller = async (method: string, path: string, body?: unknown, who = r, key = who.plaintext) =>
  readJson(await dispatchResellerApi(resellerRequest(method, path, { key, body, sign: method === "GET" ? undefined : { secret: who.secret, now } }), { db: t.db, clock: () => now }));
const customer = async (method: string, path: string, body?: unknown, key = me.plaintext) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key, body }), { db: t.db, clock: () => now }));

type Doc = { server: { state: string; installState: string; address: { port: number }; template: { id: string; name: string }; variables: { key: string; value: string }[]; lastExit: unknown; usage: unknown; sftp: { username: string } }; capabilities: Record<string, boolean> };

async function stateOf(serviceId: string, want: string) {
  // Generous: CI's second database pass runs this beside a full suite on two cores.
  const deadline = Date.now() + 45_000;
  for (;;) {
    const { body } = await reseller("GET", `/services/${serviceId}/game`);
    const doc = body.data as Doc;
    if (doc.server.state === want) return doc;
    if (Date.now() > deadline) throw new Error(`state stayed ${doc.server.state}, wanted ${want} (last exit: ${JSON.stringify(doc.server.lastExit)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  t = await createTestDb();
  node = await startTestGameNode();
  site = await makeGameSite(t.db);
  r = await resellerWithKey(t.db);
  other = await resellerWithKey(t.db);
  me = await customerWithKey(t.db);
});
afterAll(async () => {
  await node?.stop();
  await t?.close();
});

const resellerGame = () => makeActiveGameService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id, resellerId: r.profile.id });

describe("reseller API: game", () => {
  it("an ordered game server is installed, started and described by GET game and the service document", async () => {
    const { service, gameServer } = await resellerGame();
    const doc = await stateOf(service.id, "running");
    expect(doc.server).toMatchObject({ installState: "installed", address: { port: gameServer.port }, template: { id: "nodejs-app", name: "Node.js app" }, sftp: { username: gameServer.sftpUsername } });
    expect(doc.capabilities).toMatchObject({ power: true, console: true, files: true, backups: false });
    expect(doc.server.variables.map((v) => v.key)).toContain("MAIN_FILE");
    // A real process answers on the allocated port.
    const hello = await fetch(`http://127.0.0.1:${gameServer.port}/`).then((res) => res.text());
    expect(hello).toMatch(/Hello from Rackfront/);
    const document = await reseller("GET", `/services/${service.id}/document`);
    expect(document.body.data).toMatchObject({ kind: "game", game: { server: { id: gameServer.id, state: "running" } }, features: { power: true, console: true } });
  });

  it("power: stop, refusals, start, kill; an unknown verb is 400", async () => {
    const { service } = await resellerGame();
    await stateOf(service.id, "running");
    const path = (verb: string) => `/services/${service.id}/game/power/${verb}`;
    expect(await reseller("POST", path("start"))).toMatchObject({ status: 409, body: { success: false, error: "The server is already running." } });
    expect(await reseller("POST", path("stop"))).toMatchObject({ status: 200, body: { data: { action: "stop", from: "running", to: "stopping" } } });
    const stopped = await stateOf(service.id, "offline");
    expect(stopped.server.lastExit).toMatchObject({ crashed: false, reason: "stopped" });
    expect(await reseller("POST", path("stop"))).toMatchObject({ status: 409, body: { error: "The server is not running." } });
    expect(await reseller("POST", path("start"))).toMatchObject({ status: 200, body: { data: { from: "offline", to: "starting" } } });
    await stateOf(service.id, "running");
    expect(await reseller("POST", path("kill"))).toMatchObject({ status: 200, body: { data: { to: "stopping" } } });
    expect((await stateOf(service.id, "offline")).server.lastExit).toMatchObject({ reason: "killed" });
    expect(await reseller("POST", path("explode"))).toMatchObject({ status: 400, body: { success: false, error: "Unknown power action: use start, stop, restart or kill" } });
  });

  it("PATCH game/vars checks every key against the template and applies on next start", async () => {
    const { service } = await resellerGame();
    const path = `/services/${service.id}/game/vars`;
    const bad = await reseller("PATCH", path, { vars: { MAIN_FILE: "../etc/passwd", NOPE: "1" } });
    expect(bad.status).toBe(400);
    const fields = ((bad.body.error as { details: { field: string }[] }).details ?? []).map((d) => d.field).sort();
    expect(fields).toEqual(["vars.MAIN_FILE", "vars.NOPE"]);
    expect((await t.db.gameServer.findFirstOrThrow({ where: { serviceId: service.id } })).vars).toEqual({});
    const ok = await reseller("PATCH", path, { vars: { MAIN_FILE: "app.js" } });
    expect(ok).toMatchObject({ status: 200, body: { data: { vars: { MAIN_FILE: "app.js" }, appliesOn: "next_start" } } });
    const doc = await stateOf(service.id, "running");
    expect(doc.server.variables.find((v) => v.key === "MAIN_FILE")?.value).toBe("app.js");
    // app.js does not exist: the next start crashes, which the document shows with its last lines.
    await reseller("POST", `/services/${service.id}/game/power/restart`);
    const crashed = await stateOf(service.id, "offline");
    expect(crashed.server.lastExit).toMatchObject({ crashed: true, reason: "crashed" });
    expect(JSON.stringify((crashed.server.lastExit as { lastLines: string[] }).lastLines)).toMatch(/app\.js/);
  });

  it("tenant isolation and scopes: another reseller gets 404; a read key reads but cannot power", async () => {
    const { service } = await resellerGame();
    expect((await reseller("GET", `/services/${service.id}/game`, undefined, other)).status).toBe(404);
    expect((await reseller("POST", `/services/${service.id}/game/power/stop`, undefined, other)).status).toBe(404);
    const readKey = (await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] })).plaintext;
    expect((await reseller("GET", `/services/${service.id}/game`, undefined, r, readKey)).status).toBe(200);
    expect((await reseller("POST", `/services/${service.id}/game/power/stop`, undefined, r, readKey)).status).toBe(403);
  });

  it("a VPS has no game: 404; terminating the service removes the server and frees its port", async () => {
    const vpsSite = await makeVpsSite(t.db);
    const vps = await makeActiveService(t.db, { accountId: r.account.id, productId: vpsSite.product.id, locationId: vpsSite.location.id, resellerId: r.profile.id });
    expect((await reseller("GET", `/services/${vps.service.id}/game`)).status).toBe(404);

    const { service, gameServer } = await resellerGame();
    await stateOf(service.id, "running");
    const terminated = await reseller("DELETE", `/services/${service.id}`);
    expect(terminated.status).toBe(200);
    expect(await t.db.gamePort.count({ where: { gameServerId: gameServer.id } })).toBe(0);
    expect((await t.db.gameServer.findUniqueOrThrow({ where: { id: gameServer.id } })).deletedAt).not.toBeNull();
    expect(node.agent.serverRoot(gameServer.id)).toBeNull();
  });
});

describe("customer API: game", () => {
  it("GET game and power with the spec's codes; the services list says serviceType game", async () => {
    const { service } = await makeActiveGameService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id });
    const doc = await customer("GET", `/services/${service.id}/game`);
    expect(doc).toMatchObject({ status: 200, body: { success: true, data: { server: { template: { id: "nodejs-app" } } } } });
    expect(await customer("POST", `/services/${service.id}/game/power/dance`)).toMatchObject({ status: 400, body: { success: false, code: "game.power_action_unknown" } });
    const list = await customer("GET", "/services?limit=200");
    const rows = (list.body.data as { services: { id: string; serviceType: string }[] }).services;
    expect(rows.find((s) => s.id === service.id)?.serviceType).toBe("game");

    const stranger = await customerWithKey(t.db);
    expect(await customer("GET", `/services/${service.id}/game`, undefined, stranger.plaintext)).toMatchObject({ status: 404, body: { code: "game.server_not_found" } });

    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, gameEnabled: false }, update: { gameEnabled: false } });
    try {
      expect(await customer("GET", `/services/${service.id}/game`)).toMatchObject({ status: 403, body: { code: "game.module_disabled" } });
    } finally {
      await t.db.platformSettings.update({ where: { id: 1 }, data: { gameEnabled: true } });
    }
  });

  it("a game service whose server is not placed yet is 409 game.capability.runtime_stubbed", async () => {
    const { makePendingService } = await import("@/lib/services/testing/service-factories");
    const pending = await makePendingService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id });
    expect(await customer("GET", `/services/${pending.service.id}/game`)).toMatchObject({ status: 409, body: { code: "game.capability.runtime_stubbed" } });
  });
});
