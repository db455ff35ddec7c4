import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectFailure } from "@/lib/backends/simulation/faults";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeActiveService, makeDedicatedSite, makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { makeProduct } from "@/lib/testing/factories";
import { mintResellerKey, readJson, resellerRequest, resellerWithKey, type ResellerRequestOptions } from "../testing/api-test-kit";
import { dispatchResellerApi } from "./dispatch";

let t: TestDb;
let clock = new Date("2026-05-04T08:30:00.000Z");
let r: Awaited<ReturnType<typeof resellerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;

const send = async (method: string, path: string, options: ResellerRequestOptions = {}) =>
  readJson(await dispatchResellerApi(resellerRequest(method, path, options), { db: t.db, clock: () => clock }));
const get = (path: string, who = r) => send("GET", path, { key: who.plaintext });
const signed = (method: string, path: string, body?: unknown, who: { plaintext: string; secret: string } = r) =>
  send(method, path, { key: who.plaintext, sign: { secret: who.secret, now: clock }, body });
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

beforeAll(async () => {
  t = await createTestDb();
  r = await resellerWithKey(t.db);
  site = await makeVpsSite(t.db, { nodes: 2 });
  await t.db.product.update({ where: { id: site.product.id }, data: { snapshotLimit: 2 } });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const vps = (extra: { accountId?: string; resellerId?: string; resellerCustomerId?: string; productId?: string } = {}) =>
  makeActiveService(t.db, {
    accountId: extra.accountId ?? r.account.id,
    productId: extra.productId ?? site.product.id,
    locationId: site.location.id,
    resellerCustomerId: extra.resellerCustomerId,
    resellerId: extra.resellerId ?? r.profile.id,
    hostname: `bk${++n}-${randomUUID().slice(0, 6)}.example.com`,
  });

type Row = { id: string; name: string; status: string; restorable: boolean; in_progress: boolean; destroys_on_restore: string[]; comes_back_running: boolean };
const backups = async (id: string) => (await get(`/services/${id}/backups`)).body.data as { snapshots: Row[]; used: number; max: number };

const DISK_JOB = "Another disk operation (snapshot, capture or reinstall) is running on this VPS; try again when it has finished";

describe("backups (native VPS snapshots)", () => {
  it("create (default name) -> list -> restore with confirm -> delete; the spec's row shape", async () => {
    const a = await vps();
    expect(await backups(a.service.id)).toEqual({ snapshots: [], used: 0, max: 2 });

    const created = await signed("POST", `/services/${a.service.id}/backups`, {});
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ success: true, message: "Backup started", data: { jobId: expect.any(String), backup: { name: "backup-20260504-083000", status: "creating", in_progress: true } } });
    const first = (created.body.data as { backup: Row }).backup;
    expect(Object.keys(first).sort()).toEqual(
      ["id", "name", "status", "size_bytes", "restorable", "in_progress", "crash_consistent", "destroys_on_restore", "comes_back_running", "created_at"].sort(),
    );

    // One disk job per VM: a second backup while the first is taken.
    expect(await signed("POST", `/services/${a.service.id}/backups`, { name: "second" })).toEqual({ status: 409, body: { success: false, error: DISK_JOB } });
    later(30_000);
    expect((await backups(a.service.id)).snapshots[0]).toMatchObject({ id: first.id, status: "available", restorable: true });
    expect((await signed("POST", `/services/${a.service.id}/backups`, { name: "second", description: "nightly" })).status).toBe(202);
    later(30_000);
    expect(await signed("POST", `/services/${a.service.id}/backups`, { name: "third" })).toEqual({
      status: 409,
      body: { success: false, error: "Snapshot limit reached: this VPS keeps at most 2 snapshots" },
    });
    expect((await backups(a.service.id)).snapshots.map((s) => [s.name, s.destroys_on_restore])).toEqual([
      ["backup-20260504-083000", ["second"]],
      ["second", []],
    ]);

    // The confirm rule: absent or any other name is 400, nothing starts.
    const restore = `/services/${a.service.id}/backups/${first.id}/restore`;
    expect(await signed("POST", restore, {})).toEqual({ status: 400, body: { success: false, error: "confirm must equal the snapshot name" } });
    expect(await signed("POST", restore, { confirm: "second" })).toEqual({ status: 400, body: { success: false, error: "confirm must equal the snapshot name" } });
    expect((await backups(a.service.id)).snapshots.every((s) => s.status === "available")).toBe(true);
    const restored = await signed("POST", restore, { confirm: first.name });
    expect(restored).toMatchObject({ status: 200, body: { success: true, message: "Backup restore initiated", data: { jobId: expect.any(String) } } });
    // A restore holds the disk: a capture meanwhile is 409 (a new backup would meet the cap first).
    expect(await signed("POST", `/services/${a.service.id}/capture`, { name: "during" })).toEqual({ status: 409, body: { success: false, error: DISK_JOB } });
    later(120_000);
    expect((await backups(a.service.id)).snapshots.map((s) => s.name)).toEqual([first.name]);

    expect(await signed("DELETE", `/services/${a.service.id}/backups/${randomUUID()}`)).toEqual({ status: 404, body: { success: false, error: "Snapshot not found" } });
    expect((await signed("DELETE", `/services/${a.service.id}/backups/not-a-uuid`)).status).toBe(400);
    expect((await signed("DELETE", `/services/${a.service.id}/backups/${first.id}`)).body).toMatchObject({ success: true, message: "Backup deletion initiated" });
    later(30_000);
    expect(await backups(a.service.id)).toEqual({ snapshots: [], used: 0, max: 2 });
  });

  it("a backup still being made cannot be restored (409); no backend 400; no machine yet 404", async () => {
    const a = await vps();
    const made = await signed("POST", `/services/${a.service.id}/backups`, { name: "fresh" });
    const id = (made.body.data as { backup: Row }).backup.id;
    expect(await signed("POST", `/services/${a.service.id}/backups/${id}/restore`, { confirm: "fresh" })).toEqual({
      status: 409,
      body: { success: false, error: "Snapshot fresh is not available (creating)" },
    });
    later(30_000);

    const generic = await makeProduct(t.db, { kind: "colocation" });
    const colo = await makePendingService(t.db, { accountId: r.account.id, productId: generic.id, locationId: site.location.id, status: "active" });
    expect(await get(`/services/${colo.service.id}/backups`)).toEqual({ status: 400, body: { success: false, error: "Service has no remote controls" } });
    const pending = await makePendingService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id, status: "active" });
    expect(await get(`/services/${pending.service.id}/backups`)).toEqual({ status: 404, body: { success: false, error: "No VPS instance is linked to this service yet" } });
    expect(await signed("POST", `/services/${pending.service.id}/capture`, {})).toEqual({ status: 404, body: { success: false, error: "No VPS instance is linked to this service yet" } });
  });

  it("names: the pattern and the reserved prefixes answer 400", async () => {
    const a = await vps();
    expect(await signed("POST", `/services/${a.service.id}/backups`, { name: "has space" })).toEqual({
      status: 400,
      body: { success: false, error: "name must start with a letter or digit and contain only letters, digits, '.', '_' and '-' (at most 120 characters)" },
    });
    expect(await signed("POST", `/services/${a.service.id}/backups`, { name: "System-x" })).toEqual({
      status: 400,
      body: { success: false, error: "Snapshot names starting with auto- or system- are reserved" },
    });
  });

  it("suspended and terminated refuse with 403, even the list; a plan without snapshots lists max 0 and refuses creation (403); dedicated lists [] and refuses creation with 400", async () => {
    const a = await vps();
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "suspended" } });
    const suspended = { status: 403, body: { success: false, error: "Service is suspended; only stop and restart are allowed" } };
    expect(await get(`/services/${a.service.id}/backups`)).toEqual(suspended);
    expect(await signed("POST", `/services/${a.service.id}/backups`, { name: "x" })).toEqual(suspended);
    expect(await signed("POST", `/services/${a.service.id}/backups/${randomUUID()}/restore`, { confirm: "x" })).toEqual(suspended);
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "terminated" } });
    expect(await get(`/services/${a.service.id}/backups`)).toEqual({ status: 403, body: { success: false, error: "Service is terminated" } });
    expect(await signed("DELETE", `/services/${a.service.id}/backups/${randomUUID()}`)).toEqual({ status: 403, body: { success: false, error: "Service is terminated" } });

    const plain = await t.db.product.create({
      data: { kind: "vps", name: "No-snapshot VPS", slug: `nsn-${randomUUID()}`, specs: { vcpus: 1, memoryMb: 1024, diskGb: 20 }, osImages: { create: [{ osImageId: site.debian.id, isDefault: true }] } },
    });
    const b = await vps({ productId: plain.id });
    expect(await get(`/services/${b.service.id}/backups`)).toEqual({ status: 200, body: { success: true, data: { snapshots: [], used: 0, max: 0 } } });
    const notOffered = { status: 403, body: { success: false, error: "Snapshots are not available for this VPS" } };
    expect(await signed("POST", `/services/${b.service.id}/backups`, { name: "x" })).toEqual(notOffered);
    expect(await signed("DELETE", `/services/${b.service.id}/backups/${randomUUID()}`)).toEqual(notOffered);
    // The list keeps the reseller rule: a suspended service is refused even with max 0.
    await t.db.service.update({ where: { id: b.service.id }, data: { status: "suspended" } });
    expect(await get(`/services/${b.service.id}/backups`)).toEqual(suspended);

    const ds = await makeDedicatedSite(t.db);
    const d = await makeActiveService(t.db, { accountId: r.account.id, productId: ds.product.id, locationId: ds.location.id, hostname: `ds-${randomUUID().slice(0, 6)}.example.com` });
    expect(await get(`/services/${d.service.id}/backups`)).toEqual({ status: 200, body: { success: true, data: { backups: [] } } });
    expect(await signed("POST", `/services/${d.service.id}/backups`, {})).toEqual({ status: 400, body: { success: false, error: "Backups are not available for dedicated servers" } });
  });

  it("scopes and tenants: read lists, services creates, destructive restores and deletes; another reseller's service or backup is 404", async () => {
    const a = await vps();
    const readOnly = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read", "services"] });
    const ro = { plaintext: readOnly.plaintext, secret: r.secret };
    expect((await get(`/services/${a.service.id}/backups`, { ...r, plaintext: readOnly.plaintext })).status).toBe(200);
    const made = await signed("POST", `/services/${a.service.id}/backups`, { name: "mine" }, ro);
    expect(made.status).toBe(202);
    const id = (made.body.data as { backup: Row }).backup.id;
    later(30_000);
    expect(await signed("POST", `/services/${a.service.id}/backups/${id}/restore`, { confirm: "mine" }, ro)).toEqual({
      status: 403,
      body: { success: false, error: "API key is missing the required scope: destructive" },
    });

    const other = await resellerWithKey(t.db);
    expect(await get(`/services/${a.service.id}/backups`, other)).toEqual({ status: 404, body: { success: false, error: "Service not found" } });
    expect((await signed("POST", `/services/${a.service.id}/backups`, { name: "x" }, other)).status).toBe(404);
    expect((await signed("POST", `/services/${a.service.id}/backups/${id}/restore`, { confirm: "mine" }, other)).status).toBe(404);
    // Their own VPS, my backup id: not found either.
    const theirs = await vps({ accountId: other.account.id, resellerId: other.profile.id });
    expect(await signed("POST", `/services/${theirs.service.id}/backups/${id}/restore`, { confirm: "mine" }, other)).toEqual({ status: 404, body: { success: false, error: "Snapshot not found" } });
    expect((await signed("DELETE", `/services/${theirs.service.id}/backups/${id}`, undefined, other)).status).toBe(404);

    // A customer-bound key reaches only its customer's services.
    const c = await t.db.resellerCustomer.create({ data: { resellerId: r.profile.id, externalCustomerId: `c-${randomUUID()}` } });
    const bound = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read", "services"], customerId: c.id });
    expect((await get(`/services/${a.service.id}/backups`, { ...r, plaintext: bound.plaintext })).status).toBe(404);
  });
});

