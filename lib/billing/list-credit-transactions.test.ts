import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCredit, makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { listCreditTransactions } from "./list-credit-transactions";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const asOwner = (c: { account: { id: string }; owner: { id: string } }) => ({ accountId: c.account.id, userId: c.owner.id, isOwner: true });

describe("listCreditTransactions", () => {
  it("newest first, one page with the total, only the account's own", async () => {
    const c = await makeCustomer(t.db);
    const other = await makeCustomer(t.db, { credit: "5.00" });
    for (const amount of ["10.00", "20.00", "30.00"]) {
      await addCredit(t.db, c.account.id, amount);
      await new Promise((r) => setTimeout(r, 5));
    }
    const first = await listCreditTransactions({ db: t.db, now: new Date(), actor: asOwner(c) }, { page: 1, limit: 2 });
    expect(first.total).toBe(3);
    expect(first.transactions.map((r) => [r.amount.toFixed(2), r.balanceAfter.toFixed(2)])).toEqual([
      ["30.00", "60.00"],
      ["20.00", "30.00"],
    ]);
    const second = await listCreditTransactions({ db: t.db, now: new Date(), actor: asOwner(c) }, { page: 2, limit: 2 });
    expect(second.transactions.map((r) => r.amount.toFixed(2))).toEqual(["10.00"]);
    expect((await listCreditTransactions({ db: t.db, now: new Date(), actor: asOwner(other) }, { page: 1, limit: 50 })).total).toBe(1);
  });

  it("a team member reads the credit of the account they own, or none", async () => {
    const shared = await makeCustomer(t.db, { credit: "7.00" });
    const bare = await makeUser(t.db);
    expect(await listCreditTransactions({ db: t.db, now: new Date(), actor: { accountId: shared.account.id, userId: bare.id, isOwner: false } }, { page: 1, limit: 20 })).toEqual({
      transactions: [],
      total: 0,
    });
    const own = await makeCustomer(t.db, { credit: "3.00" });
    const read = await listCreditTransactions({ db: t.db, now: new Date(), actor: { accountId: shared.account.id, userId: own.owner.id, isOwner: false } }, { page: 1, limit: 20 });
    expect(read.transactions.map((r) => r.amount.toFixed(2))).toEqual(["3.00"]);
  });
});
