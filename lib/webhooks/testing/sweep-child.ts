// A webhook sweep in its own process, for the crash test (sweep-crash.test.ts): it is killed with
// SIGKILL in the middle of its batch. Usage: node --import tsx lib/webhooks/testing/sweep-child.ts
// with RF_SWEEP_CHILD_DB = "pglite:<data dir>" or a postgres:// URL.
import { openDatabase } from "@/lib/db/adapter-factory";
import { createPrismaClient } from "@/lib/db/client";
import { deliverDueWebhooks } from "../sweep-webhook-deliveries";
import { loopbackPolicy, noDns } from "./webhook-test-kit";

const target = process.env.RF_SWEEP_CHILD_DB ?? "";
const opened = await openDatabase(target.startsWith("pglite:") ? { kind: "pglite", dataDir: target.slice("pglite:".length) } : { kind: "postgres", url: target });
const db = createPrismaClient(opened);
process.stdout.write("ready\n");
const report = await deliverDueWebhooks({ db, policy: loopbackPolicy, resolve: noDns, concurrency: 2, timeoutMs: 10_000, leaseMs: 20_000 });
process.stdout.write(`done ${JSON.stringify(report)}\n`);
await db.$disconnect();
await opened.close();
