import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { openSigningSecret } from "@/lib/api-keys/open-signing-secret";
import { webhookAddressPolicy, type AddressPolicy } from "./address-policy";
import { enqueueOutboxEvents } from "./enqueue-outbox-events";
import { WEBHOOK_DEFAULT_MAX_ATTEMPTS, webhookRetryDelaySeconds } from "./retry-schedule";
import { systemResolver, type Resolver } from "./resolver";
import { createWebhookAgent, sendWebhookRequest, WEBHOOK_TIMEOUT_MS, type WebhookSendResult } from "./send-webhook-request";
import { buildWebhookRequest } from "./sign-webhook";
import { sqlTimestamp as ts } from "./sql-timestamp";

/** Resellers served at once by a sweep unless told otherwise. */
export const WEBHOOK_SWEEP_CONCURRENCY = 16;

export const NO_URL_ERROR = "No webhook URL was configured when the delivery was due";

export interface WebhookSweepOptions {
  db: Db;
  clock?: () => Date;
  policy?: AddressPolicy;
  resolve?: Resolver;
  /** Per attempt: a 2xx must arrive within this. */
  timeoutMs?: number;
  /** Resellers served at once (each reseller's deliveries go one after another, oldest first). */
  concurrency?: number;
  /** No new delivery is claimed after this much wall time, so one sweep stays within its minute. */
  budgetMs?: number;
  /** How long a claim holds; a sender that dies is replaced once it lapses. */
  leaseMs?: number;
  /** Attempts per reseller per sweep at most. */
  maxPerReseller?: number;
  /** Deliveries of one reseller claimed per statement (then sent one at a time, oldest first). */
  batchSize?: number;
  log?: Pick<Console, "error" | "warn">;
  /** Test hook: called after each attempt is recorded. */
  onAttempt?: (attempt: { deliveryId: string; result: WebhookSendResult }) => void;
}

export interface DeliverReport {
  attempted: number;
  delivered: number;
  retrying: number;
  failed: number;
  /** Deliveries that failed without an attempt because the reseller no longer has a URL. */
  droppedNoUrl: number;
}

export interface WebhookSweepReport extends DeliverReport {
  relayed: number;
  queued: number;
  dropped: number;
  paused: number;
  resumed: number;
}

/**
 * Holds deliveries of resellers whose profile is not active (`paused`) and releases those of active
 * ones with their backlog; a delivery keeps its nextAttemptAt, so a backlog queued meanwhile is due at once.
 */
export async function pauseAndResumeDeliveries(db: Db, now: Date): Promise<{ paused: number; resumed: number }> {
  const paused = await db.$executeRaw`
    UPDATE "WebhookDelivery" d SET status = 'paused'
    FROM "ResellerProfile" p
    WHERE p.id = d."resellerId" AND p.status <> 'active' AND d.status = 'pending'
      AND (d."leaseUntil" IS NULL OR d."leaseUntil" <= ${ts(now)})`;
  const resumed = await db.$executeRaw`
    UPDATE "WebhookDelivery" d SET status = 'pending'
    FROM "ResellerProfile" p
    WHERE p.id = d."resellerId" AND p.status = 'active' AND d.status = 'paused'`;
  return { paused, resumed };
}

interface ClaimedDelivery {
  id: string;
  event: string;
  data: Prisma.JsonValue;
  roundAttempts: number;
  createdAt: Date;
}

/**
 * Claims up to `limit` of one reseller's oldest due deliveries in one statement (conditional on no
 * live claim; SKIP LOCKED against concurrent sweeps), oldest first. They are then sent one at a time.
 */
