import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJob } from "@/lib/backends/jobs";
import { injectFailure } from "@/lib/backends/simulation/faults";
import { serverPasswordIs } from "@/lib/backends/simulated-hypervisor/simulator-controls";
import { makeProduct } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeActiveService, makeDedicatedSite, makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { mintResellerKey, readJson, resellerRequest, resellerWithKey, type ResellerRequestOptions } from "../testing/api-test-kit";
import { dispatchResellerApi } from "./dispatch";

let t: TestDb;
const now = new Date("2026-05-04T08:30:00.000Z");
let r: Awaited<ReturnType<typeof resellerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
let ds: Awaited<ReturnType<typeof makeDedicatedSite>>;

const send = async (method: string, path: string, options: ResellerRequestOptions = {}) =>
  readJson(await dispatchResellerApi(resellerRequest(method, path, options), { db: t.db, clock: () => now }));
const get = (path: string, key = r.plaintext) => send("GET", path, { key });
const signed = (method: string, path: string, body?: unknown, who: { plaintext: string; secret: string } = r) => send(method, path, { key: who.plaintext, sign: { secret: who.secret, now }, body });
const later = () => ({ db: t.db, clock: { now: () => new Date(now.getTime() + 3_600_000) } });

beforeAll(async () => {
  t = await createTestDb();
  r = await resellerWithKey(t.db);
  site = await makeVpsSite(t.db);
  ds = await makeDedicatedSite(t.db, { count: 15 });
});
afterAll(async () => {
  await t?.close();
});

const host = () => `h-${randomUUID().slice(0, 8)}.example.com`;
const vps = () => makeActiveService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id, resellerId: r.profile.id, hostname: host() });
const server = (extra: { resellerCustomerId?: string } = {}) =>
  makeActiveService(t.db, { accountId: r.account.id, productId: ds.product.id, locationId: ds.location.id, resellerId: r.profile.id, hostname: host(), ...extra });
const boundServer = (serviceId: string) => t.db.dedicatedServer.findFirstOrThrow({ where: { serviceId } });

