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
 * `isReplay`: true when the action only replays an earlier accepted one (an order's idempotency key
 * already used); it then runs without touching the cool-down, as in the API (docs/decisions.md#r14).
 * `replayed`: whether a result turned out to be such a replay after all (a concurrent twin took the
 * key while this call ran); its use is then given back.
 */
export async function withCooldown<T>(
  db: Db,
  key: { bucket: CooldownBucketName; userId: string; resourceId: string },
  now: Date,
  fn: () => Promise<T>,
  options: { isReplay?: () => Promise<boolean>; replayed?: (result: T) => boolean } = {},
): Promise<T> {
  if (await options.isReplay?.()) return fn();
  const reservation = await reserveCooldown(db, key, now);
  let result: T;
  try {
    result = await fn();
  } catch (error) {
    await reservation.settle(error instanceof DomainError ? DOMAIN_ERROR_STATUS[error.kind] : 500);
    throw error;
  }
  if (options.replayed?.(result)) await reservation.release();
  else await reservation.settle(200);
  return result;
}