async function claimBatch(db: Db, resellerId: string, token: string, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  return db.$queryRaw<ClaimedDelivery[]>`
    WITH next AS (
      SELECT d.id FROM "WebhookDelivery" d
      WHERE d."resellerId" = ${resellerId}::uuid AND d.status = 'pending' AND d."nextAttemptAt" <= ${ts(now)}
        AND (d."leaseUntil" IS NULL OR d."leaseUntil" <= ${ts(now)})
      ORDER BY d."createdAt", d.id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "WebhookDelivery" w
    SET "leaseToken" = ${token}, "leaseUntil" = ${ts(leaseUntil)}
    FROM next
    WHERE w.id = next.id
    RETURNING w.id::text AS id, w.event, w.data, w."roundAttempts", w."createdAt"`;
}

/** Gives back the claims of a batch that were not sent (the sweep ran out of time). */
async function releaseUnsent(db: Db, token: string): Promise<void> {
  await db.$executeRaw`UPDATE "WebhookDelivery" SET "leaseToken" = NULL, "leaseUntil" = NULL WHERE "leaseToken" = ${token}`;
}

interface FinishedAttempt {
  attemptId: string;
  deliveryId: string;
  token: string;
  result: WebhookSendResult;
  attemptAt: Date;
  finishedAt: Date;
  round: number;
  outcome: "delivered" | "failed" | "retrying";
}