describe("network and rDNS", () => {
  it("GET /network: subnets and addresses with gateway and rDNS for every kind; rdns only on dedicated", async () => {
    const v = await vps();
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: v.service.id } });
    const ip = await t.db.ipAddress.findFirstOrThrow({ where: { vmId: vm.id }, include: { pool: true } });
    expect((await get(`/services/${v.service.id}/network`)).body).toEqual({
      success: true,
      data: {
        kind: "vps",
        subnets: [{ cidr: ip.pool.cidr, version: 4, gateway: ip.pool.gateway }],
        ipAddresses: [{ id: ip.id, ip_address: ip.address, version: 4, gateway: ip.pool.gateway, reverse_dns: null, primary: true }],
        allocations: [],
        rdns: null,
      },
    });
    const d = await server();
    const data = (await get(`/services/${d.service.id}/network`)).body.data as { kind: string; rdns: unknown[] };
    expect(data.kind).toBe("dedicated");
    expect(data.rdns).toHaveLength(1);
    const generic = await makeProduct(t.db, { kind: "generic" });
    const g = await makePendingService(t.db, { accountId: r.account.id, productId: generic.id, locationId: site.location.id, status: "active" });
    expect((await get(`/services/${g.service.id}/network`)).body.data).toEqual({ kind: "generic", subnets: [], ipAddresses: [], allocations: [], rdns: null });
  });

  it("PUT /rdns sets and clears a PTR; bad name 400, foreign address 404, VPS 400, suspended 403, unsigned 401", async () => {
    const d = await server();
    const srv = await boundServer(d.service.id);
    const ip = await t.db.ipAddress.findFirstOrThrow({ where: { serverId: srv.id } });
    expect(await signed("PUT", `/services/${d.service.id}/rdns`, { ipAddressId: ip.id, hostname: "Mail.Example.com." })).toEqual({
      status: 200,
      body: { success: true, message: "Reverse DNS updated", data: { ipAddressId: ip.id, ip_address: ip.address, hostname: "mail.example.com" } },
    });
    expect((await get(`/services/${d.service.id}/network`)).body.data).toMatchObject({ ipAddresses: [{ reverse_dns: "mail.example.com" }], rdns: [{ ipAddressId: ip.id, hostname: "mail.example.com" }] });
    expect((await signed("PUT", `/services/${d.service.id}/rdns`, { ipAddressId: ip.id, hostname: null })).body).toMatchObject({ message: "Reverse DNS cleared", data: { hostname: null } });
    expect(await signed("PUT", `/services/${d.service.id}/rdns`, { ipAddressId: ip.id, hostname: "-bad-.example" })).toEqual({ status: 400, body: { success: false, error: "hostname must be a valid host name (RFC 1123)" } });
    const v = await vps();
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: v.service.id } });
    const vmIp = await t.db.ipAddress.findFirstOrThrow({ where: { vmId: vm.id } });
    expect(await signed("PUT", `/services/${d.service.id}/rdns`, { ipAddressId: vmIp.id, hostname: "x.example.com" })).toEqual({ status: 404, body: { success: false, error: "IP address not found" } });
    expect(await signed("PUT", `/services/${v.service.id}/rdns`, { ipAddressId: vmIp.id, hostname: "x.example.com" })).toEqual({ status: 400, body: { success: false, error: "Reverse DNS can be set here for dedicated servers only" } });
    expect((await send("PUT", `/services/${d.service.id}/rdns`, { key: r.plaintext, body: { ipAddressId: ip.id, hostname: null } })).status).toBe(401);
    await t.db.service.update({ where: { id: d.service.id }, data: { status: "suspended" } });
    expect(await signed("PUT", `/services/${d.service.id}/rdns`, { ipAddressId: ip.id, hostname: "a.example.com" })).toEqual({ status: 403, body: { success: false, error: "Service is suspended; only stop and restart are allowed" } });
  });
});

