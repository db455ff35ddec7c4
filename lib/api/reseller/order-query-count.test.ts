import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { countingClient } from "@/lib/testing/count-queries";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { addCredit, makeProduct } from "@/lib/testing/factories";
import { readJson, resellerRequest, resellerWithKey } from "../testing/api-test-kit";
import { dispatchResellerApi } from "./dispatch";

// How many Prisma operations one signed credit-mode order costs (docs/performance.md, Orders).
// The count is deterministic, unlike orders/s on a shared machine; the bound keeps it from creeping
// back up. Transaction BEGIN/COMMIT are not operations and are not counted. 29 since the paid
// invoice records its "payment received" account event (one outbox row).

let t: TestDb;
const now = new Date("2026-06-01T10:00:00.000Z");

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

it("a credit-mode reseller order costs a bounded number of queries", async () => {
  const r = await resellerWithKey(t.db);
  await addCredit(t.db, r.account.id, "1000.00");
  await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "credit" }, update: { paymentMode: "credit" } });
  await t.db.vatRate.create({ data: { countryCode: "NL", ratePercent: new Prisma.Decimal("21"), effectiveFrom: new Date("2020-01-01T00:00:00Z") } });
  const product = await makeProduct(t.db, { kind: "generic", name: "Widget", prices: { monthly: "20.00" }, setupFee: "5.00" });
  const counting = countingClient(t.db, ({ model, operation }) => {
    if (process.env.ORDER_QUERY_TRACE) console.log(`op ${counting.count()}: ${model}.${operation}`);
  });
  const counted = counting.db;
  const place = async () => {
    const body = { productId: product.id, billingCycle: "monthly", externalOrderId: randomUUID() };
    const res = await readJson(await dispatchResellerApi(resellerRequest("POST", "/orders", { key: r.plaintext, sign: { secret: r.secret, now }, body }), { db: counted, clock: () => now }));
    expect(res.status).toBe(201);
  };
  await place(); // warms per-process caches, if any
  counting.reset();
  await place();
  console.log(`queries per credit order: ${counting.count()}`);
  expect(counting.count()).toBeGreaterThan(10);
  expect(counting.count()).toBeLessThanOrEqual(Number(process.env.ORDER_QUERY_BOUND ?? 29));
});
