import type { DbOrTx } from "@/lib/db/client";
import type { Units } from "./sizes";

export interface NodeCapacity {
  nodeId: string;
  name: string;
  total: Units;
  allocated: Units;
  free: Units;
}

/** An enabled game node's room: memory and disk not held, and ports of its range not taken. */
export interface GameNodeCapacity {
  nodeId: string;
  name: string;
  free: { memoryMb: number; diskGb: number; ports: number };
}

export interface FreeAddresses {
  v4: number;
  v6: number;
}

export interface LocationCapacity {
  locationId: string;
  /** The location's `value` (what an order sends). */
  location: string;
  /** Enabled VPS nodes only. */
  vps: { nodes: NodeCapacity[]; total: Units; free: Units };
  /** Enabled game nodes with a port range. */
  game: { nodes: GameNodeCapacity[] };
  /** Servers in stock (available) on enabled dedicated nodes, by SKU. */
  dedicated: { availableBySku: Record<string, number> };
  /** Free addresses usable by each kind (a shared pool counts for both). */
  addresses: { vps: FreeAddresses; dedicated: FreeAddresses };
}

const zero = (): Units => ({ vcpus: 0, memoryMb: 0, diskGb: 0 });
const clampFree = (n: number) => Math.max(0, n);

/** Free units per location, the input of availability (`available` / `no_capacity`). */
export async function capacityByLocation(db: DbOrTx, filter: { locationId?: string } = {}): Promise<LocationCapacity[]> {
  const locations = await db.location.findMany({
    where: { id: filter.locationId },
    orderBy: [{ sortOrder: "asc" }, { value: "asc" }],
    include: { nodes: { where: { enabled: true }, orderBy: { name: "asc" } } },
  });
  const stock = await db.dedicatedServer.groupBy({
    by: ["nodeId", "sku"],
    where: { provisionState: "available", serviceId: null, node: { enabled: true, kind: "dedicated", locationId: filter.locationId } },
    _count: { _all: true },
  });
  const portsTaken = new Map(
    (await db.gamePort.groupBy({ by: ["nodeId"], where: { node: { enabled: true, kind: "game", locationId: filter.locationId } }, _count: { _all: true } })).map((row) => [row.nodeId, row._count._all]),
  );
  const freeRows = await db.$queryRaw<{ locationId: string; version: number; nodeKind: string | null; free: bigint }[]>`
    SELECT p."locationId", p.version, p."nodeKind"::text AS "nodeKind", count(*) AS free
    FROM "IpAddress" a JOIN "IpPool" p ON p.id = a."poolId"
    WHERE p.enabled AND a."allocationId" IS NULL AND a."vmId" IS NULL AND a."serverId" IS NULL
    GROUP BY p."locationId", p.version, p."nodeKind"`;

  return locations.map((location) => {
    const nodes: NodeCapacity[] = location.nodes
      .filter((n) => n.kind === "vps")
      .map((n) => {
        const total = { vcpus: n.capacityVcpus, memoryMb: n.capacityMemoryMb, diskGb: n.capacityDiskGb };
        const allocated = { vcpus: n.allocatedVcpus, memoryMb: n.allocatedMemoryMb, diskGb: n.allocatedDiskGb };
        const free = {
          vcpus: clampFree(total.vcpus - allocated.vcpus),
          memoryMb: clampFree(total.memoryMb - allocated.memoryMb),
          diskGb: clampFree(total.diskGb - allocated.diskGb),
        };
        return { nodeId: n.id, name: n.name, total, allocated, free };
      });
    const sum = (pick: (n: NodeCapacity) => Units) =>
      nodes.reduce((acc, n) => {
        const u = pick(n);
        return { vcpus: acc.vcpus + u.vcpus, memoryMb: acc.memoryMb + u.memoryMb, diskGb: acc.diskGb + u.diskGb };
      }, zero());

    const dedicatedNodeIds = new Set(location.nodes.filter((n) => n.kind === "dedicated").map((n) => n.id));
    const availableBySku: Record<string, number> = {};
    for (const row of stock) {
      if (dedicatedNodeIds.has(row.nodeId)) availableBySku[row.sku] = (availableBySku[row.sku] ?? 0) + row._count._all;
    }

    const addresses = { vps: { v4: 0, v6: 0 }, dedicated: { v4: 0, v6: 0 } };
    for (const row of freeRows) {
      if (row.locationId !== location.id) continue;
      const key = row.version === 6 ? "v6" : "v4";
      if (row.nodeKind !== "dedicated") addresses.vps[key] += Number(row.free);
      if (row.nodeKind !== "vps") addresses.dedicated[key] += Number(row.free);
    }

    const gameNodes: GameNodeCapacity[] = location.nodes
      .filter((n) => n.kind === "game" && n.portRangeStart !== null && n.portRangeEnd !== null)
      .map((n) => ({
        nodeId: n.id,
        name: n.name,
        free: {
          memoryMb: clampFree(n.capacityMemoryMb - n.allocatedMemoryMb),
          diskGb: clampFree(n.capacityDiskGb - n.allocatedDiskGb),
          ports: clampFree(n.portRangeEnd! - n.portRangeStart! + 1 - (portsTaken.get(n.id) ?? 0)),
        },
      }));

    return {
      locationId: location.id,
      location: location.value,
      vps: { nodes, total: sum((n) => n.total), free: sum((n) => n.free) },
      game: { nodes: gameNodes },
      dedicated: { availableBySku },
      addresses,
    };
  });
}