describe("SSH keys", () => {
  const KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl laptop";

  it("lists account keys with attached; attaches by id or by public key; 409 twice; detaches; the next reinstall installs them", async () => {
    const d = await server();
    const accountKey = await t.db.sshKey.create({ data: { accountId: r.account.id, name: "ops", publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBm9Vn0vJkQ9p1l2H5oVJd7sWcK4m8Xr0u9yW3q1Zt2a ops", fingerprint: "SHA256:ops", type: "ed25519" } });
    expect((await get(`/services/${d.service.id}/ssh-keys`)).body.data).toEqual([{ id: accountKey.id, name: "ops", fingerprint: "SHA256:ops", type: "ed25519", attached: false }]);
    expect(await signed("POST", `/services/${d.service.id}/ssh-keys`, { sshKeyId: accountKey.id })).toEqual({
      status: 201,
      body: { success: true, message: "SSH key attached; it is installed on the next reinstall", data: { id: accountKey.id, name: "ops", fingerprint: "SHA256:ops", type: "ed25519", attached: true } },
    });
    const added = await signed("POST", `/services/${d.service.id}/ssh-keys`, { publicKey: KEY, name: "laptop" });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ name: "laptop", type: "ed25519", fingerprint: expect.stringMatching(/^SHA256:[A-Za-z0-9+/]{43}$/), attached: true });
    expect(await signed("POST", `/services/${d.service.id}/ssh-keys`, { publicKey: KEY, name: "again" })).toEqual({ status: 409, body: { success: false, error: "This key is already attached to the service" } });
    expect((await signed("POST", `/services/${d.service.id}/ssh-keys`, { publicKey: "not a key", name: "x" })).status).toBe(400);
    expect((await signed("POST", `/services/${d.service.id}/ssh-keys`, {})).status).toBe(400);
    expect(await signed("POST", `/services/${d.service.id}/ssh-keys`, { sshKeyId: randomUUID() })).toEqual({ status: 404, body: { success: false, error: "SSH key not found" } });
    expect((await get(`/services/${d.service.id}/ssh-keys`)).body.data).toHaveLength(2);

    const job = await signed("POST", `/services/${d.service.id}/reinstall`, { osTemplate: ds.image.id });
    expect(job.status).toBe(200);
    await getJob((job.body.data as { jobId: string }).jobId, later());
    expect((await boundServer(d.service.id)).sshKeys).toEqual(expect.arrayContaining([KEY, accountKey.publicKey]));

    const laptopId = (added.body.data as { id: string }).id;
    expect(await signed("DELETE", `/services/${d.service.id}/ssh-keys/${laptopId}`)).toEqual({ status: 200, body: { success: true, message: "SSH key detached", data: { id: laptopId, attached: false } } });
    expect((await signed("DELETE", `/services/${d.service.id}/ssh-keys/${laptopId}`)).status).toBe(404);
    const v = await vps();
    expect(await get(`/services/${v.service.id}/ssh-keys`)).toEqual({ status: 400, body: { success: false, error: "SSH keys are managed here for dedicated servers only" } });
  });
});

describe("rescue", () => {
  it("rescue answers a one-time password and the job; 409 while unsettled or already in rescue; unrescue brings it back; 409 when not in rescue", async () => {
    const d = await server();
    expect(await signed("POST", `/services/${d.service.id}/unrescue`)).toEqual({ status: 409, body: { success: false, error: "The server is not in rescue mode" } });
    const res = await signed("POST", `/services/${d.service.id}/rescue`);
    expect(res).toEqual({ status: 200, body: { success: true, message: "Rescue mode initiated", data: { jobId: expect.any(String), rescuePassword: expect.stringMatching(/^[A-Za-z0-9]{20}$/), user: "root" } } });
    const { jobId, rescuePassword } = res.body.data as { jobId: string; rescuePassword: string };
    expect(await signed("POST", `/services/${d.service.id}/rescue`)).toEqual({ status: 409, body: { success: false, error: "Rescue needs a settled server; wait until the current install or power action has finished" } });
    expect((await getJob(jobId, later())).state).toBe("succeeded");
    const srv = await boundServer(d.service.id);
    expect(srv).toMatchObject({ provisionState: "rescue", rescueMode: true });
    expect(JSON.stringify((await t.db.backendJob.findUniqueOrThrow({ where: { id: jobId } })).params)).not.toContain(rescuePassword);
    expect(await serverPasswordIs(t.db, srv.id, rescuePassword)).toBe(false); // the installed system's password is untouched
    expect(await signed("POST", `/services/${d.service.id}/rescue`)).toEqual({ status: 409, body: { success: false, error: "The server is already in rescue mode" } });
    const back = await signed("POST", `/services/${d.service.id}/unrescue`);
    expect(back.body).toMatchObject({ success: true, message: "Leaving rescue mode" });
    await getJob((back.body.data as { jobId: string }).jobId, later());
    expect(await boundServer(d.service.id)).toMatchObject({ provisionState: "active", rescueMode: false });
  });

  it("suspended and terminated refuse (403); before a machine 404; no backend 400; scope services required; another reseller 404", async () => {
    const d = await server();
    const readOnly = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] });
    expect(await signed("POST", `/services/${d.service.id}/rescue`, undefined, { plaintext: readOnly.plaintext, secret: r.secret })).toEqual({
      status: 403,
      body: { success: false, error: "API key is missing the required scope: services" },
    });
    const other = await resellerWithKey(t.db);
    expect(await signed("POST", `/services/${d.service.id}/rescue`, undefined, other)).toEqual({ status: 404, body: { success: false, error: "Service not found" } });
    // A key bound to a customer record reaches only that customer's services.
    const customer = await t.db.resellerCustomer.create({ data: { resellerId: r.profile.id, externalCustomerId: `c-${randomUUID().slice(0, 6)}` } });
    const bound = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read", "services"], customerId: customer.id });
    expect((await get(`/services/${d.service.id}/document`, bound.plaintext)).status).toBe(404);
    expect(await signed("PUT", `/services/${d.service.id}/rdns`, { ipAddressId: randomUUID(), hostname: null }, { plaintext: bound.plaintext, secret: r.secret })).toEqual({ status: 404, body: { success: false, error: "Service not found" } });
    const theirs = await server({ resellerCustomerId: customer.id });
    expect((await get(`/services/${theirs.service.id}/ssh-keys`, bound.plaintext)).status).toBe(200);
    expect((await get(`/services/${d.service.id}/document`, other.plaintext)).status).toBe(404);
    expect((await get(`/services/${d.service.id}/network`, other.plaintext)).status).toBe(404);
    await t.db.service.update({ where: { id: d.service.id }, data: { status: "suspended" } });
    expect(await signed("POST", `/services/${d.service.id}/rescue`)).toEqual({ status: 403, body: { success: false, error: "Service is suspended; only stop and restart are allowed" } });
    await t.db.service.update({ where: { id: d.service.id }, data: { status: "terminated" } });
    expect(await signed("POST", `/services/${d.service.id}/unrescue`)).toEqual({ status: 403, body: { success: false, error: "Service is terminated" } });
    const pending = await makePendingService(t.db, { accountId: r.account.id, productId: ds.product.id, locationId: ds.location.id });
    expect(await signed("POST", `/services/${pending.service.id}/rescue`)).toEqual({ status: 404, body: { success: false, error: "No VPS instance is linked to this service yet" } });
    const generic = await makeProduct(t.db, { kind: "generic" });
    const g = await makePendingService(t.db, { accountId: r.account.id, productId: generic.id, locationId: site.location.id, status: "active" });
    expect(await signed("POST", `/services/${g.service.id}/rescue`)).toEqual({ status: 400, body: { success: false, error: "Service has no remote controls" } });
  });
});

