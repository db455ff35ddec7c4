import { GAME_NODE_DRIVER } from "@/lib/backends/game-node/game-node-for";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dedicatedAvailability, vpsAvailability } from "@/lib/backends/capacity/availability";
import { capacityByLocation } from "@/lib/backends/capacity/capacity-by-location";
import { sizeFromSpecs } from "@/lib/backends/capacity/sizes";
import { registeredDrivers } from "@/lib/backends/registry";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { DEMO_PRODUCTS } from "./demo-products";
import { seedLocations } from "./seed-locations";
import { DEMO_GAME_NODE, DEMO_SITES, seedNodes } from "./seed-nodes";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ install: false });
  await t.db.$transaction(async (tx) => seedNodes(tx, { locations: await seedLocations(tx) }), { timeout: 60_000 });
});
afterAll(async () => {
  await t?.close();
});

describe("seedNodes", () => {
  it("gives every location hypervisors and address pools, all on registered drivers", async () => {
    const nodes = await t.db.node.findMany({ include: { location: true } });
    const drivers = [...registeredDrivers().map((d) => d.name), GAME_NODE_DRIVER];
    expect(nodes.every((n) => drivers.includes(n.driver) && n.enabled)).toBe(true);
    // One embedded game node, where game products are sold, with a port range.
    const game = nodes.filter((n) => n.kind === "game");
    expect(game.map((n) => [n.location.value, n.config, n.portRangeStart, n.portRangeEnd])).toEqual([[DEMO_GAME_NODE.location, { embedded: true }, 25_565, 25_664]]);
    for (const [value, site] of Object.entries(DEMO_SITES)) {
      expect(nodes.filter((n) => n.location.value === value && n.kind === "vps")).toHaveLength(site.hypervisors);
    }
    const pools = await t.db.ipPool.findMany({ include: { _count: { select: { addresses: true } } } });
    expect(pools).toHaveLength(6);
    expect(pools.filter((p) => p.version === 4).every((p) => p._count.addresses === 253)).toBe(true);
  });

  it("makes every VPS product available where it is sold, and stocks each dedicated product as the catalogue says", async () => {
    const capacity = await capacityByLocation(t.db);
    const byValue = Object.fromEntries(capacity.map((c) => [c.location, c]));
    for (const product of DEMO_PRODUCTS) {
      for (const location of product.locations) {
        if (product.kind === "vps") {
          const size = sizeFromSpecs(product.specs);
          expect(size, product.slug).not.toBeNull();
          expect(vpsAvailability(byValue[location.value], size!).units, `${product.slug}@${location.value}`).toBeGreaterThan(10);
        }
        if (product.kind === "dedicated") {
          expect(dedicatedAvailability(byValue[location.value], product.slug).units, `${product.slug}@${location.value}`).toBe(location.capacity);
        }
      }
    }
  });
});
