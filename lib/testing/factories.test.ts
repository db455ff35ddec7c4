import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "./test-db";
import { addCredit, makeCustomer, makeProduct, makeReseller, makeService } from "./factories";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe("factories", () => {
  it("make a customer whose cached balance equals its ledger", async () => {
    const { account, project } = await makeCustomer(t.db, { credit: "25.50" });
    await addCredit(t.db, account.id, "0.25");
    const fresh = await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id } });
    const ledger = await t.db.creditLedgerEntry.aggregate({ where: { accountId: account.id }, _sum: { amount: true } });
    expect(fresh.creditBalance.toFixed(2)).toBe("25.75");
    expect(ledger._sum.amount?.toFixed(2)).toBe("25.75");
    expect(project.isDefault).toBe(true);
  });

  it("make resellers, products with only the cycles asked for, and services", async () => {
    const r = await makeReseller(t.db, { status: "pending" });
    expect(r.profile.status).toBe("pending");
    const p = await makeProduct(t.db, { prices: { monthly: "5.00", annually: "50.00" } });
    expect(p.prices.map((x) => x.cycle).sort()).toEqual(["annually", "monthly"]);
    const s = await makeService(t.db, { accountId: r.account.id, productId: p.id });
    expect(s.status).toBe("active");
  });
});