describe("service document", () => {
  const REQUIRED = ["kind", "serviceId", "service", "capabilities", "features", "options", "upgrades", "network", "generatedAt"];
  const SECTIONS = ["dedicated", "vps", "ipTransit", "colocation", "game", "plugin"];
  const sectionsOf = (data: Record<string, unknown>) => SECTIONS.filter((k) => k in data);

  it("dedicated: every required key, exactly one kind section, features for its panels", async () => {
    const d = await server();
    const { status, body } = await get(`/services/${d.service.id}/document`);
    expect(status).toBe(200);
    const data = body.data as Record<string, unknown>;
    for (const key of REQUIRED) expect(data).toHaveProperty(key);
    expect(sectionsOf(data)).toEqual(["dedicated"]);
    const srv = await boundServer(d.service.id);
    expect(data).toMatchObject({
      kind: "dedicated",
      serviceId: d.service.id,
      generatedAt: now.toISOString(),
      service: { id: d.service.id, status: "active", serverPort: 22, billingCycle: "monthly", productName: ds.product.name, osImage: { name: "Rocky 9", logoUrl: null } },
      capabilities: { backend: "dedicated", backups: false },
      features: { power: true, reinstall: true, password_reset: true, stats: true, backups: false, snapshots: false, rdns: true, rescue: true, ssh_keys: true, hardware_health: true, subnets: true, traffic: true },
      options: { priceBasis: "wholesale", active: [], available: [] },
      upgrades: { available: [], addons: null, pendingUpgrade: null },
      network: { kind: "dedicated" },
      dedicated: {
        rack: srv.rack,
        provisioning: { provision_state: "active", power_state: "on" },
        os_installation: { status: "completed", os: "Rocky 9" },
        storage: [{ description: "2 x 960 GB NVMe" }],
        nics: [{ name: "eth0" }],
      },
    });
    expect(Object.values(data.features as Record<string, unknown>).every((v) => typeof v === "boolean")).toBe(true);
  });

  it("vps has the vps section; generic has none; a terminated service has every feature false but keeps its section", async () => {
    const v = await vps();
    const data = (await get(`/services/${v.service.id}/document`)).body.data as Record<string, unknown>;
    expect(sectionsOf(data)).toEqual(["vps"]);
    expect(data).toMatchObject({ kind: "vps", features: { power: true, rdns: false, ssh_keys: false, traffic: true }, vps: { osName: "Debian 12", capabilities: { actions: ["start", "stop", "restart"] } } });
    const generic = await makeProduct(t.db, { kind: "generic" });
    const g = await makePendingService(t.db, { accountId: r.account.id, productId: generic.id, locationId: site.location.id, status: "active" });
    const gd = (await get(`/services/${g.service.id}/document`)).body.data as Record<string, unknown>;
    for (const key of REQUIRED) expect(gd).toHaveProperty(key);
    expect(sectionsOf(gd)).toEqual([]);
    expect(gd).toMatchObject({ kind: "generic", service: { serverIp: null, serverPort: null, osImage: null } });
    await t.db.service.update({ where: { id: v.service.id }, data: { status: "terminated" } });
    const td = (await get(`/services/${v.service.id}/document`)).body.data as Record<string, unknown>;
    expect(Object.values(td.features as Record<string, boolean>).some(Boolean)).toBe(false);
    expect(sectionsOf(td)).toEqual(["vps"]);
  });

  it("options and upgrades: held add-ons, the product's add-ons and upgrade paths priced on the service's cycle", async () => {
    const option = await t.db.productOption.create({
      data: { name: "Backup space", slug: `bk-${randomUUID().slice(0, 8)}`, pricingType: "recurring", prices: { create: [{ cycle: "monthly", amount: "5.00" }] }, products: { create: [{ productId: site.product.id }] } },
    });
    const bigger = await t.db.product.create({ data: { kind: "vps", name: `Bigger ${randomUUID().slice(0, 6)}`, slug: `big-${randomUUID().slice(0, 8)}`, prices: { create: [{ cycle: "monthly", amount: "24.00" }] } } });
    await t.db.productUpgradePath.create({ data: { fromProductId: site.product.id, toProductId: bigger.id } });
    const v = await vps();
    await t.db.serviceOption.create({ data: { serviceId: v.service.id, optionId: option.id, quantity: 2, status: "active", amount: "10.00" } });
    // A plan change prorates to the next due date, so the service needs one to be changeable.
    await t.db.service.update({ where: { id: v.service.id }, data: { nextDueDate: new Date(Date.now() + 20 * 86_400_000) } });
    const data = (await get(`/services/${v.service.id}/document`)).body.data as { options: unknown; upgrades: unknown };
    expect(data.options).toEqual({
      priceBasis: "wholesale",
      active: [{ id: expect.any(String), optionId: option.id, name: "Backup space", quantity: 2, status: "active", amount: "10.00", setupFee: "0.00" }],
      available: [{ optionId: option.id, name: "Backup space", price: expect.stringMatching(/^\d+\.\d{2,4}$/), setupFee: "0.00", maxQuantity: null }],
    });
    expect(data.upgrades).toEqual({ available: [{ productId: bigger.id, name: bigger.name, price: expect.stringMatching(/^\d+\.\d{2,4}$/) }], addons: null, pendingUpgrade: null });
    // The standalone reads answer exactly the document's sections (one implementation).
    expect((await get(`/services/${v.service.id}/options`)).body.data).toEqual(data.options);
    expect((await get(`/services/${v.service.id}/upgrades`)).body.data).toEqual(data.upgrades);

    // A change under way shows as pendingUpgrade in both.
    const upgrade = await t.db.serviceUpgrade.create({
      data: { serviceId: v.service.id, accountId: r.account.id, kind: "package", status: "awaiting_payment", fromProductId: site.product.id, toProductId: bigger.id, currency: "EUR" },
    });
    const pending = { upgradeId: upgrade.id, status: "awaiting_payment", toProductId: bigger.id, orderId: null, createdAt: upgrade.createdAt.toISOString() };
    expect(((await get(`/services/${v.service.id}/document`)).body.data as { upgrades: { pendingUpgrade: unknown } }).upgrades.pendingUpgrade).toEqual(pending);
    expect(((await get(`/services/${v.service.id}/upgrades`)).body.data as { pendingUpgrade: unknown }).pendingUpgrade).toEqual(pending);
    await t.db.serviceUpgrade.update({ where: { id: upgrade.id }, data: { status: "cancelled", cancelledAt: new Date() } });
    expect(((await get(`/services/${v.service.id}/upgrades`)).body.data as { pendingUpgrade: unknown }).pendingUpgrade).toBeNull();
  });
});

