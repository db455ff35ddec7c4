import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeLocation } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { BackendError } from "../backend-error";
import { createIpPool } from "../ipam/create-ip-pool";
import { advance } from "../jobs";
import { hypervisorForNode } from "../registry";
import { expectBackendError, makeDedicatedNode, makeOsImage, makeSite, makeVpsNode, settle, testContext } from "../testing/backend-test-kit";
import { allocate } from "./allocate";
import { dedicatedAvailability, vpsAvailability } from "./availability";
import { capacityByLocation } from "./capacity-by-location";
import { releaseAllocation } from "./release-allocation";
import { reserveDedicatedServer } from "./reserve-dedicated-server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const SMALL = { vcpus: 2, memoryMb: 4096, diskGb: 80 };
const onPostgres = !!process.env.TEST_DATABASE_URL;

async function nodeUsage(nodeId: string) {
  const n = await t.db.node.findUniqueOrThrow({ where: { id: nodeId } });
  return { vcpus: n.allocatedVcpus, memoryMb: n.allocatedMemoryMb, diskGb: n.allocatedDiskGb };
}

describe("allocate: node selection", () => {
  it("spread puts a machine on the node with the most free memory; pack on the fullest that fits", async () => {
    const ctx = testContext(t.db);
    const location = await makeSite(t.db);
    const big = await makeVpsNode(t.db, location.id, { name: `big-${location.value}`, memoryMb: 65_536 });
    const small = await makeVpsNode(t.db, location.id, { name: `small-${location.value}`, memoryMb: 16_384 });
    expect((await allocate(ctx, location.id, SMALL)).nodeId).toBe(big.id);
    expect((await allocate(ctx, location.id, SMALL, { strategy: "pack" })).nodeId).toBe(small.id);
    expect(await nodeUsage(big.id)).toEqual(SMALL);
    expect(await nodeUsage(small.id)).toEqual(SMALL);
  });

  it("reserves the primary IPv4 address (and IPv6 prefixes when asked) with the units", async () => {
    const ctx = testContext(t.db);
    const location = await makeSite(t.db);
    await makeVpsNode(t.db, location.id);
    const allocation = await allocate(ctx, location.id, { ...SMALL, ipv4: 2, ipv6: 1 });
    const rows = await t.db.ipAddress.findMany({ where: { allocationId: allocation.id }, include: { pool: true } });
    expect(rows.map((r) => [r.pool.version, r.purpose]).sort()).toEqual([
      [4, "additional"],
      [4, "primary"],
      [6, "additional"],
    ]);
    expect(allocation.addressIds).toHaveLength(3);
  });

  it("refuses with capacity when no enabled node has room, and never uses a disabled node", async () => {
    const ctx = testContext(t.db);
    const location = await makeSite(t.db);
    const node = await makeVpsNode(t.db, location.id, { vcpus: 4, memoryMb: 8192, diskGb: 160 });
    await makeVpsNode(t.db, location.id, { enabled: false, vcpus: 64, memoryMb: 262_144, diskGb: 4_000 });
    await allocate(ctx, location.id, SMALL);
    await allocate(ctx, location.id, SMALL);
    const error = await expectBackendError(allocate(ctx, location.id, SMALL), "capacity");
    expect(error.retryable).toBe(false);
    await expectBackendError(allocate(ctx, location.id, { vcpus: 1, memoryMb: 512, diskGb: 10 }), "capacity");
    expect(await nodeUsage(node.id)).toEqual({ vcpus: 4, memoryMb: 8192, diskGb: 160 });
    await expectBackendError(allocate(ctx, (await makeLocation(t.db)).id, SMALL), "capacity");
  });

  it("refuses with ip_capacity when the pools are empty, holding nothing", async () => {
    const ctx = testContext(t.db);
    const location = await makeSite(t.db, { v4: 2, v6: 0 });
    const node = await makeVpsNode(t.db, location.id);
    await allocate(ctx, location.id, SMALL);
    await allocate(ctx, location.id, SMALL);
    const error = await expectBackendError(allocate(ctx, location.id, SMALL), "ip_capacity");
    expect(error.retryable).toBe(false);
    expect(await nodeUsage(node.id)).toEqual({ vcpus: 4, memoryMb: 8192, diskGb: 160 });
    expect(await t.db.nodeAllocation.count({ where: { nodeId: node.id } })).toBe(2);
    await expectBackendError(allocate(ctx, location.id, { ...SMALL, ipv4: 0, ipv6: 1 }), "ip_capacity");
    // Dedicated-only pools are not used for VPS.
    await createIpPool(t.db, { locationId: location.id, name: "dedicated", cidr: "203.0.113.0/29", nodeKind: "dedicated" });
    await expectBackendError(allocate(ctx, location.id, SMALL), "ip_capacity");
  });

  it("gives units and addresses back on release, once; refuses to release under a live machine", async () => {
    const ctx = testContext(t.db);
    const location = await makeSite(t.db, { v4: 1, v6: 0 });
    const node = await makeVpsNode(t.db, location.id);
    const first = await allocate(ctx, location.id, SMALL);
    await expectBackendError(allocate(ctx, location.id, SMALL), "ip_capacity");
    expect(await releaseAllocation(ctx, first.id)).toBe(true);
    expect(await releaseAllocation(ctx, first.id)).toBe(false);
    expect(await nodeUsage(node.id)).toEqual({ vcpus: 0, memoryMb: 0, diskGb: 0 });

    const second = await allocate(ctx, location.id, SMALL);
    expect(second.addressIds).toEqual(first.addressIds);
    const image = await makeOsImage(t.db);
    const hv = await hypervisorForNode(node.id, ctx);
    const { job } = await hv.create({ allocationId: second.id, name: "holder", image: { kind: "os", osImageId: image.id } });
    await expectBackendError(releaseAllocation(ctx, second.id), "conflict");
    await settle(ctx, job.id);
  });

  it("releases allocations that expire without a machine, but not those a machine was created on", async () => {
    const ctx = testContext(t.db);
    const location = await makeSite(t.db);
    const node = await makeVpsNode(t.db, location.id);
    const image = await makeOsImage(t.db);
    const lost = await allocate(ctx, location.id, SMALL, { ttlMs: 60_000 });
    const used = await allocate(ctx, location.id, SMALL, { ttlMs: 60_000 });
    const hv = await hypervisorForNode(node.id, ctx);
    await hv.create({ allocationId: used.id, name: "kept", image: { kind: "os", osImageId: image.id } });
    ctx.clock.advance(59_000);
    expect((await advance(ctx.clock.now(), ctx)).releasedAllocations).toBe(0);
    ctx.clock.advance(2_000);
    expect((await advance(ctx.clock.now(), ctx)).releasedAllocations).toBe(1);
    expect((await t.db.nodeAllocation.findUniqueOrThrow({ where: { id: lost.id } })).releasedAt).not.toBeNull();
    expect((await t.db.nodeAllocation.findUniqueOrThrow({ where: { id: used.id } })).releasedAt).toBeNull();
    expect(await nodeUsage(node.id)).toEqual(SMALL);
  });
});

