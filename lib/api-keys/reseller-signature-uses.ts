import type { DbOrTx } from "@/lib/db/client";
import type { ResellerApiKeyContext } from "./reseller-key-actor";

/**
 * The replay cache of reseller signature v2 (docs/decisions.md#r16). A good v2 signature is spent
 * here before the request goes on: the insert either adds the row or finds the same (reseller,
 * signature) already there, and the primary key decides between two parallel attempts, so exactly
 * one of them passes. The key is the reseller, not the API key: every key of a reseller signs with
 * the same secret, so a signature captured on one key must not pass on another.
 */
export async function spendResellerSignature(
  { db, now, actor: { resellerId } }: ResellerApiKeyContext,
  input: { keyId: string; signature: string; expiresAt: Date },
): Promise<"fresh" | "replayed"> {
  const { count } = await db.resellerSignatureUse.createMany({
    data: [{ resellerId, signature: input.signature, keyId: input.keyId, usedAt: now, expiresAt: input.expiresAt }],
    skipDuplicates: true,
  });
  return count === 1 ? "fresh" : "replayed";
}

/**
 * Deletes signatures whose timestamp has left the skew window: the window refuses them by itself
 * (the hourly prune job, lib/jobs/functions/prune-rate-limit-buckets.ts).
 */
export async function deleteExpiredResellerSignatureUses(db: DbOrTx, now: Date): Promise<number> {
  const { count } = await db.resellerSignatureUse.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}