describe("stats, health, provider, ui-schema, transit-config", () => {
  it("native VPS stats: figures while running, null (never 0) for what a stopped machine cannot report", async () => {
    const v = await vps();
    const running = (await get(`/services/${v.service.id}/stats`)).body.data as { platform: string; collecting: boolean; stats: { cpu: { usage: number | null; cores: number }; memory: { used: number | null } }; series: unknown[] };
    expect(running).toMatchObject({ platform: "native", collecting: true, series: [], stats: { status: "running", cpu: { cores: 2 } } });
    expect(typeof running.stats.cpu.usage).toBe("number");
    const stop = await signed("POST", `/services/${v.service.id}/power`, { action: "stop" });
    await getJob((stop.body.data as { jobId: string }).jobId, later());
    const stopped = (await get(`/services/${v.service.id}/stats`)).body.data as { stats: Record<string, Record<string, unknown>> };
    expect(stopped.stats.cpu!.usage).toBeNull();
    expect(stopped.stats.memory!.used).toBeNull();
    expect(stopped.stats.memory!.percentage).toBeNull();
    expect(stopped.stats.network!.rx_bps).toBeNull();
    expect(stopped.stats.memory!.cached).toBeNull();
    // Only a running guest reports its disk usage, and the counters since boot die with it.
    expect(stopped.stats.disk!.used).toBeNull();
    expect(stopped.stats.disk!.percentage).toBeNull();
    expect(stopped.stats.network!.netin_bytes).toBeNull();
    expect(stopped.stats.network!.netout_bytes).toBeNull();
    expect(stopped.stats.disk!.allocated).not.toBeNull();
  });

  it("stats of a terminated service are refused with 403 (VPS and dedicated)", async () => {
    for (const s of [await vps(), await server()]) {
      await t.db.service.update({ where: { id: s.service.id }, data: { status: "terminated" } });
      expect(await get(`/services/${s.service.id}/stats`)).toEqual({ status: 403, body: { success: false, error: "Service is terminated" } });
    }
  });

  it("os-templates of a dedicated server: the product's images, and no platform key", async () => {
    const d = await server();
    const { status, body } = await get(`/services/${d.service.id}/os-templates`);
    expect(status).toBe(200);
    const data = body.data as { templates: { id: string }[] };
    expect(data.templates.map((x) => x.id)).toEqual([ds.image.id]);
    expect(Object.keys(data)).toEqual(["templates"]);
  });

  it("dedicated stats: spec strings, power state (or unreachable), health; network block null; game 400", async () => {
    const d = await server();
    expect((await get(`/services/${d.service.id}/stats`)).body.data).toMatchObject({
      cpu: "Intel Xeon E-2388G",
      ram: "64 GB",
      storage: "2 x 960 GB NVMe",
      powerState: "on",
      health: { overall: "ok" },
      network: { rx_bps: null, tx_bps: null, netin_bytes: null, netout_bytes: null, sampledAt: null },
    });
    await injectFailure(t.db, { node: ds.node.id, operation: "power.status", code: "provider_unreachable", times: 1 });
    expect((await get(`/services/${d.service.id}/stats`)).body.data).toMatchObject({ powerState: "unreachable" });
    expect((await get(`/services/${d.service.id}/health`)).body.data).toMatchObject({ overall: "ok", fans: expect.any(Array), powerSupplies: expect.any(Array) });
    const game = await makeProduct(t.db, { kind: "game" });
    const g = await makePendingService(t.db, { accountId: r.account.id, productId: game.id, locationId: site.location.id, status: "active" });
    expect(await get(`/services/${g.service.id}/stats`)).toEqual({ status: 400, body: { success: false, error: "Statistics are not available for game servers" } });
  });

  it("provider is null and ui-schema asks for the default UI on native VPS and bare metal", async () => {
    const v = await vps();
    const d = await server();
    expect((await get(`/services/${v.service.id}/provider`)).body.data).toEqual({ serviceId: v.service.id, provider: null, backend: "vps" });
    expect((await get(`/services/${d.service.id}/provider`)).body.data).toEqual({ serviceId: d.service.id, provider: null, backend: "dedicated" });
    expect((await get(`/services/${d.service.id}/ui-schema`)).body).toEqual({ success: true, data: { schema: null, useDefaultUI: true } });
    expect((await get(`/services/${randomUUID()}/ui-schema`)).status).toBe(404);
  });

  it("transit-config: IP transit only (400), 403 while self-service is off, stored and shown in the document when on", async () => {
    const body = { customerAsn: 64500, irrAsSet: "AS-EXAMPLE", announcedPrefixes: ["192.0.2.0/24", "2001:db8::/32"], routeType: "full" };
    const v = await vps();
    expect(await signed("PUT", `/services/${v.service.id}/transit-config`, body)).toEqual({ status: 400, body: { success: false, error: "Transit configuration applies to IP transit services only" } });
    const off = await t.db.product.create({ data: { kind: "ip_transit", name: "Transit 1G", slug: `tr-${randomUUID().slice(0, 8)}`, specs: { port: "1 Gbit/s" } } });
    const a = await makePendingService(t.db, { accountId: r.account.id, productId: off.id, locationId: site.location.id, status: "active" });
    expect(await signed("PUT", `/services/${a.service.id}/transit-config`, body)).toEqual({ status: 403, body: { success: false, error: "Self-service transit configuration is switched off for this service" } });
    const on = await t.db.product.create({ data: { kind: "ip_transit", name: "Transit 10G", slug: `tr-${randomUUID().slice(0, 8)}`, specs: { port: "10 Gbit/s", transit: { selfService: true } } } });
    const b = await makePendingService(t.db, { accountId: r.account.id, productId: on.id, locationId: site.location.id, status: "active" });
    expect((await signed("PUT", `/services/${b.service.id}/transit-config`, { ...body, customerAsn: 0 })).status).toBe(400);
    expect(await signed("PUT", `/services/${b.service.id}/transit-config`, body)).toEqual({ status: 200, body: { success: true, message: "Transit configuration saved", data: body } });
    const doc = (await get(`/services/${b.service.id}/document`)).body.data as Record<string, unknown>;
    expect(doc).toMatchObject({ kind: "ip-transit", ipTransit: { portDetails: "10 Gbit/s", bgp: body, selfService: true } });
    expect(SECTIONS_OF(doc)).toEqual(["ipTransit"]);
  });
});

