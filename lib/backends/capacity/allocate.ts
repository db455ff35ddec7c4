import type { Node } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import type { BackendContext } from "../context";
import { reserveAddresses } from "../ipam/addresses";
import { inTransaction } from "@/lib/db/in-transaction";
import { checkSize, describeSize, type VpsSize } from "./sizes";

/**
 * spread (default): the node with the most free memory first, then most free vCPU: load evens out and
 * a failed host hits fewer customers. pack: the fullest node that still fits first, which keeps whole
 * nodes free for large plans and for maintenance.
 */
export type PlacementStrategy = "spread" | "pack";

export interface AllocateOptions {
  label?: string;
  /** Released automatically after this unless a machine is created on it (default 15 minutes; null = never). */
  ttlMs?: number | null;
  strategy?: PlacementStrategy;
  /** Only this node (a machine built from an image stored there); `capacity` when it has no room. */
  nodeId?: string | null;
}

export interface Allocation {
  id: string;
  nodeId: string;
  locationId: string;
  vcpus: number;
  memoryMb: number;
  diskGb: number;
  addressIds: string[];
  expiresAt: Date | null;
}

const DEFAULT_TTL_MS = 15 * 60 * 1000;

const free = (n: Node) => ({
  vcpus: n.capacityVcpus - n.allocatedVcpus,
  memoryMb: n.capacityMemoryMb - n.allocatedMemoryMb,
  diskGb: n.capacityDiskGb - n.allocatedDiskGb,
});

class LostRace extends Error {}

/**
 * Picks an enabled VPS node in the location with room for `size` and holds the units there, with the
 * addresses the machine will get, in one transaction. The hold is a conditional update
 * (`allocated + size <= capacity`), so parallel allocations can never oversubscribe a node: the loser
 * of a race moves on to the next candidate. Throws `capacity` when no node fits and `ip_capacity` when
 * the location's pools are out of addresses (nothing is held then).
 */
export async function allocate(ctx: BackendContext, locationId: string, size: VpsSize, options: AllocateOptions = {}): Promise<Allocation> {
  const want = checkSize(size);
  const nodes = await ctx.db.node.findMany({ where: { locationId, kind: "vps", enabled: true, ...(options.nodeId ? { id: options.nodeId } : {}) } });
  const fits = nodes.filter((n) => {
    const f = free(n);
    return f.vcpus >= want.vcpus && f.memoryMb >= want.memoryMb && f.diskGb >= want.diskGb;
  });
  const sign = options.strategy === "pack" ? 1 : -1;
  fits.sort((a, b) => {
    const fa = free(a);
    const fb = free(b);
    return sign * (fa.memoryMb - fb.memoryMb) || sign * (fa.vcpus - fb.vcpus) || a.name.localeCompare(b.name);
  });

  for (const node of fits) {
    try {
      return await inTransaction(ctx.db, async (tx) => {
        const now = ctx.clock.now();
        const held = await tx.$executeRaw`
          UPDATE "Node" SET
            "allocatedVcpus" = "allocatedVcpus" + ${want.vcpus},
            "allocatedMemoryMb" = "allocatedMemoryMb" + ${want.memoryMb},
            "allocatedDiskGb" = "allocatedDiskGb" + ${want.diskGb},
            "updatedAt" = ${now}
          WHERE id = ${node.id}::uuid AND enabled AND kind = 'vps'
            AND "allocatedVcpus" + ${want.vcpus} <= "capacityVcpus"
            AND "allocatedMemoryMb" + ${want.memoryMb} <= "capacityMemoryMb"
            AND "allocatedDiskGb" + ${want.diskGb} <= "capacityDiskGb"`;
        if (held === 0) throw new LostRace();
        const ttl = options.ttlMs === undefined ? DEFAULT_TTL_MS : options.ttlMs;
        const allocation = await tx.nodeAllocation.create({
          data: {
            nodeId: node.id,
            vcpus: want.vcpus,
            memoryMb: want.memoryMb,
            diskGb: want.diskGb,
            label: options.label ?? null,
            expiresAt: ttl === null ? null : new Date(now.getTime() + ttl),
            createdAt: now,
          },
        });
        const holder = { allocationId: allocation.id };
        const v4 = await reserveAddresses(tx, { locationId, nodeKind: "vps", version: 4, count: want.ipv4, holder, primaryFirst: true, now });
        const v6 = await reserveAddresses(tx, { locationId, nodeKind: "vps", version: 6, count: want.ipv6, holder, primaryFirst: v4.length === 0, now });
        return {
          id: allocation.id,
          nodeId: node.id,
          locationId,
          vcpus: allocation.vcpus,
          memoryMb: allocation.memoryMb,
          diskGb: allocation.diskGb,
          addressIds: [...v4, ...v6],
          expiresAt: allocation.expiresAt,
        };
      });
    } catch (error) {
      if (error instanceof LostRace) continue;
      throw error;
    }
  }
  const reason = nodes.length === 0 ? "no enabled VPS node" : "no node with room";
  throw new BackendError("capacity", `Cannot place ${describeSize(want)} in location ${locationId}: ${reason}`);
}
