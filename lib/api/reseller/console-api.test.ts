import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BmcDriver } from "@/lib/backends/bmc-driver";
import { registerDriver } from "@/lib/backends/registry";
import { createSimulatedBmc, SIMULATED_BMC } from "@/lib/backends/simulated-bmc/simulated-bmc";
import { publicOrigin } from "@/lib/platform/public-origin";
import { makeProduct } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeActiveService, makeDedicatedSite, makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { mintResellerKey, readJson, resellerRequest, resellerWithKey, type ResellerRequestOptions } from "../testing/api-test-kit";
import { dispatchResellerApi } from "./dispatch";

let t: TestDb;
const now = new Date("2026-05-04T08:30:00.000Z");
let r: Awaited<ReturnType<typeof resellerWithKey>>;
let other: Awaited<ReturnType<typeof resellerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
let ds: Awaited<ReturnType<typeof makeDedicatedSite>>;
let readOnly: string;

// A controller without a KVM console (some BMCs only do power), registered as a real driver would be.
const NO_KVM = "console-test-bmc-without-kvm";
registerDriver(NO_KVM, "dedicated", (node, ctx): BmcDriver => {
  const bmc = createSimulatedBmc(node, ctx);
  return { ...bmc, capabilities: { ...bmc.capabilities, console: null } };
});

const send = async (method: string, path: string, options: ResellerRequestOptions = {}) =>
  readJson(await dispatchResellerApi(resellerRequest(method, path, options), { db: t.db, clock: () => now }));
const get = (path: string, key = r.plaintext) => send("GET", path, { key });
const signed = (method: string, path: string, body?: unknown, who = r) => send(method, path, { key: who.plaintext, sign: { secret: who.secret, now }, body });
const refusal = (status: number, error: string) => ({ status, body: { success: false, error } });

beforeAll(async () => {
  t = await createTestDb();
  r = await resellerWithKey(t.db);
  other = await resellerWithKey(t.db);
  site = await makeVpsSite(t.db);
  ds = await makeDedicatedSite(t.db, { count: 4 });
  readOnly = (await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] })).plaintext;
});
afterAll(async () => {
  await t?.close();
});

const vps = (productId = site.product.id) =>
  makeActiveService(t.db, { accountId: r.account.id, productId, locationId: site.location.id, resellerId: r.profile.id, hostname: `vm-${randomUUID().slice(0, 8)}.example.com` });
const dedicated = () => makeActiveService(t.db, { accountId: r.account.id, productId: ds.product.id, locationId: ds.location.id, resellerId: r.profile.id });
const stopVm = async (serviceId: string) => {
  const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId } });
  await t.db.virtualMachine.update({ where: { id: vm.id }, data: { state: "stopped" } });
  return vm;
};

/** The five routes, each as the spec's table signs it. */
const routes = (id: string) => ({
  console: (key = r.plaintext) => get(`/services/${id}/console`, key),
  session: (body?: unknown, who = r) => signed("POST", `/services/${id}/console-session`, body, who),
  cast: (body?: unknown, who = r) => signed("POST", `/services/${id}/console-cast`, body, who),
  casts: (key = r.plaintext) => get(`/services/${id}/console-cast`, key),
  revoke: (castId: string, who = r) => signed("DELETE", `/services/${id}/console-cast/${castId}`, undefined, who),
});

