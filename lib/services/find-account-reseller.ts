import type { DbOrTx } from "@/lib/db/client";

/** The reseller profile that owns an account's services, or null for an ordinary customer. */
export async function findAccountResellerId(db: DbOrTx, accountId: string): Promise<string | null> {
  const profile = await db.resellerProfile.findUnique({ where: { accountId }, select: { id: true } });
  return profile?.id ?? null;
}
