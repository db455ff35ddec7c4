// npm run bench:orders:dispatch — the order path of bench/orders.ts without HTTP and without the
// Next.js bundle: signed `POST /orders` requests go straight to the reseller API dispatcher (the same
// authentication, signature, rate-limit, validation and placeOrder code the route runs), in
// `credit` mode, on PostgreSQL (BENCH_DATABASE_URL; a database of that name is created and dropped
// when it does not exist). BENCH_CONNECTIONS (default 32) callers send orders back to back for
// BENCH_SECONDS (default 20) after a 3 s warm-up, all for one reseller and one plain product; one
// in ten replays an externalOrderId that already got its 201. Then it checks: one order per
// externalOrderId, one ledger debit per order, the ledger adds up to the balance. For comparing
// changes of the order code on a machine where building the bundle takes longer than the change.
import { randomUUID } from "node:crypto";
import { openDatabase } from "@/lib/db/adapter-factory";
import { installDb } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { Prisma } from "@/lib/generated/prisma/client";
import { readJson, resellerRequest, resellerWithKey } from "@/lib/api/testing/api-test-kit";
import { dispatchResellerApi } from "@/lib/api/reseller/dispatch";
import { addCredit, makeProduct } from "@/lib/testing/factories";
import { ensureDatabase } from "./ensure-database";

// The API keys' signing secrets are sealed with the instance key; a throwaway one for the bench's own database.
process.env.RACKFRONT_INSTANCE_KEY ??= "0".repeat(63) + "1";
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const dbUrl = process.env.BENCH_DATABASE_URL;
if (!dbUrl) throw new Error("BENCH_DATABASE_URL (PostgreSQL) is required");
const drop = await ensureDatabase(dbUrl);
const opened = await openDatabase({ kind: "postgres", url: dbUrl });
await migrateDatabase(opened);
const db = installDb(opened);

const r = await resellerWithKey(db);
await addCredit(db, r.account.id, "10000000.00");
await db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "credit" }, update: { paymentMode: "credit", minimumOrderAmount: null, accountHourlyLimit: 1_000_000_000 } });
await db.resellerProfile.update({ where: { id: r.profile.id }, data: { hourlyLimit: null } });
await db.resellerApiKey.updateMany({ where: { resellerId: r.profile.id }, data: { hourlyLimit: null } });
const product = await makeProduct(db, { kind: "generic", name: "Bench widget", prices: { monthly: "1.00" } });

const created: string[] = [];
const createMs: number[] = [];
const replayMs: number[] = [];
let replayed = 0;
let errors = 0;

async function post(externalOrderId: string) {
  const started = performance.now();
  const body = { productId: product.id, billingCycle: "monthly", externalOrderId };
  const res = await readJson(await dispatchResellerApi(resellerRequest("POST", "/orders", { key: r.plaintext, sign: { secret: r.secret, now: new Date() }, body }), { db, clock: () => new Date() }));
  return { status: res.status, ms: performance.now() - started, body: res.body };
}

async function client(until: number, record: boolean) {
  while (performance.now() < until) {
    const replay = created.length > 0 && Math.random() < 0.1;
    const id = replay ? created[Math.floor(Math.random() * created.length)]! : `bench-${randomUUID()}`;
    const { status, ms, body } = await post(id);
    if (status === 201) {
      created.push(id);
      if (record) createMs.push(ms);
    } else if (status === 200 && replay) {
      if (record) {
        replayed += 1;
        replayMs.push(ms);
      }
    } else {
      errors += 1;
      if (errors <= 3) console.error(`unexpected ${status}`, JSON.stringify(body).slice(0, 300));
    }
  }
}

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!.toFixed(0) : "-");

await Promise.all(Array.from({ length: connections }, () => client(performance.now() + 3_000, false)));
const before = created.length;
const start = performance.now();
await Promise.all(Array.from({ length: connections }, () => client(start + seconds * 1000, true)));
const elapsed = (performance.now() - start) / 1000;
const made = created.length - before;
console.log(
  `orders/s ${(made / elapsed).toFixed(1)} (${made} in ${elapsed.toFixed(1)} s, ${connections} callers); create p50/p99 ${pct(createMs, 50)}/${pct(createMs, 99)} ms; replays ${replayed} p50/p99 ${pct(replayMs, 50)}/${pct(replayMs, 99)} ms; errors ${errors}`,
);

const orders = await db.order.count({ where: { resellerId: r.profile.id } });
const debits = await db.creditLedgerEntry.count({ where: { accountId: r.account.id, kind: "payment" } });
const account = await db.clientAccount.findUniqueOrThrow({ where: { id: r.account.id }, select: { creditBalance: true } });
const ledger = await db.creditLedgerEntry.aggregate({ where: { accountId: r.account.id }, _sum: { amount: true } });
const unique = new Set(created).size;
const ok = orders === unique && debits === orders && (ledger._sum.amount ?? new Prisma.Decimal(0)).equals(account.creditBalance);
console.log(`checks: ${orders} orders, ${unique} distinct 201s, ${debits} ledger debits, balance ${account.creditBalance.toFixed(2)} = ledger ${ledger._sum.amount?.toFixed(2)}: ${ok ? "ok" : "FAILED"}`);
await db.$disconnect();
await opened.close();
if (drop) await drop();
process.exit(ok && errors === 0 ? 0 : 1);