describe("console session routes", () => {
  it("GET console on a VPS: a session with type novnc, mode browser and the websocket URL on the supplier's origin", async () => {
    const { service } = await vps();
    const { status, body } = await routes(service.id).console();
    expect(status).toBe(200);
    const data = body.data as Record<string, string>;
    const origin = publicOrigin();
    expect(data).toMatchObject({ kind: "vps", type: "novnc", mode: "browser", viewerKind: "novnc", origin, wsPath: `/api/console/ws/${data.sessionId}`, expiresAt: "2026-05-04T08:35:00.000Z" });
    expect(data.websocketUrl).toBe(`${origin.replace(/^http/, "ws")}/api/console/ws/${data.sessionId}?token=${data.token}`);
    const row = await t.db.consoleSession.findUniqueOrThrow({ where: { id: data.sessionId } });
    expect(row).toMatchObject({ role: "reseller", resellerId: r.profile.id, channel: "rfb", closesAt: new Date("2026-05-04T16:30:00.000Z") });
  });

  it("POST console-session: rfb by default, serial for a VPS, serial refused on a dedicated server; dedicated GET console is kvm", async () => {
    const { service } = await vps();
    const created = await routes(service.id).session();
    expect(created).toMatchObject({ status: 200, body: { success: true, message: "Console session created", data: { kind: "vps", channel: "rfb", viewerKind: "novnc", viewOnly: false } } });
    expect((await routes(service.id).session({ channel: "serial" })).body.data).toMatchObject({ channel: "serial", rfbPassword: null });

    const ded = await dedicated();
    const kvm = await routes(ded.service.id).console();
    expect(kvm.status).toBe(200);
    const data = kvm.body.data as Record<string, unknown>;
    expect(data).toMatchObject({ kind: "dedicated", type: "kvm", available: true, agent_online: true, viewerKind: "kvm" });
    expect(data.launch_endpoint).toBe(data.websocketUrl);
    expect(await routes(ded.service.id).session({ channel: "serial" })).toEqual(refusal(400, "The serial console exists only for a VPS"));
  });

  it("refusals in the spec's order: scope, not yours, no backend, suspended, terminated, switched off, no controller, stopped", async () => {
    const { service } = await vps();
    const a = routes(service.id);
    const scope = refusal(403, "API key is missing the required scope: services");
    expect(await a.console(readOnly)).toEqual(scope);
    expect(await send("POST", `/services/${service.id}/console-session`, { key: readOnly, sign: { secret: r.secret, now } })).toEqual(scope);
    // The scope check runs before the signature check.
    expect(await send("POST", `/services/${service.id}/console-session`, { key: readOnly })).toEqual(scope);

    const notYours = refusal(404, "Service not found");
    expect(await a.console(other.plaintext)).toEqual(notYours);
    expect(await a.session(undefined, other)).toEqual(notYours);
    expect(await get(`/services/${randomUUID()}/console`)).toEqual(notYours);

    // No backend 400 comes before the billing state.
    const colo = await makePendingService(t.db, { accountId: r.account.id, productId: (await makeProduct(t.db, { kind: "colocation" })).id, locationId: site.location.id, status: "suspended" });
    expect(await routes(colo.service.id).console()).toEqual(refusal(400, "Service has no remote controls"));
    expect(await routes(colo.service.id).session()).toEqual(refusal(400, "Service has no remote controls"));

    // Billing state before the product switch and the power state.
    const off = await t.db.product.create({
      data: { kind: "vps", name: "No console VPS", slug: `nocon-${randomUUID()}`, specs: { vcpus: 1, memoryMb: 1024, diskGb: 20, controls: { console: false } }, osImages: { create: [{ osImageId: site.debian.id, isDefault: true }] }, locations: { create: [{ locationId: site.location.id }] } },
    });
    const switchedOff = await vps(off.id);
    await stopVm(switchedOff.service.id);
    const so = routes(switchedOff.service.id);
    expect(await so.console()).toEqual(refusal(403, "Console is switched off for this product"));
    expect(await so.session()).toEqual(refusal(403, "Console is switched off for this product"));
    await t.db.service.update({ where: { id: switchedOff.service.id }, data: { status: "suspended" } });
    expect(await so.console()).toEqual(refusal(403, "Service is suspended; only stop and restart are allowed"));
    expect(await so.session()).toEqual(refusal(403, "Service is suspended; only stop and restart are allowed"));
    await t.db.service.update({ where: { id: switchedOff.service.id }, data: { status: "terminated" } });
    expect(await so.console()).toEqual(refusal(403, "Service is terminated"));
    expect(await so.session()).toEqual(refusal(403, "Service is terminated"));

    // A stopped VM: 409 on both routes.
    await stopVm(service.id);
    expect(await a.console()).toEqual(refusal(409, "The VM is stopped; start it to open its console"));
    expect(await a.session()).toEqual(refusal(409, "The VM is stopped; start it to open its console"));
    // Still being built: no display yet.
    const building = await makePendingService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id });
    expect(await routes(building.service.id).session()).toEqual(refusal(409, "The machine has no display yet"));

    // A dedicated server whose controller has no KVM console: 400.
    const ded = await dedicated();
    const server = await t.db.dedicatedServer.findFirstOrThrow({ where: { serviceId: ded.service.id } });
    await t.db.node.update({ where: { id: server.nodeId }, data: { driver: NO_KVM } });
    try {
      expect(await routes(ded.service.id).console()).toEqual(refusal(400, "This server has no management controller"));
      expect(await routes(ded.service.id).session()).toEqual(refusal(400, "This server has no management controller"));
    } finally {
      await t.db.node.update({ where: { id: server.nodeId }, data: { driver: SIMULATED_BMC } });
    }
    // Nothing refused was minted.
    expect(await t.db.consoleSession.count({ where: { serviceId: { in: [service.id, switchedOff.service.id, colo.service.id, ded.service.id] } } })).toBe(0);
  });
});

