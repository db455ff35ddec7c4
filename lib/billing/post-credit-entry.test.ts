import { afterAll, beforeAll, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { makeCustomer } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { nextDocumentNumber } from "./next-document-number";
import { INSUFFICIENT_CREDIT, postCreditEntry } from "./post-credit-entry";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const d = (v: string) => new Prisma.Decimal(v);

async function ledgerSum(accountId: string) {
  const { _sum } = await t.db.creditLedgerEntry.aggregate({ where: { accountId }, _sum: { amount: true } });
  return _sum.amount ?? d("0");
}

it("moves the balance and writes a ledger row with the balance after it, in one transaction", async () => {
  const { account } = await makeCustomer(t.db, { credit: "10.00" });
  const posted = await t.db.$transaction((tx) =>
    postCreditEntry(tx, { accountId: account.id, kind: "payment", amount: d("-3.3333"), description: "Invoice INV-1" }),
  );
  expect(posted.balanceAfter.toFixed(4)).toBe("6.6667");
  const row = await t.db.creditLedgerEntry.findUniqueOrThrow({ where: { id: posted.id } });
  expect(row).toMatchObject({ kind: "payment", currency: account.currency, description: "Invoice INV-1" });
  expect(row.amount.toFixed(4)).toBe("-3.3333");
  expect(row.balanceAfter.toFixed(4)).toBe("6.6667");

  // A rolled-back transaction leaves neither the balance nor the ledger changed.
  await expect(
    t.db.$transaction(async (tx) => {
      await postCreditEntry(tx, { accountId: account.id, kind: "payment", amount: d("-1"), description: "rolled back" });
      throw new Error("boom");
    }),
  ).rejects.toThrow("boom");
  const fresh = await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id } });
  expect(fresh.creditBalance.toFixed(4)).toBe("6.6667");
  expect((await ledgerSum(account.id)).toFixed(4)).toBe("6.6667");
});

it("refuses a debit beyond the balance and changes nothing", async () => {
  const { account } = await makeCustomer(t.db, { credit: "2.00" });
  await expect(
    t.db.$transaction((tx) => postCreditEntry(tx, { accountId: account.id, kind: "payment", amount: d("-2.01"), description: "too much" })),
  ).rejects.toThrow(INSUFFICIENT_CREDIT);
  expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id } })).creditBalance.toFixed(2)).toBe("2.00");
  expect(await t.db.creditLedgerEntry.count({ where: { accountId: account.id } })).toBe(1);
});

it("20 concurrent debits of 1 against a balance of 5: exactly 5 succeed and the ledger still adds up", async () => {
  const { account } = await makeCustomer(t.db, { credit: "5" });
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) =>
      t.db.$transaction((tx) => postCreditEntry(tx, { accountId: account.id, kind: "payment", amount: d("-1"), description: `debit ${i}` })),
    ),
  );
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
  for (const r of results) if (r.status === "rejected") expect(String(r.reason)).toContain(INSUFFICIENT_CREDIT);
  const fresh = await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id } });
  expect(fresh.creditBalance.toFixed(4)).toBe("0.0000");
  expect((await ledgerSum(account.id)).toFixed(4)).toBe("0.0000");
});

it("numbers documents per kind and year without gaps or repeats, also in parallel", async () => {
  const at = new Date("2031-06-01T00:00:00Z");
  const numbers = await Promise.all(Array.from({ length: 12 }, () => t.db.$transaction((tx) => nextDocumentNumber(tx, "invoice", at))));
  expect([...numbers].sort()).toEqual(Array.from({ length: 12 }, (_, i) => `INV-2031-${String(i + 1).padStart(6, "0")}`));
  expect(await t.db.$transaction((tx) => nextDocumentNumber(tx, "proforma", at))).toBe("PRO-2031-000001");
  expect(await t.db.$transaction((tx) => nextDocumentNumber(tx, "order", new Date("2032-01-01T00:00:00Z")))).toBe("ORD-2032-000001");
  // A rolled-back transaction gives its number back.
  await t.db.$transaction(async (tx) => {
    await nextDocumentNumber(tx, "order", at);
    throw new Error("rollback");
  }).catch(() => undefined);
  expect(await t.db.$transaction((tx) => nextDocumentNumber(tx, "order", at))).toBe("ORD-2031-000001");
});
