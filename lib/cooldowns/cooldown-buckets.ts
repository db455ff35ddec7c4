/**
 * Customer API cool-downs (the customer API spec "Limits" and the Dedicated row of "Endpoints"): at most
 * `max` accepted calls per user and resource in any `windowSeconds`. An endpoint names its bucket in
 * its declaration (`cooldown: "reinstall"`); the resource is its `{id}` path parameter (or the one it
 * names), none for an endpoint without path parameters (then the cool-down is per user).
 * `alsoConsumedBy`: non-2xx statuses that still consume (the dedicated BMC's 424: "the attempt still
 * counts against its cool-down").
 *
 * One bucket per action kind, whatever the route or machine: `/services/{id}/power`, the generic
 * actions endpoint, `/vps/{id}/...`, `/dedicated/{id}/...` and the panel all consume the same `power`
 * (or `reinstall`, `passwordReset`) counter of one service, so no route gets round another's limit.
 */
export const COOLDOWN_BUCKETS = {
  power: { max: 10, windowSeconds: 60, what: "power actions", alsoConsumedBy: [424] },
  reinstall: { max: 1, windowSeconds: 300, what: "reinstalls" },
  passwordReset: { max: 1, windowSeconds: 600, what: "password resets" },
  renewal: { max: 1, windowSeconds: 600, what: "renewals" },
  cancellation: { max: 5, windowSeconds: 60, what: "cancellations" },
  orders: { max: 30, windowSeconds: 900, what: "orders" },
  creditPayment: { max: 10, windowSeconds: 60, what: "credit payments" },
} as const satisfies Record<string, CooldownBucket>;

export interface CooldownBucket {
  max: number;
  windowSeconds: number;
  /** Plural noun for the refusal sentence. */
  what: string;
  alsoConsumedBy?: readonly number[];
}

export type CooldownBucketName = keyof typeof COOLDOWN_BUCKETS;

export const isCooldownBucketName = (name: string): name is CooldownBucketName => Object.hasOwn(COOLDOWN_BUCKETS, name);

/** Whether a call that ended with `status` consumes the bucket: accepted (2xx) calls, plus the bucket's exceptions. */
export function consumesCooldown(bucket: CooldownBucket, status: number): boolean {
  return (status >= 200 && status < 300) || (bucket.alsoConsumedBy?.includes(status) ?? false);
}

/** "1 per 5 minutes", "10 per minute", "30 per 15 minutes". */
export function describeCooldown(bucket: CooldownBucket): string {
  const minutes = bucket.windowSeconds / 60;
  const span = Number.isInteger(minutes) ? (minutes === 1 ? "minute" : `${minutes} minutes`) : `${bucket.windowSeconds} seconds`;
  return `${bucket.max} per ${span}`;
}
