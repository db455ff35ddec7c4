import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCustomer, makeLocation, makeProduct, makeService } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { expectBackendError, makeGameNode, testContext } from "@/lib/backends/testing/backend-test-kit";
import { placeGameServer } from "./place-game-server";
import { releaseGameServer } from "./release-game-server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

async function gameServices(count: number) {
  const customer = await makeCustomer(t.db);
  const product = await makeProduct(t.db, { kind: "game" });
  return Promise.all(Array.from({ length: count }, () => makeService(t.db, { accountId: customer.account.id, productId: product.id, status: "pending" })));
}

const place = (serviceId: string, locationIds: string[], size = { memoryMb: 1024, diskGb: 5 }) =>
  placeGameServer(testContext(t.db), { serviceId, locationIds, template: "nodejs-app", vars: {}, size });

async function usage(nodeId: string) {
  const n = await t.db.node.findUniqueOrThrow({ where: { id: nodeId } });
  return { memoryMb: n.allocatedMemoryMb, diskGb: n.allocatedDiskGb, ports: await t.db.gamePort.count({ where: { nodeId } }) };
}

describe("placeGameServer", () => {
  it("takes the lowest free port, holds memory and disk, and is idempotent per service", async () => {
    const location = await makeLocation(t.db);
    const node = await makeGameNode(t.db, location.id, { ports: { start: 40_000, end: 40_009 } });
    const [a, b] = await gameServices(2);
    const first = await place(a.id, [location.id]);
    expect(first).toMatchObject({ nodeId: node.id, port: 40_000, memoryMb: 1024, diskMb: 5120, serviceId: a.id });
    expect(first.sftpUsername).toMatch(/^srv\.[0-9a-f]{12}$/);
    expect((await place(a.id, [location.id])).id).toBe(first.id);
    expect((await place(b.id, [location.id])).port).toBe(40_001);
    expect(await usage(node.id)).toEqual({ memoryMb: 2048, diskGb: 10, ports: 2 });

    // A released port is the next one handed out.
    expect(await releaseGameServer(testContext(t.db), first.id)).toBe(true);
    expect(await releaseGameServer(testContext(t.db), first.id)).toBe(false);
    expect(await usage(node.id)).toEqual({ memoryMb: 1024, diskGb: 5, ports: 1 });
    const [c] = await gameServices(1);
    expect((await place(c.id, [location.id])).port).toBe(40_000);
  });

  it("never gives two servers one port when 24 orders race for a range of 10", async () => {
    const location = await makeLocation(t.db);
    const node = await makeGameNode(t.db, location.id, { ports: { start: 41_000, end: 41_009 } });
    const services = await gameServices(24);
    const results = await Promise.allSettled(services.map((s) => place(s.id, [location.id])));
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as Error] : []));
    expect(placed).toHaveLength(10);
    expect(new Set(placed.map((p) => p.port)).size).toBe(10);
    expect(placed.map((p) => p.port).sort()).toEqual(Array.from({ length: 10 }, (_, i) => 41_000 + i));
    expect(refused).toHaveLength(14);
    for (const error of refused) expect(error.message).toMatch(/no free port/);
    // Refused placements held nothing.
    expect(await usage(node.id)).toEqual({ memoryMb: 10 * 1024, diskGb: 50, ports: 10 });
  });

  it("places by memory and disk: the node with most free memory, never past capacity", async () => {
    const location = await makeLocation(t.db);
    const small = await makeGameNode(t.db, location.id, { memoryMb: 2048, diskGb: 100, ports: { start: 42_000, end: 42_099 } });
    const big = await makeGameNode(t.db, location.id, { memoryMb: 4096, diskGb: 100, ports: { start: 42_100, end: 42_199 } });
    const services = await gameServices(8);
    const results = await Promise.allSettled(services.map((s) => place(s.id, [location.id])));
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(placed).toHaveLength(6);
    expect(placed.filter((p) => p.nodeId === big.id)).toHaveLength(4);
    expect(placed.filter((p) => p.nodeId === small.id)).toHaveLength(2);
    expect((await usage(small.id)).memoryMb).toBe(2048);
    expect((await usage(big.id)).memoryMb).toBe(4096);
    const [late] = await gameServices(1);
    await expectBackendError(place(late.id, [location.id]), "capacity");
  });

  it("tries the next location, and says so when there is no game node at all", async () => {
    const empty = await makeLocation(t.db);
    const other = await makeLocation(t.db);
    const node = await makeGameNode(t.db, other.id, { ports: { start: 43_000, end: 43_009 } });
    const [s, u] = await gameServices(2);
    const placed = await place(s.id, [empty.id, other.id]);
    expect(placed.nodeId).toBe(node.id);
    expect((await t.db.service.findUniqueOrThrow({ where: { id: s.id } })).locationId).toBe(other.id);
    await expect(place(u.id, [empty.id])).rejects.toThrow(/no enabled game node/);
  });
});