interface NewAttempt {
  id: string;
  deliveryId: string;
  /** The claim it goes out under; renewed to `leaseUntil` as the attempt starts. */
  token: string;
  leaseUntil: Date;
  attemptedAt: Date;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * One statement (data-modifying CTEs: atomic, one round trip) that completes the previous attempt
 * and, if its claim still holds, its delivery; and, if the next delivery's claim still holds, renews
 * that claim for one attempt and writes the attempt's row before the request goes out. Either part
 * may be absent. `updated`: false when the previous claim had lapsed and was taken over (the
 * delivery was left alone; the attempt row still records the outcome). `started`: false when the
 * next delivery's claim was taken over while earlier ones of its batch were sent (do not send it).
 */
async function recordAttempts(db: Db, finished: FinishedAttempt | null, next: NewAttempt | null): Promise<{ updated: boolean; started: boolean }> {
  const parts: Prisma.Sql[] = [];
  if (finished) {
    const { result } = finished;
    const state =
      finished.outcome === "delivered"
        ? Prisma.sql`status = 'delivered', "deliveredAt" = ${ts(finished.finishedAt)}, "failedAt" = NULL`
        : finished.outcome === "failed"
          ? Prisma.sql`status = 'failed', "failedAt" = ${ts(finished.finishedAt)}`
          : Prisma.sql`"nextAttemptAt" = ${ts(new Date(finished.finishedAt.getTime() + webhookRetryDelaySeconds(finished.round) * 1000))}`;
    parts.push(Prisma.sql`completed AS (
      UPDATE "WebhookAttempt"
      SET "statusCode" = ${result.statusCode}::int, "durationMs" = ${result.durationMs}::int, error = ${result.error}::text,
          "responseSnippet" = ${result.responseSnippet}::text, "completedAt" = ${ts(finished.finishedAt)}
      WHERE id = ${finished.attemptId}::uuid
    )`);
    parts.push(Prisma.sql`finished AS (
      UPDATE "WebhookDelivery"
      SET attempts = attempts + 1, "roundAttempts" = ${finished.round}::int, "lastAttemptAt" = ${ts(finished.attemptAt)},
          "lastStatusCode" = ${result.statusCode}::int, "lastError" = ${result.error}::text, "leaseToken" = NULL, "leaseUntil" = NULL,
          ${state}
      WHERE id = ${finished.deliveryId}::uuid AND "leaseToken" = ${finished.token}
      RETURNING 1
    )`);
  }
  if (next) {
    parts.push(Prisma.sql`renewed AS (
      UPDATE "WebhookDelivery" SET "leaseUntil" = ${ts(next.leaseUntil)}
      WHERE id = ${next.deliveryId}::uuid AND "leaseToken" = ${next.token}
      RETURNING id
    )`);
    parts.push(Prisma.sql`started AS (
      INSERT INTO "WebhookAttempt" (id, "deliveryId", "attemptedAt", url, "requestHeaders", "requestBody")
      SELECT ${next.id}::uuid, renewed.id, ${ts(next.attemptedAt)}, ${next.url}, ${JSON.stringify(Object.entries(next.headers))}::jsonb, ${next.body}
      FROM renewed
      RETURNING 1
    )`);
  }
  if (parts.length === 0) return { updated: false, started: false };
  const [row] = await db.$queryRaw<{ updated: number; started: number }[]>`
    WITH ${Prisma.join(parts, ", ")}
    SELECT ${finished ? Prisma.sql`(SELECT count(*) FROM finished)::int` : Prisma.sql`0`} AS updated,
      ${next ? Prisma.sql`(SELECT count(*) FROM started)::int` : Prisma.sql`0`} AS started`;
  return { updated: row?.updated === 1, started: row?.started === 1 };
}

async function dueResellers(db: Db, now: Date): Promise<string[]> {
  const rows = await db.$queryRaw<{ resellerId: string }[]>`
    SELECT d."resellerId"::text AS "resellerId"
    FROM "WebhookDelivery" d JOIN "ResellerProfile" p ON p.id = d."resellerId"
    WHERE d.status = 'pending' AND p.status = 'active' AND d."nextAttemptAt" <= ${ts(now)}
      AND (d."leaseUntil" IS NULL OR d."leaseUntil" <= ${ts(now)})
    GROUP BY d."resellerId"
    ORDER BY MIN(d."createdAt")`;
  return rows.map((r) => r.resellerId);
}

async function maxAttemptsSetting(db: Db): Promise<number> {
  const programme = await db.resellerProgramme.findUnique({ where: { id: 1 }, select: { webhookMaxAttempts: true } });
  return Math.max(1, programme?.webhookMaxAttempts ?? WEBHOOK_DEFAULT_MAX_ATTEMPTS);
}

/**
 * Sends every due delivery: resellers in parallel (bounded), each reseller's deliveries one after
 * another in creation order. Each attempt is written before the request goes out (request exactly as
 * sent) and completed after; the delivery is then delivered, scheduled for a retry, or failed for
 * good at the attempt limit. A claim is a lease: if this process dies mid-attempt, the delivery is
 * claimed again once the lease lapses and sent again with the same X-Webhook-Id (at-least-once).
 */
export async function deliverDueWebhooks(options: WebhookSweepOptions): Promise<DeliverReport> {
  const db = options.db;
  const clock = options.clock ?? (() => new Date());
  const policy = options.policy ?? webhookAddressPolicy();
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? timeoutMs + 60_000;
  const budgetMs = options.budgetMs ?? 45_000;
  const maxPerReseller = options.maxPerReseller ?? 1000;
  const batchSize = Math.max(1, options.batchSize ?? 20);
  const log = options.log ?? console;
  const started = performance.now();
  const report: DeliverReport = { attempted: 0, delivered: 0, retrying: 0, failed: 0, droppedNoUrl: 0 };
  const maxAttempts = await maxAttemptsSetting(db);
  const resellers = await dueResellers(db, clock());

  const serveReseller = async (resellerId: string) => {
    const profile = await db.resellerProfile.findUnique({
      where: { id: resellerId },
      select: { status: true, webhookUrl: true, signingSecret: true },
    });
    if (!profile || profile.status !== "active") return;
    if (!profile.webhookUrl) {
      const now = clock();
      const { count } = await db.webhookDelivery.updateMany({
        where: { resellerId, status: "pending", nextAttemptAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lte: now } }] },
        data: { status: "failed", failedAt: now, lastError: NO_URL_ERROR },
      });
      report.droppedNoUrl += count;
      return;
    }
    let secret: string;
    try {
      secret = openSigningSecret(profile.signingSecret);
    } catch (err) {
      log.error(`[webhooks] reseller ${resellerId}: the signing secret cannot be opened; its deliveries wait`, err);
      return;
    }
    const url = profile.webhookUrl;
    const host = new URL(url).host;
    // One connection per reseller and sweep, reused while the receiver keeps it open (keep-alive).
    const agent = createWebhookAgent(url);

    // The previous attempt's outcome is written together with the next attempt's row (one round trip each).
    let finished: FinishedAttempt | null = null;
    const record = async (next: NewAttempt | null) => {
      const previous = finished;
      finished = null;
      const { updated, started } = await recordAttempts(db, previous, next);
      if (previous) {
        if (!updated) log.warn(`[webhooks] delivery ${previous.deliveryId}: the claim lapsed before the attempt finished; its outcome was recorded on the attempt only`);
        report.attempted++;
        report[previous.outcome]++;
        options.onAttempt?.({ deliveryId: previous.deliveryId, result: previous.result });
      }
      return started;
    };
    const inBudget = () => performance.now() - started < budgetMs;

    try {
      let sent = 0;
      while (sent < maxPerReseller && inBudget()) {
        const token = randomUUID();
        const claimNow = clock();
        const wanted = Math.min(batchSize, maxPerReseller - sent);
        // Each claim is renewed for one lease as its attempt starts (recordAttempts), so a slow batch does not outlive it.
        const batch = (await claimBatch(db, resellerId, token, claimNow, new Date(claimNow.getTime() + leaseMs), wanted)).sort(
          (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        );
        if (batch.length === 0) break;
        for (const claimed of batch) {
          if (!inBudget()) break;
          const attemptAt = clock();
          const request = buildWebhookRequest({ deliveryId: claimed.id, event: claimed.event, data: claimed.data, attemptAt, signingSecret: secret, host });
          const attemptId = randomUUID();
          const leaseUntil = new Date(attemptAt.getTime() + leaseMs);
          const mine = await record({ id: attemptId, deliveryId: claimed.id, token, leaseUntil, attemptedAt: attemptAt, url, headers: request.headers, body: request.body });
          // Taken over by another sweep after this one's claim lapsed: that sweep sends it.
          if (!mine) continue;
          const result = await sendWebhookRequest({ url, headers: request.headers, body: request.body, policy, resolve, timeoutMs, agent });
          const finishedAt = clock();
          const round = claimed.roundAttempts + 1;
          finished = { attemptId, deliveryId: claimed.id, token, result, attemptAt, finishedAt, round, outcome: result.ok ? "delivered" : round >= maxAttempts ? "failed" : "retrying" };
          sent++;
        }
        await record(null);
        // Claims of the batch not sent in this sweep's time go back at once instead of waiting out their lease.
        if (!inBudget()) await releaseUnsent(db, token);
        if (batch.length < wanted) break;
      }
    } finally {
      agent.destroy();
    }
  };

  // Workers mostly wait (for the receiver and for commits); 16 measured faster than 8 (docs/performance.md).
  const concurrency = Math.max(1, options.concurrency ?? WEBHOOK_SWEEP_CONCURRENCY);
  let next = 0;
  const worker = async () => {
    while (next < resellers.length && performance.now() - started < budgetMs) {
      const resellerId = resellers[next++]!;
      try {
        await serveReseller(resellerId);
      } catch (err) {
        // Claims of this reseller lapse and are taken up by a later sweep.
        log.error(`[webhooks] sending the deliveries of reseller ${resellerId} failed`, err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, resellers.length) }, worker));
  return report;
}

/** One whole sweep: relay unrelayed outbox rows, pause/resume by profile status, then send what is due. */
export async function sweepWebhookDeliveries(options: WebhookSweepOptions): Promise<WebhookSweepReport> {
  const clock = options.clock ?? (() => new Date());
  const relay = await enqueueOutboxEvents({ db: options.db, now: clock() });
  const states = await pauseAndResumeDeliveries(options.db, clock());
  const delivered = await deliverDueWebhooks(options);
  return { ...relay, ...states, ...delivered };
}
