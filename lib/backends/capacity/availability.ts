import type { LocationCapacity } from "./capacity-by-location";
import { checkSize, type VpsSize } from "./sizes";

export interface Availability {
  available: boolean;
  code: "available" | "no_capacity";
  /** How many more could be built now. */
  units: number;
  /** Operator-facing; null when available. */
  reason: string | null;
}

/**
 * How many machines of `size` fit in the location: per node the smallest of its free vCPU, memory and
 * disk ratios (a machine never spans nodes), summed, then bounded by free addresses.
 */
export function vpsAvailability(capacity: LocationCapacity | undefined, size: VpsSize): Availability {
  if (!capacity || capacity.vps.nodes.length === 0) return { available: false, code: "no_capacity", units: 0, reason: "No VPS node in this location" };
  const want = checkSize(size);
  const byNodes = capacity.vps.nodes.reduce(
    (sum, n) => sum + Math.min(Math.floor(n.free.vcpus / want.vcpus), Math.floor(n.free.memoryMb / want.memoryMb), Math.floor(n.free.diskGb / want.diskGb)),
    0,
  );
  const byV4 = want.ipv4 > 0 ? Math.floor(capacity.addresses.vps.v4 / want.ipv4) : Infinity;
  const byV6 = want.ipv6 > 0 ? Math.floor(capacity.addresses.vps.v6 / want.ipv6) : Infinity;
  const units = Math.min(byNodes, byV4, byV6);
  if (units > 0) return { available: true, code: "available", units, reason: null };
  const reason = byNodes === 0 ? "No node has room for this size" : "No free address in the location's pools";
  return { available: false, code: "no_capacity", units: 0, reason };
}

/** Servers of `sku` in stock, bounded by free addresses (`ipv4` per server, default 1). */
export function dedicatedAvailability(capacity: LocationCapacity | undefined, sku: string, ipv4 = 1): Availability {
  const inStock = capacity?.dedicated.availableBySku[sku] ?? 0;
  const byV4 = capacity && ipv4 > 0 ? Math.floor(capacity.addresses.dedicated.v4 / ipv4) : inStock;
  const units = Math.min(inStock, byV4);
  if (units > 0) return { available: true, code: "available", units, reason: null };
  return { available: false, code: "no_capacity", units: 0, reason: inStock === 0 ? `No ${sku} server in stock` : "No free address in the location's pools" };
}

/** A game server's size (product specs `memoryMb`, `diskGb`). */
export interface GameSize {
  memoryMb: number;
  diskGb: number;
}

/**
 * Game servers of `size` that fit in the location's enabled game nodes: per node the least of what
 * its free memory, free disk and free ports allow (placement puts a server on one node, as here).
 */
export function gameAvailability(capacity: LocationCapacity | undefined, size: GameSize): Availability {
  if (!capacity || capacity.game.nodes.length === 0) return { available: false, code: "no_capacity", units: 0, reason: "No game node in this location" };
  const units = capacity.game.nodes.reduce(
    (sum, n) => sum + Math.min(Math.floor(n.free.memoryMb / size.memoryMb), Math.floor(n.free.diskGb / size.diskGb), n.free.ports),
    0,
  );
  if (units > 0) return { available: true, code: "available", units, reason: null };
  return { available: false, code: "no_capacity", units: 0, reason: "No game node has room for this size" };
}
