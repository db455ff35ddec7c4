import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { computeTier } from "./compute-tier";
import type { Decimal } from "./money";
import { computeRunRate } from "./run-rate";

export interface TierRecomputation {
  runRate: Decimal;
  /** The tier the run-rate reaches (null: below every threshold). */
  computedTierId: string | null;
  /** The tier stored before. */
  previousTierId: string | null;
  /** The tier stored now (the previous one when pinned). */
  tierId: string | null;
  changed: boolean;
  /** An operator pinned the tier; nothing was changed. */
  pinned: boolean;
}

/**
 * Recomputes a reseller's tier from its run-rate at `now` and stores it when it differs, unless an
 * operator pinned it (ResellerProfile.tierPinned). The write is conditional on the profile still
 * holding the tier read and still unpinned, so a concurrent pin or recomputation wins cleanly.
 */
export async function recomputeResellerTier(db: DbOrTx, resellerId: string, now: Date): Promise<TierRecomputation> {
  const profile = await db.resellerProfile.findUnique({ where: { id: resellerId }, select: { tierId: true, tierPinned: true } });
  if (!profile) throw new DomainError("not_found", "Reseller not found");
  const [{ runRate }, tiers] = await Promise.all([
    computeRunRate(db, resellerId, now),
    db.tier.findMany({ select: { id: true, minMonthlyRunRate: true, sortOrder: true } }),
  ]);
  const computedTierId = computeTier(runRate, tiers)?.id ?? null;
  const result = { runRate, computedTierId, previousTierId: profile.tierId };
  if (profile.tierPinned) return { ...result, tierId: profile.tierId, changed: false, pinned: true };
  if (computedTierId === profile.tierId) return { ...result, tierId: profile.tierId, changed: false, pinned: false };
  const updated = await db.resellerProfile.updateMany({
    where: { id: resellerId, tierPinned: false, tierId: profile.tierId },
    data: { tierId: computedTierId },
  });
  const changed = updated.count === 1;
  return { ...result, tierId: changed ? computedTierId : profile.tierId, changed, pinned: false };
}