const SECTIONS_OF = (data: Record<string, unknown>) => ["dedicated", "vps", "ipTransit", "colocation", "game", "plugin"].filter((k) => k in data);

describe("traffic", () => {
  it("GET /traffic: collecting before the first sample, then rates, summary, daily and the month; range checked; other kinds 400", async () => {
    const v = await vps();
    expect((await get(`/services/${v.service.id}/traffic`)).body).toEqual({
      success: true,
      data: { kind: "vps", range: "24h", collecting: true, samples: [], daily: [], summary: null, monthTotal: null },
    });
    // Three five-minute samples ending now: 100 kbit/s in, 1 Mbit/s out.
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    await t.db.machineSample.createMany({
      data: [10, 5, 0].map((ago, i) => ({
        serviceId: v.service.id,
        at: at(ago),
        rxCounter: BigInt(i * 3_750_000),
        txCounter: BigInt(i * 37_500_000),
        rxBytes: i ? 3_750_000n : 0n,
        txBytes: i ? 37_500_000n : 0n,
        seconds: i ? 300 : 0,
      })),
    });
    const { body } = await get(`/services/${v.service.id}/traffic?range=1h`);
    expect(body.data).toEqual({
      kind: "vps",
      range: "1h",
      collecting: false,
      samples: [
        { time: expect.any(String), in: 100_000, out: 1_000_000 },
        { time: expect.any(String), in: 100_000, out: 1_000_000 },
      ],
      daily: [{ day: "2026-05-04", rx_bytes: 7_500_000, tx_bytes: 75_000_000 }],
      summary: { avgIn: 100_000, avgOut: 1_000_000, maxIn: 100_000, maxOut: 1_000_000, p95In: 100_000, p95Out: 1_000_000, totalSamples: 2 },
      monthTotal: { total_bytes_in: 7_500_000, total_bytes_out: 75_000_000 },
    });
    expect(await get(`/services/${v.service.id}/traffic?range=2d`)).toEqual({
      status: 400,
      body: { success: false, error: { message: "Validation failed", details: [{ field: "range", message: "Must be one of 1h, 6h, 24h, 7d, 30d" }] } },
    });

    const d = await server();
    expect((await get(`/services/${d.service.id}/traffic`)).body.data).toMatchObject({ kind: "dedicated", collecting: true });
    expect((await get(`/services/${d.service.id}/traffic`)).body.data).not.toHaveProperty("daily");
    const generic = await makeProduct(t.db, { kind: "generic" });
    const g = await makePendingService(t.db, { accountId: r.account.id, productId: generic.id, locationId: site.location.id, status: "active" });
    expect(await get(`/services/${g.service.id}/traffic`)).toEqual({ status: 400, body: { success: false, error: "Traffic is recorded for VPS and dedicated servers only" } });
    const stranger = await resellerWithKey(t.db);
    expect((await get(`/services/${v.service.id}/traffic`, stranger.plaintext)).status).toBe(404);
  });
});

