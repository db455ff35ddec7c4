import { describe, expect, it } from "vitest";
import type { LocationCapacity } from "@/lib/backends/capacity/capacity-by-location";
import { isHostname } from "@/lib/backends/ipam/ip-math";
import {
  capacitySource,
  computeAvailability,
  heldKey,
  type AvailabilityFacts,
  type AvailabilityProduct,
  type CapacitySnapshot,
} from "./compute-availability";
import { isRfc1123Hostname } from "./hostname-pattern";

const AMS = { locationId: "loc-ams", value: "ams1", name: "Amsterdam", sold: true, capacity: null };
const FRA = { locationId: "loc-fra", value: "fra1", name: "Frankfurt", sold: true, capacity: null };

const VPS: AvailabilityProduct = {
  id: "p-vps",
  slug: "vps-s",
  kind: "vps",
  specs: { vcpus: 2, memoryMb: 4096, diskGb: 80 },
  enabled: true,
  forcedUnavailable: false,
  locationRequired: false,
  locations: [AMS, FRA],
};

const FACTS: AvailabilityFacts = { sellable: true, orderableImages: 2, moduleOff: null, noBackend: null };

function site(
  locationId: string,
  free: { vcpus: number; memoryMb: number; diskGb: number },
  v4 = 100,
  stock: Record<string, number> = {},
  game: { memoryMb: number; diskGb: number; ports: number }[] = [],
): LocationCapacity {
  return {
    locationId,
    location: locationId,
    vps: { nodes: [{ nodeId: `${locationId}-hv`, name: "hv", total: free, allocated: { vcpus: 0, memoryMb: 0, diskGb: 0 }, free }], total: free, free },
    game: { nodes: game.map((g, i) => ({ nodeId: `${locationId}-game${i}`, name: `game${i}`, free: g })) },
    dedicated: { availableBySku: stock },
    addresses: { vps: { v4, v6: 0 }, dedicated: { v4, v6: 0 } },
  };
}

const ROOMY = { vcpus: 64, memoryMb: 131072, diskGb: 2000 };
const FULL = { vcpus: 1, memoryMb: 1024, diskGb: 10 };

function snapshot(sites: LocationCapacity[] | null, held: Record<string, number> = {}): CapacitySnapshot {
  return { byLocation: sites ? new Map(sites.map((s) => [s.locationId, s])) : null, held: new Map(Object.entries(held)) };
}

const BOTH_ROOMY = snapshot([site("loc-ams", ROOMY), site("loc-fra", ROOMY)]);

describe("computeAvailability: plan-wide refusals come first", () => {
  it.each([
    ["a disabled product", { ...VPS, enabled: false }, FACTS, "This product is no longer sold"],
    ["a switched-off module", VPS, { ...FACTS, moduleOff: "native VPS" }, "The native VPS module is switched off on this platform"],
    ["no cycle priced for the caller", VPS, { ...FACTS, sellable: false }, "This product is not sold on any billing cycle"],
    ["a native VPS without an orderable image", VPS, { ...FACTS, orderableImages: 0 }, "No operating system image can be ordered with this product"],
    [
      "a kind no backend builds",
      { ...VPS, kind: "ip_transit" as const },
      { ...FACTS, noBackend: "IP transit products cannot be ordered yet: no backend builds them" },
      "IP transit products cannot be ordered yet: no backend builds them",
    ],
  ])("plan_disabled for %s, in every location too", (_name, product, facts, reason) => {
    const a = computeAvailability(product, facts, BOTH_ROOMY, "ams1");
    expect(a).toMatchObject({ available: false, code: "plan_disabled", reason, location: "ams1" });
    expect(a.locations.map((l) => [l.value, l.code, l.available])).toEqual([
      ["ams1", "plan_disabled", false],
      ["fra1", "plan_disabled", false],
    ]);
  });

  it("only native VPS needs an orderable image", () => {
    const colo = { ...VPS, kind: "colocation" as const };
    expect(computeAvailability(colo, { ...FACTS, orderableImages: 0 }, BOTH_ROOMY).code).toBe("available");
  });

  it("forced_unavailable beats capacity and a location that is not sold", () => {
    const forced = { ...VPS, forcedUnavailable: true };
    for (const requested of [null, "ams1", "nowhere"]) {
      const a = computeAvailability(forced, FACTS, BOTH_ROOMY, requested);
      expect(a).toMatchObject({ available: false, code: "forced_unavailable", reason: "This product is temporarily unavailable" });
      expect(a.locations.every((l) => l.code === "forced_unavailable" && !l.available)).toBe(true);
    }
  });
});

