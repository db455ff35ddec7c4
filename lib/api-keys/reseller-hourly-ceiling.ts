import type { DbOrTx } from "@/lib/db/client";
import type { ResellerApiKeyContext } from "./reseller-key-actor";

/** ResellerProgramme.accountHourlyLimit's schema default, used while the programme row is not written. */
const DEFAULT_ACCOUNT_HOURLY_LIMIT = 5000;

/**
 * The reseller-wide hourly request ceiling: the profile's own limit when an operator set one,
 * else the programme's account limit. A per-key limit must be lower.
 */
export async function getResellerHourlyCeiling(db: DbOrTx, profile: { hourlyLimit: number | null }): Promise<number> {
  if (profile.hourlyLimit !== null) return profile.hourlyLimit;
  const programme = await db.resellerProgramme.findUnique({ where: { id: 1 }, select: { accountHourlyLimit: true } });

  return programme?.accountHourlyLimit ?? DEFAULT_ACCOUNT_HOURLY_LIMIT;
}

/** The same, for the acting reseller; null when there is no such profile. */
export async function getResellerHourlyCeilingOf({ db, actor }: ResellerApiKeyContext): Promise<number | null> {
  const profile = await db.resellerProfile.findUnique({ where: { id: actor.resellerId }, select: { hourlyLimit: true } });

  return profile ? getResellerHourlyCeiling(db, profile) : null;
}
