import { getDb } from "@/lib/db/client";
import { deleteExpiredCooldownUses } from "@/lib/cooldowns/reserve-cooldown";
import { deleteExpiredResellerSignatureUses } from "@/lib/api-keys/reseller-signature-uses";
import { deleteExpiredRateLimitBuckets } from "@/lib/platform/rate-limit-counters";
import { inngest } from "../client";

/**
 * Hourly housekeeping of the API rate-limit tables: request-counter buckets older than any window
 * can reach (two hours; windows span at most 61 minutes), cool-down uses that have expired, and
 * spent reseller v2 signatures whose timestamp has left the skew window (docs/decisions.md#r16).
 * The counters live in the database and survive restarts and deploys; this is what keeps them small.
 */
export const pruneRateLimitBuckets = inngest.createFunction(
  { id: "prune-rate-limit-buckets", name: "Prune API rate-limit counters", triggers: [{ cron: "23 * * * *" }], retries: 2 },
  async ({ event, step }) => {
    // The scheduled minute, not the wall clock: a retry later prunes the same window.
    const now = new Date(typeof event.ts === "number" ? event.ts : Date.now());
    const db = getDb();
    const buckets = await step.run("prune-request-counters", () => deleteExpiredRateLimitBuckets(db, now));
    const cooldownUses = await step.run("prune-cooldown-uses", () => deleteExpiredCooldownUses(db, now));
    const signatureUses = await step.run("prune-reseller-signature-uses", () => deleteExpiredResellerSignatureUses(db, now));
    return { buckets, cooldownUses, signatureUses };
  },
);
