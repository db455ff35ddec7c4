import type { Db } from "@/lib/db/client";

/** How long a new service may wait for its build to be claimed before the sweep asks again. */
export const STRANDED_AFTER_MS = 2 * 60 * 1000;

/**
 * Services left in `pending` with no build claimed (their provisioning event was lost: the process
 * died between the order's commit and the send, or Inngest was unreachable). Only kinds with an
 * automated build; oldest first.
 */
export async function findStrandedServices(db: Db, now: Date, limit = 100): Promise<string[]> {
  const rows = await db.service.findMany({
    where: {
      status: "pending",
      provisionRunId: null,
      createdAt: { lte: new Date(now.getTime() - STRANDED_AFTER_MS) },
      product: { kind: { in: ["vps", "dedicated"] } },
    },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}
