import type { Decimal } from "./money";

export interface TierThreshold {
  id: string;
  minMonthlyRunRate: Decimal;
  sortOrder: number;
}

/**
 * The highest tier whose minMonthlyRunRate ≤ runRate (a run-rate exactly at a threshold reaches
 * it). Equal thresholds: the later in the ladder (sortOrder). Below every threshold → null.
 */
export function computeTier<T extends TierThreshold>(runRate: Decimal, tiers: readonly T[]): T | null {
  let best: T | null = null;
  for (const tier of tiers) {
    if (tier.minMonthlyRunRate.greaterThan(runRate)) continue;
    if (
      !best ||
      tier.minMonthlyRunRate.greaterThan(best.minMonthlyRunRate) ||
      (tier.minMonthlyRunRate.equals(best.minMonthlyRunRate) && tier.sortOrder > best.sortOrder)
    ) {
      best = tier;
    }
  }
  return best;
}