describe("dedicated root password", () => {
  it("POST /password rebuilds the server and returns a generated data.password once with data.method automated; a sent password is ignored", async () => {
    const d = await server();
    const res = await signed("POST", `/services/${d.service.id}/password`, { password: "x" });
    expect(res).toEqual({
      status: 200,
      body: {
        success: true,
        message: "Password reset initiated: the server is being rebuilt",
        data: { jobId: expect.any(String), user: "root", password: expect.stringMatching(/^[A-Za-z0-9]{20}$/), method: "automated" },
      },
    });
    const { password, jobId } = res.body.data as { password: string; jobId: string };
    expect(password).not.toBe("x");
    const job = await t.db.backendJob.findUniqueOrThrow({ where: { id: jobId } });
    expect(job.operation).toBe("reinstall");
    expect(JSON.stringify(job.params)).not.toContain(password);
    // Once: a second reset while the rebuild runs is refused and reveals nothing.
    expect(await signed("POST", `/services/${d.service.id}/password`, {})).toEqual({ status: 409, body: { success: false, error: "A reinstall is already running on this server" } });
    expect((await getJob(jobId, later())).state).toBe("succeeded");
    expect(await serverPasswordIs(t.db, job.serverId!, password)).toBe(true);
  });

  it("native VPS: a missing or short password is a 400 validation error", async () => {
    const v = await vps();
    expect(await signed("POST", `/services/${v.service.id}/password`, {})).toEqual({
      status: 400,
      body: { success: false, error: { message: "Validation failed", details: [{ field: "password", message: "Required" }] } },
    });
    expect(await signed("POST", `/services/${v.service.id}/password`, { password: "short" })).toEqual({
      status: 400,
      body: { success: false, error: { message: "Validation failed", details: [{ field: "password", message: "password must be at least 8 characters" }] } },
    });
  });
});
