import type { DbOrTx } from "@/lib/db/client";

/** Revokes every unrevoked key of the reseller in one statement; answers how many it revoked. */
export async function revokeAllResellerApiKeys(
  { resellerId }: { resellerId: string },
  options: { db: DbOrTx; now?: Date },
): Promise<{ revoked: number }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const { count } = await db.resellerApiKey.updateMany({ where: { resellerId, revokedAt: null }, data: { revokedAt: now } });

  return { revoked: count };
}
