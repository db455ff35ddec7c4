import type { Db } from "@/lib/db/client";
import { DOMAIN_ERROR_STATUS, DomainError } from "@/lib/errors/domain-error";
import type { CooldownBucketName } from "./cooldown-buckets";
import { reserveCooldown } from "./reserve-cooldown";

/**
 * Runs an action under the cool-down of its user and resource: the customer API's dispatcher and
 * the panel's actions share one limit, so neither gets round the other's (the customer API spec Limits:
 * "per user plus the resource id"). A use is reserved first, then kept when the action succeeds (or
 * fails with a status its bucket still counts, like the BMC's 424) and given back otherwise. A
 * refusal is a DomainError `rate_limited` ("try again in N seconds").
 */
export async function withCooldown<T>(db: Db, key: { bucket: CooldownBucketName; userId: string; resourceId: string }, now: Date, fn: () => Promise<T>): Promise<T> {
  const reservation = await reserveCooldown(db, key, now);
  let status = 500;
  try {
    const result = await fn();
    status = 200;
    return result;
  } catch (error) {
    if (error instanceof DomainError) status = DOMAIN_ERROR_STATUS[error.kind];
    throw error;
  } finally {
    await reservation.settle(status);
  }
}