describe("computeAvailability: locations", () => {
  it("a location the product is not sold in is location_unavailable, naming the accepted values", () => {
    const a = computeAvailability(VPS, FACTS, BOTH_ROOMY, "hel1");
    expect(a).toMatchObject({ available: false, code: "location_unavailable", location: "hel1" });
    expect(a.reason).toBe("This product is not sold in 'hel1'; choose one of: ams1, fra1");
  });

  it("a location row that is not sold (row or location disabled) is neither listed nor accepted", () => {
    const product = { ...VPS, locations: [AMS, { ...FRA, sold: false }] };
    const a = computeAvailability(product, FACTS, BOTH_ROOMY, "fra1");
    expect(a.code).toBe("location_unavailable");
    expect(a.locations.map((l) => l.value)).toEqual(["ams1"]);
  });

  it("no_location when sold nowhere; a location asked for is then location_unavailable", () => {
    const nowhere = { ...VPS, locations: [] };
    expect(computeAvailability(nowhere, FACTS, BOTH_ROOMY)).toMatchObject({ available: false, code: "no_location", locations: [] });
    expect(computeAvailability(nowhere, FACTS, BOTH_ROOMY, "ams1")).toMatchObject({
      code: "location_unavailable",
      reason: "This product is not sold by location, so 'ams1' cannot be chosen",
    });
  });

  it("a generic product needs no location", () => {
    const licence = { ...VPS, kind: "generic" as const, locations: [] };
    expect(computeAvailability(licence, FACTS, BOTH_ROOMY)).toMatchObject({ available: true, code: "available" });
  });
});

describe("computeAvailability: capacity", () => {
  it("available overall lists where; a location_required product says an order must name one", () => {
    const a = computeAvailability({ ...VPS, locationRequired: true }, FACTS, snapshot([site("loc-ams", FULL), site("loc-fra", ROOMY)]));
    expect(a).toMatchObject({ available: true, code: "available", locationRequired: true, location: null });
    expect(a.reason).toBe("Available in Frankfurt (fra1); an order must name one of them as its location");
    expect(a.locations.map((l) => [l.value, l.code, l.available])).toEqual([
      ["ams1", "no_capacity", false],
      ["fra1", "available", true],
    ]);
  });

  it("a full location is no_capacity there; all full is sold_out", () => {
    const full = snapshot([site("loc-ams", FULL), site("loc-fra", ROOMY, 0)]);
    expect(computeAvailability(VPS, FACTS, full, "ams1")).toMatchObject({ available: false, code: "no_capacity" });
    expect(computeAvailability(VPS, FACTS, full, "fra1")).toMatchObject({ available: false, code: "no_capacity" });
    expect(computeAvailability(VPS, FACTS, full)).toMatchObject({
      available: false,
      code: "sold_out",
      reason: "Sold out in every location: Amsterdam (ams1), Frankfurt (fra1)",
    });
  });

  it("VPS units are the smallest of vCPU, memory and disk per node, bounded by addresses", () => {
    // ams1: 32 by vCPU, 10 by memory, 25 by disk; fra1: 25 by disk but only 7 addresses.
    const a = computeAvailability(VPS, FACTS, snapshot([site("loc-ams", { vcpus: 64, memoryMb: 40960, diskGb: 2000 }), site("loc-fra", ROOMY, 7)]));
    expect(a.locations.map((l) => l.units)).toEqual([10, 7]);
  });

  it("capacity that could not be read, or a VPS without a machine size, is unknown and never refuses", () => {
    const a = computeAvailability(VPS, FACTS, snapshot(null));
    expect(a).toMatchObject({ available: true, code: "unknown" });
    expect(a.locations.every((l) => l.code === "unknown" && l.available)).toBe(true);
    expect(computeAvailability(VPS, FACTS, snapshot(null), "fra1")).toMatchObject({ available: true, code: "unknown" });
    const sizeless = { ...VPS, specs: { cpu: "2 vCPU" } };
    expect(computeAvailability(sizeless, FACTS, BOTH_ROOMY, "ams1")).toMatchObject({ available: true, code: "unknown" });
  });

  it("a location without any VPS node has no capacity", () => {
    const a = computeAvailability(VPS, FACTS, snapshot([site("loc-ams", ROOMY)]), "fra1");
    expect(a).toMatchObject({ available: false, code: "no_capacity", reason: "No capacity left in Frankfurt for this product" });
  });

  it("dedicated: servers of the SKU (the slug, or specs.hardwareSku) in stock, bounded by addresses", () => {
    const server: AvailabilityProduct = { ...VPS, id: "p-ds", kind: "dedicated", slug: "ds-1", specs: {}, locationRequired: true };
    const sites = snapshot([site("loc-ams", ROOMY, 100, { "ds-1": 2 }), site("loc-fra", ROOMY, 0, { "ds-1": 3 })]);
    const a = computeAvailability(server, FACTS, sites);
    expect(a.locations.map((l) => [l.value, l.code, l.units])).toEqual([
      ["ams1", "available", 2],
      ["fra1", "no_capacity", 0],
    ]);
    const bySku = computeAvailability({ ...server, specs: { hardwareSku: "r350" } }, FACTS, sites);
    expect(bySku.code).toBe("sold_out");
    expect(computeAvailability(server, FACTS, snapshot(null)).code).toBe("unknown");
  });

  it("kinds without a backend: ProductLocation.capacity less units held; no figure = not limited", () => {
    const colo: AvailabilityProduct = { ...VPS, id: "p-colo", kind: "colocation", locations: [{ ...AMS, capacity: 2 }, FRA] };
    expect(capacitySource("colocation")).toBe("configured");
    const free = computeAvailability(colo, FACTS, snapshot(null, { [heldKey("p-colo", "loc-ams")]: 1 }));
    expect(free.locations.map((l) => [l.code, l.units])).toEqual([
      ["available", 1],
      ["available", null],
    ]);
    const full = computeAvailability(colo, FACTS, snapshot(null, { [heldKey("p-colo", "loc-ams")]: 2 }), "ams1");
    expect(full).toMatchObject({ available: false, code: "no_capacity", reason: "Sold out in Amsterdam" });
  });
});

