import type { Db, DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { COOLDOWN_BUCKETS, consumesCooldown, describeCooldown, type CooldownBucket, type CooldownBucketName } from "./cooldown-buckets";
import { secondsUntil } from "./seconds-until";

/** The customer API's code for a cool-down refusal; the panel shows the same sentence. */
export const ACTION_RATE_LIMITED = "ACTION_RATE_LIMITED";

/** The refusal of a call the cool-down does not let through for `seconds` more (also the API docs' example). */
export function cooldownRefusal(bucket: CooldownBucket, seconds: number): DomainError {
  return new DomainError("rate_limited", `Too many ${bucket.what} on this resource (${describeCooldown(bucket)}); try again in ${seconds} seconds`, {
    code: ACTION_RATE_LIMITED,
    retryAfterSeconds: seconds,
  });
}

export interface CooldownKey {
  bucket: CooldownBucketName;
  userId: string;
  /** "" when the bucket is per user only. */
  resourceId: string;
}

/** A use reserved before the handler ran; `settle` keeps it (accepted call) or gives it back. */
export interface CooldownReservation {
  settle(status: number): Promise<void>;
  /** Gives the use back whatever the answer (a replay, docs/decisions.md#r14). */
  release(): Promise<void>;
}

/**
 * Reserves one use of a cool-down, or refuses (DomainError `rate_limited`, code ACTION_RATE_LIMITED,
 * `retryAfterSeconds`: when the oldest use that is in the way expires; the API answers 429 with
 * `Retry-After` and `retry_after_seconds`).
 *
 * Settled in the database so parallel calls cannot both pass: one transaction takes an advisory
 * lock on the (bucket, user, resource) triple, counts the uses that have not expired, and inserts a
 * new one if there is room. The use counts from that moment, while the handler runs; `settle`
 * deletes it again unless the call was accepted. A second call arriving while the first is still
 * running is therefore refused even if the first then fails (it may retry after `Retry-After`). A
 * process that dies mid-call leaves its reservation, which then counts like a use until it expires.
 */
export async function reserveCooldown(db: Db, key: CooldownKey, now: Date): Promise<CooldownReservation> {
  const bucket = COOLDOWN_BUCKETS[key.bucket];
  const outcome = await db.$transaction(
    async (tx): Promise<{ refusedUntil: Date } | { useId: string }> => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`cooldown:${key.bucket}:${key.userId}:${key.resourceId}`}, 0))`;
      const active = await tx.actionCooldownUse.findMany({
        where: { bucket: key.bucket, userId: key.userId, resourceId: key.resourceId, expiresAt: { gt: now } },
        orderBy: { expiresAt: "asc" },
        select: { expiresAt: true },
      });
      if (active.length >= bucket.max) return { refusedUntil: active[active.length - bucket.max]!.expiresAt };
      const use = await tx.actionCooldownUse.create({
        data: { ...key, usedAt: now, expiresAt: new Date(now.getTime() + bucket.windowSeconds * 1000) },
        select: { id: true },
      });
      return { useId: use.id };
    },
    // Calls on one resource queue on the lock; give them room beyond Prisma's 2 s / 5 s defaults.
    { maxWait: 10_000, timeout: 10_000 },
  );
  if ("refusedUntil" in outcome) {
    throw cooldownRefusal(bucket, secondsUntil(outcome.refusedUntil, now));
  }
  const release = async () => {
    try {
      await db.actionCooldownUse.deleteMany({ where: { id: outcome.useId } });
    } catch (error) {
      // Left in place it only counts until it expires: the safe side.
      console.error("rackfront api: could not release a cool-down reservation", error);
    }
  };
  return {
    async settle(status) {
      if (!consumesCooldown(bucket, status)) await release();
    },
    release,
  };
}

/** Deletes uses that have expired. */
export async function deleteExpiredCooldownUses(db: DbOrTx, now: Date): Promise<number> {
  const { count } = await db.actionCooldownUse.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