type Image = { id: string; name: string; status: string; source_kind: string; size_bytes: number | null; virtual_size_bytes: number | null; progress: number | null; source_service_id: string | null };
const images = async (who = r) => (await get("/images", who)).body.data as Image[];

describe("capture and images", () => {
  it("capture -> capturing with progress -> available; the VM keeps running; GET /images newest first; DELETE removes it", async () => {
    const a = await vps();
    const started = await signed("POST", `/services/${a.service.id}/capture`, { name: "golden" });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ success: true, message: "Capture started", data: { jobId: expect.any(String), image: { name: "golden", status: "capturing", source_kind: "capture", source_service_id: a.service.id } } });
    const image = (started.body.data as { image: Image }).image;

    // One disk job per VM: a backup or a second capture meanwhile is 409.
    expect(await signed("POST", `/services/${a.service.id}/capture`, { name: "again" })).toEqual({ status: 409, body: { success: false, error: DISK_JOB } });
    expect(await signed("POST", `/services/${a.service.id}/backups`, { name: "during" })).toEqual({ status: 409, body: { success: false, error: DISK_JOB } });
    later(10_000);
    const mid = (await images()).find((i) => i.id === image.id)!;
    expect(mid.status).toBe("capturing");
    expect(mid.progress).toBeGreaterThan(0);
    expect(mid.progress).toBeLessThan(100);
    // Deleting while it is being captured is refused.
    expect(await signed("DELETE", `/images/${image.id}`)).toEqual({ status: 409, body: { success: false, error: "Custom image golden is still capturing; try again when it is available" } });
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: a.service.id, destroyedAt: null } });
    expect(vm.state).toBe("running");

    later(30_000);
    const done = (await images()).find((i) => i.id === image.id)!;
    expect(done).toMatchObject({ status: "available", progress: 100, virtual_size_bytes: 80 * 1024 ** 3 });
    expect(done.size_bytes).toBeGreaterThan(0);

    const second = await signed("POST", `/services/${a.service.id}/capture`, {});
    expect((second.body.data as { image: Image }).image.name).toBe(`${a.service.hostname}-20260504`);
    expect((await images()).map((i) => i.id).slice(0, 2)).toEqual([(second.body.data as { image: Image }).image.id, image.id]);

    expect(await signed("DELETE", `/images/${image.id}`)).toEqual({ status: 200, body: { success: true, message: "Image deleted", data: { id: image.id, deleted: true } } });
    expect((await images()).some((i) => i.id === image.id)).toBe(false);
    expect(await signed("DELETE", `/images/${image.id}`)).toEqual({ status: 404, body: { success: false, error: "Custom image not found" } });
    expect((await signed("DELETE", "/images/nope")).status).toBe(400);
    later(60_000);
  });

  it("a reseller order naming custom_image_id in its free-form configuration does not reach the build", async () => {
    const a = await vps();
    const started = await signed("POST", `/services/${a.service.id}/capture`, { name: "not-for-orders" });
    const imageId = (started.body.data as { image: Image }).image.id;
    later(60_000);
    await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "invoice" }, update: { paymentMode: "invoice" } });
    const placed = await signed("POST", "/orders", {
      productId: site.product.id,
      billingCycle: "monthly",
      externalOrderId: `ext-${randomUUID()}`,
      configuration: { hostname: "from-image.example.com", custom_image_id: imageId, customImageId: imageId, note: "kept" },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const serviceId = (placed.body.data as { services: { serviceId: string }[] }).services[0]!.serviceId;
    const item = await t.db.service.findUniqueOrThrow({ where: { id: serviceId }, include: { orderItem: true } });
    expect(item.orderItem!.configuration).toMatchObject({ note: "kept", osImageId: site.debian.id });
    expect(item.orderItem!.configuration).not.toHaveProperty("custom_image_id");
    expect(item.orderItem!.configuration).not.toHaveProperty("customImageId");
  });

  it("a failed capture job leaves the image in error with a client-safe reason", async () => {
    const a = await vps();
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: a.service.id, destroyedAt: null } });
    await injectFailure(t.db, { vm: vm.id, operation: "capture", code: "storage_capacity", message: "pool tank0 is full" });
    const started = await signed("POST", `/services/${a.service.id}/capture`, { name: "doomed" });
    const id = (started.body.data as { image: Image }).image.id;
    later(60_000);
    expect((await images()).find((i) => i.id === id)).toMatchObject({ status: "error", error: "The capture did not complete; delete this image and capture again" });
    expect((await signed("DELETE", `/images/${id}`)).status).toBe(200);
  });

  it("refusals: suspended 403, dedicated 400, not yours 404, image cap 409; another reseller never sees the images", async () => {
    const a = await vps();
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "suspended" } });
    expect(await signed("POST", `/services/${a.service.id}/capture`, {})).toEqual({ status: 403, body: { success: false, error: "Service is suspended; only stop and restart are allowed" } });
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "active" } });
    // The name rule is 120 characters, and the schema says so: a longer one is the validation envelope.
    expect(await signed("POST", `/services/${a.service.id}/capture`, { name: "n".repeat(121) })).toEqual({
      status: 400,
      body: { success: false, error: { message: "Validation failed", details: [{ field: "name", message: "name must be at most 120 characters" }] } },
    });

    const ds = await makeDedicatedSite(t.db);
    const d = await makeActiveService(t.db, { accountId: r.account.id, productId: ds.product.id, locationId: ds.location.id, hostname: `ds-${randomUUID().slice(0, 6)}.example.com` });
    expect(await signed("POST", `/services/${d.service.id}/capture`, {})).toEqual({ status: 400, body: { success: false, error: "Capture is only available for VPS services" } });

    const other = await resellerWithKey(t.db);
    expect(await signed("POST", `/services/${a.service.id}/capture`, {}, other)).toEqual({ status: 404, body: { success: false, error: "Service not found" } });
    const mine = (await images())[0]!;
    expect(await images(other)).toEqual([]);
    expect(await signed("DELETE", `/images/${mine.id}`, undefined, other)).toEqual({ status: 404, body: { success: false, error: "Custom image not found" } });

    // The cap (an operator setting) counts live images of the account.
    const b = await vps({ accountId: other.account.id, resellerId: other.profile.id });
    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, customImageLimit: 1 }, update: { customImageLimit: 1 } });
    try {
      expect((await signed("POST", `/services/${b.service.id}/capture`, { name: "one" }, other)).status).toBe(202);
      later(60_000);
      const c = await vps({ accountId: other.account.id, resellerId: other.profile.id });
      expect(await signed("POST", `/services/${c.service.id}/capture`, { name: "two" }, other)).toEqual({ status: 409, body: { success: false, error: "Image limit reached: this account keeps at most 1 custom image" } });
    } finally {
      await t.db.platformSettings.update({ where: { id: 1 }, data: { customImageLimit: 10 } });
    }

    // A customer-bound key sees only captures of its customer's services.
    const cust = await t.db.resellerCustomer.create({ data: { resellerId: r.profile.id, externalCustomerId: `c-${randomUUID()}` } });
    const theirs = await vps({ resellerCustomerId: cust.id });
    const bound = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read", "services"], customerId: cust.id });
    const boundWho = { ...r, plaintext: bound.plaintext };
    const cap = await signed("POST", `/services/${theirs.service.id}/capture`, { name: "cust" }, boundWho);
    expect(cap.status).toBe(202);
    expect((await images(boundWho)).map((i) => i.name)).toEqual(["cust"]);
    expect((await signed("DELETE", `/images/${mine.id}`, undefined, boundWho)).status).toBe(404);
  });
});
