import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/adapter-factory";
import { createPrismaClient, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { serviceEventData } from "./events";
import { recordResellerEvent } from "./record-reseller-event";
import { verifyWebhookSignature } from "./sign-webhook";
import { sweepWebhookDeliveries } from "./sweep-webhook-deliveries";
import { loopbackPolicy, noDns, webhookReseller } from "./testing/webhook-test-kit";
import { startWebhookReceiver } from "./testing/webhook-receiver";

// At-least-once across a crash (reliability-anchors §3 row 14): a sweep running in a child process is
// killed with SIGKILL mid-batch; a new sweep then completes. Every event arrives, possibly twice, and
// every copy carries the delivery's X-Webhook-Id. On PGlite the database is a data directory the two
// processes open in turn; with TEST_DATABASE_URL both use the test's PostgreSQL database.

const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "rf-webhook-crash-"));
let pgTest: TestDb | null = null;
afterAll(async () => {
  await pgTest?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openShared(): Promise<{ db: Db; target: string; close(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    pgTest ??= await createTestDb({ install: false });
    return { db: pgTest.db, target: pgTest.url!, close: async () => {} };
  }
  const dataDir = path.join(dir, "pglite");
  const opened = await openDatabase({ kind: "pglite", dataDir });
  await migrate(opened.adapterFactory);
  const db = createPrismaClient(opened);
  return {
    db,
    target: `pglite:${dataDir}`,
    close: async () => {
      await db.$disconnect();
      await opened.close();
    },
  };
}

it("a sweep killed mid-batch loses nothing: the next sweep sends the rest, duplicates keep their X-Webhook-Id", async () => {
  const receiver = await startWebhookReceiver();
  try {
    // Slow enough answers that the kill lands while requests are in flight.
    receiver.setHandler(async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      res.end("ok");
    });

    let shared = await openShared();
    const resellers = await Promise.all([0, 1, 2].map(() => webhookReseller(shared.db, { url: receiver.url })));
    const created = new Date(Date.now() - 1000);
    for (const r of resellers) {
      for (let i = 0; i < 20; i++) {
        await shared.db.$transaction((tx) =>
          recordResellerEvent(
            tx,
            {
              resellerId: r.resellerId,
              type: "service.suspended",
              data: serviceEventData({ serviceId: `svc-${i}`, orderId: null, externalOrderId: null, externalCustomerId: null, status: "suspended", serverIp: null, hostname: null }),
            },
            { now: new Date(created.getTime() + i) },
          ),
        );
      }
    }
    const all = await shared.db.webhookDelivery.findMany({ select: { id: true, resellerId: true } });
    expect(all).toHaveLength(60);
    await shared.close();

    const child = spawn(process.execPath, ["--import", "tsx", "lib/webhooks/testing/sweep-child.ts"], {
      cwd: ROOT,
      env: { ...process.env, RF_SWEEP_CHILD_DB: shared.target },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)));
    const deadline = Date.now() + 60_000;
    while (receiver.received.length < 15) {
      if (Date.now() > deadline) throw new Error(`the child sweep did not get going:\n${output}`);
      if (child.exitCode !== null) throw new Error(`the child sweep ended before it was killed:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    expect(output).not.toContain("done");
    const beforeRestart = receiver.received.length;
    expect(beforeRestart).toBeLessThan(60);

    // A new sweep, after the dead sender's claims have lapsed (20 s leases in the child).
    shared = await openShared();
    try {
      const stuck = await shared.db.webhookDelivery.count({ where: { status: "pending", leaseToken: { not: null } } });
      expect(stuck).toBeGreaterThan(0);
      const later = () => new Date(Date.now() + 30_000);
      const report = await sweepWebhookDeliveries({ db: shared.db, clock: later, policy: loopbackPolicy, resolve: noDns, concurrency: 3 });
      expect(report.failed + report.retrying).toBe(0);

      const rows = await shared.db.webhookDelivery.findMany({ select: { id: true, status: true, attempts: true } });
      expect(rows.every((d) => d.status === "delivered")).toBe(true);
      const ids = new Set(all.map((d) => d.id));
      const seen = new Map<string, number>();
      for (const w of receiver.received) {
        const id = w.headers["x-webhook-id"] as string;
        expect(ids.has(id)).toBe(true);
        const secret = resellers.find((r) => r.resellerId === all.find((d) => d.id === id)!.resellerId)!.secret;
        expect(verifyWebhookSignature(secret, w.body, w.headers["x-webhook-signature"] as string)).toBe(true);
        seen.set(id, (seen.get(id) ?? 0) + 1);
      }
      // Every event arrived at least once; the only repeats are the requests the kill interrupted.
      expect(seen.size).toBe(60);
      const repeats = [...seen.values()].filter((n) => n > 1).length;
      expect(repeats).toBeLessThanOrEqual(2);
      expect(receiver.received.length).toBe(60 + [...seen.values()].reduce((sum, n) => sum + n - 1, 0));
    } finally {
      await shared.close();
    }
  } finally {
    await receiver.close();
  }
}, 180_000);
