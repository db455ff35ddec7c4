import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeCustomer, makeProduct, makeService } from "@/lib/testing/factories";
import { getCustomerDashboard } from "./get-customer-dashboard";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

async function invoice(accountId: string, number: string, data: { status?: "unpaid" | "paid"; total: string; paid?: string; issuedAt: Date }) {
  return t.db.invoice.create({
    data: {
      accountId,
      number,
      currency: "EUR",
      subtotal: data.total,
      total: data.total,
      paidAmount: data.paid ?? "0",
      status: data.status ?? "unpaid",
      issuedAt: data.issuedAt,
      dueDate: new Date(data.issuedAt.getTime() + 7 * 86_400_000),
    },
  });
}

describe("getCustomerDashboard", () => {
  it("shows the balance, services by status and the five latest invoices of this account only", async () => {
    const { account } = await makeCustomer(t.db, { credit: "42.5" });
    const other = await makeCustomer(t.db);
    const product = await makeProduct(t.db);
    for (const status of ["active", "active", "suspended", "installing"] as const) await makeService(t.db, { accountId: account.id, productId: product.id, status });
    await makeService(t.db, { accountId: other.account.id, productId: product.id });
    for (let i = 1; i <= 6; i++) {
      await invoice(account.id, `INV-T${account.id.slice(0, 4)}-${i}`, { total: "10.00", status: i % 2 ? "unpaid" : "paid", paid: i === 5 ? "4.00" : undefined, issuedAt: new Date(Date.UTC(2030, 0, i)) });
    }
    await invoice(other.account.id, `INV-O${other.account.id.slice(0, 4)}`, { total: "99.00", issuedAt: new Date(Date.UTC(2030, 1, 1)) });

    const d = await getCustomerDashboard({ membership: { accountId: account.id, accountName: account.name, role: "owner", permissions: "all" } });
    expect(d.creditBalance).toBe("42.5");
    expect(d.services).toEqual({
      total: 4,
      byStatus: [
        { status: "active", count: 2 },
        { status: "installing", count: 1 },
        { status: "suspended", count: 1 },
      ],
    });
    expect(d.invoices?.recent.map((i) => i.number.split("-").at(-1))).toEqual(["6", "5", "4", "3", "2"]);
    expect(d.invoices?.unpaidCount).toBe(3);
    // 3 × 10.00 unpaid, 4.00 of one already paid.
    expect(d.invoices?.unpaidTotal).toBe("26");
  });

  it("hides what a team member's permissions do not cover", async () => {
    const { account } = await makeCustomer(t.db, { credit: "10" });
    const d = await getCustomerDashboard({
      membership: { accountId: account.id, accountName: account.name, role: "member", permissions: ["services.view"] },
    });
    expect(d.creditBalance).toBeNull();
    expect(d.invoices).toBeNull();
    expect(d.services).toEqual({ total: 0, byStatus: [] });
  });
});