describe("capacityByLocation and availability", () => {
  it("reports free units per node and location, stock by SKU and free addresses, and turns them into availability", async () => {
    const ctx = testContext(t.db);
    const location = await makeSite(t.db, { v4: 5, v6: 4 });
    const a = await makeVpsNode(t.db, location.id, { name: `a-${location.value}`, vcpus: 8, memoryMb: 16_384, diskGb: 400 });
    await makeVpsNode(t.db, location.id, { name: `b-${location.value}`, vcpus: 4, memoryMb: 32_768, diskGb: 100 });
    await makeVpsNode(t.db, location.id, { name: `c-${location.value}`, enabled: false });
    await makeDedicatedNode(t.db, location.id, { servers: [{ sku: "ds-small", count: 2 }] });
    await allocate(ctx, location.id, SMALL, { strategy: "pack" });

    const [cap] = await capacityByLocation(t.db, { locationId: location.id });
    expect(cap!.location).toBe(location.value);
    expect(cap!.vps.nodes.map((n) => n.name)).toEqual([`a-${location.value}`, `b-${location.value}`]);
    expect(cap!.vps.nodes.find((n) => n.nodeId === a.id)!.free).toEqual({ vcpus: 6, memoryMb: 12_288, diskGb: 320 });
    expect(cap!.vps.free).toEqual({ vcpus: 10, memoryMb: 45_056, diskGb: 420 });
    expect(cap!.dedicated.availableBySku).toEqual({ "ds-small": 2 });
    expect(cap!.addresses).toEqual({ vps: { v4: 4, v6: 4 }, dedicated: { v4: 4, v6: 4 } });

    // Node a fits 3 more (vCPU), node b 1 (disk); 4 addresses bound it to 4.
    expect(vpsAvailability(cap, SMALL)).toEqual({ available: true, code: "available", units: 4, reason: null });
    expect(vpsAvailability(cap, { ...SMALL, ipv4: 2 }).units).toBe(2);
    expect(vpsAvailability(cap, { vcpus: 16, memoryMb: 1024, diskGb: 10 })).toMatchObject({ available: false, code: "no_capacity" });
    expect(dedicatedAvailability(cap, "ds-small")).toMatchObject({ available: true, units: 2 });
    expect(dedicatedAvailability(cap, "ds-large")).toMatchObject({ available: false, code: "no_capacity" });
    const [empty] = await capacityByLocation(t.db, { locationId: (await makeLocation(t.db)).id });
    expect(vpsAvailability(empty, SMALL).code).toBe("no_capacity");
  });
});

