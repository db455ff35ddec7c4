import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { ApiError, statusOfDomainError } from "../api-error";
import type { CooldownBucketName } from "./cooldown-buckets";
import { reserveCooldown } from "./cooldowns";

/**
 * Runs a panel action under the customer API's cool-down for the same user and resource, so the
 * panel and the API share one limit and neither gets round the other's (customer-api.md Limits:
 * "per user plus the resource id"). A use is reserved first, then kept when the action succeeds (or
 * fails with a status its bucket still counts, like the BMC's 424) and given back otherwise. A
 * refusal is a DomainError `rate_limited` with the API's sentence ("try again in N seconds").
 */
export async function withPanelCooldown<T>(db: Db, key: { bucket: CooldownBucketName; userId: string; resourceId: string }, now: Date, fn: () => Promise<T>): Promise<T> {
  let reservation;
  try {
    reservation = await reserveCooldown(db, key, now);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) throw new DomainError("rate_limited", error.message);
    throw error;
  }
  let status = 500;
  try {
    const result = await fn();
    status = 200;
    return result;
  } catch (error) {
    if (error instanceof DomainError) status = statusOfDomainError(error);
    throw error;
  } finally {
    await reservation.settle(status);
  }
}
