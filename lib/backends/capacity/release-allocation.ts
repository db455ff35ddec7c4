import type { Tx } from "@/lib/db/client";
import { BackendError } from "../backend-error";
import type { BackendContext } from "../context";
import { releaseAddresses } from "../ipam/addresses";
import { inTransaction } from "@/lib/db/in-transaction";

/**
 * Gives an allocation's units back to its node and its addresses back to their pools. Idempotent:
 * the first caller to set `releasedAt` does the work. Returns whether this call released it.
 */
export async function releaseAllocationInTx(tx: Tx, allocationId: string, now: Date, options: { onlyIfExpired?: boolean } = {}): Promise<boolean> {
  // onlyIfExpired re-checks expiry in the UPDATE itself: create() clears expiresAt when it binds a
  // machine, so a sweep racing a create never releases what the create just took.
  const released = options.onlyIfExpired
    ? await tx.$queryRaw<{ nodeId: string; vcpus: number; memoryMb: number; diskGb: number }[]>`
        UPDATE "NodeAllocation" SET "releasedAt" = ${now}, "expiresAt" = NULL
        WHERE id = ${allocationId}::uuid AND "releasedAt" IS NULL AND "expiresAt" <= ${now}
        RETURNING "nodeId", vcpus, "memoryMb", "diskGb"`
    : await tx.$queryRaw<{ nodeId: string; vcpus: number; memoryMb: number; diskGb: number }[]>`
        UPDATE "NodeAllocation" SET "releasedAt" = ${now}, "expiresAt" = NULL
        WHERE id = ${allocationId}::uuid AND "releasedAt" IS NULL
        RETURNING "nodeId", vcpus, "memoryMb", "diskGb"`;
  const row = released[0];
  if (!row) return false;
  await tx.$executeRaw`
    UPDATE "Node" SET
      "allocatedVcpus" = "allocatedVcpus" - ${row.vcpus},
      "allocatedMemoryMb" = "allocatedMemoryMb" - ${row.memoryMb},
      "allocatedDiskGb" = "allocatedDiskGb" - ${row.diskGb},
      "updatedAt" = ${now}
    WHERE id = ${row.nodeId}::uuid`;
  await releaseAddresses(tx, { allocationId }, now);
  return true;
}

/**
 * Releases an allocation no machine lives on (an order that failed or was abandoned between allocate
 * and create). A machine's allocation is released by deleting the machine: conflict here.
 */
export async function releaseAllocation(ctx: BackendContext, allocationId: string): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const allocation = await tx.nodeAllocation.findUnique({ where: { id: allocationId }, include: { virtualMachine: true } });
    if (!allocation) throw new BackendError("not_found", `No allocation ${allocationId}`);
    if (allocation.virtualMachine && !allocation.virtualMachine.destroyedAt) {
      throw new BackendError("conflict", `Allocation ${allocationId} holds machine ${allocation.virtualMachine.id}: delete the machine instead`);
    }
    return releaseAllocationInTx(tx, allocationId, ctx.clock.now());
  });
}

/** Releases allocations whose time ran out with no machine created on them. Returns how many. */
export async function releaseExpiredAllocations(ctx: BackendContext, now: Date = ctx.clock.now()): Promise<number> {
  const expired = await ctx.db.nodeAllocation.findMany({
    where: { releasedAt: null, expiresAt: { lte: now }, virtualMachine: null },
    select: { id: true },
  });
  let released = 0;
  for (const { id } of expired) {
    const done = await inTransaction(ctx.db, (tx) => releaseAllocationInTx(tx, id, now, { onlyIfExpired: true }));
    if (done) released++;
  }
  return released;
}