describe("HOSTNAME_PATTERN", () => {
  it("agrees with the backends' RFC 1123 check", () => {
    const samples = [
      "web-1",
      "a",
      "web-1.example.com",
      "-web",
      "web-",
      "web_1",
      "web..example",
      "web.example.",
      "",
      "a".repeat(63),
      "a".repeat(64),
      Array(4).fill("a".repeat(63)).join(".").slice(0, 253),
      Array(4).fill("a".repeat(63)).join("."),
      "xn--bcher-kva.example",
      "1.2.3.4",
    ];
    for (const name of samples) expect(isRfc1123Hostname(name), name).toBe(isHostname(name));
  });
});

describe("computeAvailability: game servers from the game nodes' room", () => {
  const GAME: AvailabilityProduct = { ...VPS, id: "p-game", slug: "game-8gb", kind: "game", specs: { memoryMb: 8192, diskGb: 50 }, locations: [AMS, FRA] };
  const NO_IMAGES = { ...FACTS, orderableImages: 0 };

  it("counts per node the least of memory, disk and free ports, summed over nodes", () => {
    const snap = snapshot([
      site("loc-ams", ROOMY, 100, {}, [
        { memoryMb: 65536, diskGb: 1000, ports: 3 },
        { memoryMb: 16384, diskGb: 1000, ports: 100 },
      ]),
      site("loc-fra", ROOMY, 100, {}, [{ memoryMb: 65536, diskGb: 120, ports: 100 }]),
    ]);
    const answer = computeAvailability(GAME, NO_IMAGES, snap, null);
    expect(answer.locations.map((l) => [l.value, l.code, l.units])).toEqual([
      ["ams1", "available", 5],
      ["fra1", "available", 2],
    ]);
  });

  it("is no_capacity where nodes are full (memory, disk or ports) or absent; configured capacity does not count", () => {
    const snap = snapshot([
      site("loc-ams", ROOMY, 100, {}, [
        { memoryMb: 8191, diskGb: 1000, ports: 10 },
        { memoryMb: 65536, diskGb: 1000, ports: 0 },
      ]),
      site("loc-fra", ROOMY),
    ]);
    const answer = computeAvailability(GAME, NO_IMAGES, snap, null);
    expect(answer.locations.map((l) => [l.value, l.code, l.units])).toEqual([
      ["ams1", "no_capacity", 0],
      ["fra1", "no_capacity", 0],
    ]);
    expect(answer.available).toBe(false);
  });

  it("a game product without memoryMb and diskGb specs answers unknown (never refuses)", () => {
    const answer = computeAvailability({ ...GAME, specs: {} }, NO_IMAGES, snapshot([site("loc-ams", ROOMY)]), "ams1");
    expect(answer).toMatchObject({ available: true, code: "unknown" });
  });
});