describe(`concurrent allocation (${onPostgres ? "PostgreSQL, truly parallel" : "PGlite, serialised"})`, () => {
  it("never oversubscribes: of 12 parallel allocations for room for 5, exactly 5 succeed", async () => {
    const ctx = testContext(t.db);
    const location = await makeSite(t.db, { v4: 50 });
    const a = await makeVpsNode(t.db, location.id, { vcpus: 6, memoryMb: 65_536, diskGb: 1_000 });
    const b = await makeVpsNode(t.db, location.id, { vcpus: 4, memoryMb: 65_536, diskGb: 1_000 });
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => allocate(ctx, location.id, SMALL)));
    const won = results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<{ nodeId: string; addressIds: string[] }>).value);
    const lost = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
    expect(won).toHaveLength(5);
    expect(lost.every((e) => e instanceof BackendError && e.code === "capacity")).toBe(true);
    expect((await nodeUsage(a.id)).vcpus).toBe(6);
    expect((await nodeUsage(b.id)).vcpus).toBe(4);
    expect(new Set(won.flatMap((w) => w.addressIds)).size).toBe(5);
  });

  it("never hands one address out twice: of 8 parallel allocations for 4 addresses, exactly 4 succeed", async () => {
    const ctx = testContext(t.db);
    const location = await makeSite(t.db, { v4: 4, v6: 0 });
    const node = await makeVpsNode(t.db, location.id);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => allocate(ctx, location.id, SMALL)));
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(4);
    for (const r of results) if (r.status === "rejected") expect((r.reason as BackendError).code).toBe("ip_capacity");
    expect((await nodeUsage(node.id)).vcpus).toBe(8);
    const assigned = await t.db.ipAddress.findMany({ where: { pool: { locationId: location.id }, allocationId: { not: null } } });
    expect(new Set(assigned.map((a) => a.allocationId)).size).toBe(4);
  });

  it("never reserves one dedicated server twice", async () => {
    const ctx = testContext(t.db);
    const location = await makeSite(t.db, { v4: 20 });
    await makeDedicatedNode(t.db, location.id, { servers: [{ sku: "ds-race", count: 3 }] });
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => reserveDedicatedServer(ctx, location.id, { sku: "ds-race" })));
    const won = results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<{ id: string }>).value.id);
    expect(new Set(won).size).toBe(3);
    expect(won).toHaveLength(3);
    for (const r of results) if (r.status === "rejected") expect((r.reason as BackendError).code).toBe("capacity");
  });
});
