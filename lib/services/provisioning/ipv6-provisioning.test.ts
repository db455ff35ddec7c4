import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/backends/clock";
import { createIpPool } from "@/lib/backends/ipam/create-ip-pool";
import { settle, testContext } from "@/lib/backends/testing/backend-test-kit";
import { dispatchCustomerApi } from "@/lib/api/customer/dispatch";
import { customerRequest, customerWithKey, readJson } from "@/lib/api/testing/api-test-kit";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { applyLifecycleVerb } from "../lifecycle/run-lifecycle-verb";
import { makeActiveService, makePendingService, makeVpsSite, VPS_SPECS } from "../testing/service-factories";
import { placeService } from "./provisioning-steps";

// A VPS whose plan has IPv6 gets a /64 of its own from the location's IPv6 pool, held with its IPv4
// address by the build's allocation, listed by the customer API, and given back on termination.

let t: TestDb;
let me: Awaited<ReturnType<typeof customerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
let v6Product: { id: string };
const BLOCK = "2001:db8:5100::/48";

beforeAll(async () => {
  t = await createTestDb();
  me = await customerWithKey(t.db);
  site = await makeVpsSite(t.db);
  // Three /64s: enough for the tests below to run the pool dry.
  await createIpPool(t.db, { locationId: site.location.id, name: "v6", cidr: BLOCK, gateway: "fe80::1", nodeKind: "vps", limit: 3 });
  const id = randomBytes(4).toString("hex");
  v6Product = await t.db.product.create({
    data: {
      kind: "vps",
      name: `VPS v6 ${id}`,
      slug: `vps-v6-${id}`,
      specs: { ...VPS_SPECS, ipv6: true },
      prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal("12.00") }] },
      locations: { create: [{ locationId: site.location.id }] },
      osImages: { create: [{ osImageId: site.debian.id, isDefault: true }] },
    },
  });
});
afterAll(async () => t?.close());

const call = async (path: string) => readJson(await dispatchCustomerApi(customerRequest("GET", path, { key: me.plaintext }), { db: t.db, clock: () => new Date("2026-04-01T10:00:00Z") }));
const v6Rows = () => t.db.ipAddress.findMany({ where: { pool: { locationId: site.location.id, version: 6 } }, orderBy: { ordinal: "asc" } });
const pending = (productId = v6Product.id) => makePendingService(t.db, { accountId: me.account.id, productId, locationId: site.location.id });

describe("IPv6 at provisioning", () => {
  let firstId: string;

  it("a VPS whose plan has IPv6 gets its own /64 (its ::1), listed with version 6 by GET /vps/{id} and /vps/{id}/ips", async () => {
    const { service } = await makeActiveService(t.db, { accountId: me.account.id, productId: v6Product.id, locationId: site.location.id });
    firstId = service.id;
    const vps = await call(`/vps/${service.id}`);
    expect(vps.status).toBe(200);
    const { ip_addresses, primary_ip } = vps.body.data as { ip_addresses: Record<string, unknown>[]; primary_ip: string };
    expect(ip_addresses).toHaveLength(2);
    expect(ip_addresses[0]).toMatchObject({ version: 4, prefix_length: 24, purpose: "primary", address: primary_ip });
    expect(ip_addresses[1]).toEqual({ address: "2001:db8:5100::1", version: 6, prefix_length: 64, gateway: "fe80::1", subnet_cidr: "2001:db8:5100::/64", purpose: "additional" });
    const ips = await call(`/vps/${service.id}/ips`);
    expect(ips.body.data).toEqual(ip_addresses);
  });

  it("a VPS whose plan has no IPv6 gets none", async () => {
    const { service } = await makeActiveService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id });
    const ips = await call(`/vps/${service.id}/ips`);
    expect((ips.body.data as { version: number }[]).map((a) => a.version)).toEqual([4]);
  });

  it("builds placed at once never share a /64; when the pool runs dry the build fails with ip_capacity and holds nothing", async () => {
    const services = await Promise.all([pending(), pending(), pending()]);
    const ctx = testContext(t.db, { clock: createManualClock("2026-03-01T00:00:00Z") });
    const placed = await Promise.all(services.map(({ service }) => placeService(ctx, service.id)));
    const ok = placed.filter((p) => p.ok);
    // Three /64s, one taken by the first VPS: two of the three builds get one, the third none.
    expect(ok).toHaveLength(2);
    expect(placed.filter((p) => !p.ok)).toEqual([expect.objectContaining({ ok: false, code: "ip_capacity" })]);
    const rows = await v6Rows();
    const holders = rows.map((r) => r.allocationId ?? r.vmId);
    expect(holders.every((h) => h !== null)).toBe(true);
    expect(new Set(holders).size).toBe(3);
    expect(new Set(rows.map((r) => r.address)).size).toBe(3);
    // The refused build holds no node units: the address shortage rolled its allocation back.
    const failed = services[placed.findIndex((p) => !p.ok)]!.service;
    expect(await t.db.nodeAllocation.count({ where: { label: { startsWith: `service:${failed.id}` } } })).toBe(0);
  });

  it("termination gives the /64 back (its reverse DNS cleared); the next build can have it", async () => {
    const before = (await v6Rows()).find((r) => r.address === "2001:db8:5100::1")!;
    await t.db.ipAddress.update({ where: { id: before.id }, data: { reverseDns: "v6.example.com" } });
    const ctx = testContext(t.db, { clock: createManualClock("2026-03-02T00:00:00Z") });
    await applyLifecycleVerb(ctx, firstId, "terminate", { reason: "test" });
    const del = await t.db.backendJob.findFirstOrThrow({ where: { vmId: before.vmId!, operation: "delete" } });
    expect((await settle(ctx, del.id)).state).toBe("succeeded");
    const after = await t.db.ipAddress.findUniqueOrThrow({ where: { id: before.id } });
    expect(after).toMatchObject({ vmId: null, allocationId: null, purpose: null, reverseDns: null });
    expect(after.releasedAt).not.toBeNull();

    const { service } = await pending();
    const placed = await placeService(ctx, service.id);
    expect(placed).toMatchObject({ ok: true, kind: "vps" });
    const held = await t.db.ipAddress.findFirstOrThrow({ where: { allocationId: (placed as { allocationId: string }).allocationId, pool: { version: 6 } } });
    expect(held.address).toBe("2001:db8:5100::1");
  });
});
