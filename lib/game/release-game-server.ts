import type { BackendContext } from "@/lib/backends/context";
import { inTransaction } from "@/lib/db/in-transaction";

/**
 * Marks a game server deleted and gives its memory, disk and port back to the node, in one
 * transaction. Idempotent: the first caller to set `deletedAt` does the work. The caller has told the
 * node to remove it (or the node never had it).
 */
export async function releaseGameServer(ctx: BackendContext, gameServerId: string): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const rows = await tx.$queryRaw<{ nodeId: string; memoryMb: number; heldDiskGb: number }[]>`
      UPDATE "GameServer" SET "deletedAt" = ${now}, "updatedAt" = ${now}
      WHERE id = ${gameServerId}::uuid AND "deletedAt" IS NULL
      RETURNING "nodeId", "memoryMb", "heldDiskGb"`;
    const row = rows[0];
    if (!row) return false;
    await tx.$executeRaw`
      UPDATE "Node" SET
        "allocatedMemoryMb" = "allocatedMemoryMb" - ${row.memoryMb},
        "allocatedDiskGb" = "allocatedDiskGb" - ${row.heldDiskGb},
        "updatedAt" = ${now}
      WHERE id = ${row.nodeId}::uuid`;
    await tx.gamePort.deleteMany({ where: { gameServerId } });
    return true;
  });
}