describe("console-cast routes", () => {
  it("create (200 with message, url and ticket once), list live links without URLs, revoke idempotently", async () => {
    const { service } = await vps();
    const c = routes(service.id);
    const created = await c.cast({ label: "Support session", viewOnly: true, openTtlSeconds: 600, viewerTtlSeconds: 900 });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe("Console link created; the URL is shown only now");
    const cast = created.body.data as Record<string, unknown>;
    expect(cast).toMatchObject({ serviceId: service.id, label: "Support session", viewOnly: true, status: "pending", openExpiresAt: "2026-05-04T08:40:00.000Z", viewerTtlSeconds: 900, viewerExpiresAt: null, openCount: 0, revokedAt: null });
    expect(cast.url).toBe(`${publicOrigin()}/cast/${cast.ticket as string}`);
    const stored = await t.db.consoleCast.findUniqueOrThrow({ where: { id: cast.id as string } });
    expect(stored.ticketHash).not.toContain(cast.ticket as string);

    const defaults = (await c.cast()).body.data as Record<string, unknown>;
    expect(defaults).toMatchObject({ label: service.hostname, viewOnly: false, openExpiresAt: "2026-05-04T08:45:00.000Z", viewerTtlSeconds: 3600 });

    const listed = await c.casts();
    expect(listed.status).toBe(200);
    // Both were made at the same instant: their order is the id's, so compare them by id.
    const byId = (rows: unknown) => [...(rows as { id: string }[])].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(listed.body.data)).toEqual(byId([
      { ...defaults, url: null, ticket: null },
      { ...cast, url: null, ticket: null },
    ]));

    const revoked = await c.revoke(cast.id as string);
    expect(revoked).toMatchObject({ status: 200, body: { message: "Console link revoked", data: { id: cast.id, status: "revoked", revokedAt: now.toISOString(), url: null } } });
    expect((await c.revoke(cast.id as string)).body.data).toEqual(revoked.body.data);
    expect((await c.casts()).body.data).toEqual([{ ...defaults, url: null, ticket: null }]);
    expect(await c.revoke(randomUUID())).toEqual(refusal(404, "Console link not found"));
    expect((await c.revoke("not-a-uuid")).status).toBe(400);
    // Another reseller's service is 404 on every route, and its casts are not revocable through this one.
    expect(await c.revoke(cast.id as string, other)).toEqual(refusal(404, "Service not found"));
    expect(await c.casts(other.plaintext)).toEqual(refusal(404, "Service not found"));
  });

  it("a cast is created whatever the power state, also on a dedicated server", async () => {
    const { service } = await vps();
    await stopVm(service.id);
    expect((await routes(service.id).cast()).status).toBe(200);
    const ded = await dedicated();
    expect((await routes(ded.service.id).cast({ viewOnly: true })).body.data).toMatchObject({ viewOnly: true, status: "pending" });
  });

  it("refusals in the spec's order: scope, not yours, body ranges, not VPS or dedicated, suspended, terminated, switched off, view-only on a shared cluster", async () => {
    const { service } = await vps();
    const c = routes(service.id);
    const scope = refusal(403, "API key is missing the required scope: services");
    expect(await c.casts(readOnly)).toEqual(scope);
    expect(await send("POST", `/services/${service.id}/console-cast`, { key: readOnly, sign: { secret: r.secret, now }, body: {} })).toEqual(scope);
    expect(await send("DELETE", `/services/${service.id}/console-cast/${randomUUID()}`, { key: readOnly, sign: { secret: r.secret, now } })).toEqual(scope);
    expect(await c.cast({}, other)).toEqual(refusal(404, "Service not found"));

    for (const [body, name] of [
      [{ openTtlSeconds: 59 }, "openTtlSeconds"],
      [{ openTtlSeconds: 604_801 }, "openTtlSeconds"],
      [{ viewerTtlSeconds: 299 }, "viewerTtlSeconds"],
      [{ viewerTtlSeconds: 43_201 }, "viewerTtlSeconds"],
      [{ viewerTtlSeconds: 300.5 }, "viewerTtlSeconds"],
    ] as const) {
      const answer = await c.cast(body);
      expect(answer.status).toBe(400);
      expect((answer.body.error as { details: { field: string }[] }).details.map((d) => d.field)).toEqual([name]);
    }
    expect((await c.cast({ openTtlSeconds: 60, viewerTtlSeconds: 300 })).status).toBe(200);
    expect((await c.cast({ openTtlSeconds: 604_800, viewerTtlSeconds: 43_200 })).status).toBe(200);
    // Input validation (400) comes before the look-up (404).
    expect((await c.cast({ openTtlSeconds: 1 }, other)).status).toBe(400);

    const colo = await makePendingService(t.db, { accountId: r.account.id, productId: (await makeProduct(t.db, { kind: "colocation" })).id, locationId: site.location.id, status: "suspended" });
    expect(await routes(colo.service.id).cast()).toEqual(refusal(400, "Console links exist only for a VPS or a dedicated server"));

    const off = await t.db.product.create({
      data: { kind: "vps", name: "No console VPS", slug: `nocon-${randomUUID()}`, specs: { vcpus: 1, memoryMb: 1024, diskGb: 20, controls: { console: false } }, osImages: { create: [{ osImageId: site.debian.id, isDefault: true }] }, locations: { create: [{ locationId: site.location.id }] } },
    });
    const switchedOff = await vps(off.id);
    const so = routes(switchedOff.service.id);
    expect(await so.cast()).toEqual(refusal(403, "Console is switched off for this product"));
    await t.db.service.update({ where: { id: switchedOff.service.id }, data: { status: "suspended" } });
    expect(await so.cast()).toEqual(refusal(403, "Service is suspended; only stop and restart are allowed"));
    await t.db.service.update({ where: { id: switchedOff.service.id }, data: { status: "terminated" } });
    expect(await so.cast()).toEqual(refusal(403, "Service is terminated"));

    // A VPS on a shared cluster: a link, but not a view-only one.
    const shared = await vps();
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: shared.service.id } });
    const node = await t.db.node.findUniqueOrThrow({ where: { id: vm.nodeId } });
    await t.db.node.update({ where: { id: node.id }, data: { config: { ...(node.config as object), shared: true } } });
    try {
      expect(await routes(shared.service.id).cast({ viewOnly: true })).toEqual(refusal(400, "A view-only console link is not available for a VPS on a shared cluster"));
      expect((await routes(shared.service.id).cast({ viewOnly: false })).status).toBe(200);
    } finally {
      await t.db.node.update({ where: { id: node.id }, data: { config: node.config as object } });
    }
  });
});

describe("capabilities of a terminated service (DECISIONS 14)", () => {
  it("every boolean false, powerActions empty, backend still named, on VPS and dedicated", async () => {
    const { service } = await vps();
    expect((await signed("DELETE", `/services/${service.id}`)).status).toBe(200);
    expect(await get(`/services/${service.id}/capabilities`)).toEqual({
      status: 200,
      body: { success: true, data: { backend: "vps", power: false, powerActions: [], stats: false, console: false, reinstall: false, password: false, backups: false } },
    });
    const ded = await dedicated();
    expect((await signed("DELETE", `/services/${ded.service.id}`)).status).toBe(200);
    expect(await get(`/services/${ded.service.id}/capabilities`)).toEqual({
      status: 200,
      body: { success: true, data: { backend: "dedicated", power: false, powerActions: [], stats: false, console: false, reinstall: false, password: false, backups: false } },
    });
  });
});
