import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeCustomer, makeProduct, makeService, makeUser } from "@/lib/testing/factories";
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

    const { owner } = await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id }, select: { owner: true } });
    const d = await getCustomerDashboard({ db: t.db, now: new Date(), actor: { membership: { accountId: account.id, accountName: account.name, role: "owner", permissions: "all", accountStatus: "active" }, userId: owner.id } });
    expect(d.credit).toEqual({ balance: "42.5", currency: "EUR" });
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

  it("hides what a team member's permissions do not cover, by the access table (docs/decisions.md#r12)", async () => {
    const { account } = await makeCustomer(t.db, { credit: "10" });
    const member = await makeUser(t.db);
    const as = (permissions: string[]) =>
      getCustomerDashboard({
        db: t.db,
        now: new Date(),
        actor: { membership: { accountId: account.id, accountName: account.name, role: "member", permissions, accountStatus: "active" }, userId: member.id },
      });
    // services.power implies seeing services, as on the services page and GET /services; credit is the member's own (none).
    const power = await as(["services.power"]);
    expect(power).toMatchObject({ services: { total: 0, byStatus: [] }, invoices: null, credit: { balance: "0", currency: "EUR" } });
    const invoices = await as(["invoices.view"]);
    expect(invoices.services).toBeNull();
    expect(invoices.invoices).toMatchObject({ unpaidCount: 0, recent: [] });
  });

  it("shows a team member their own credit, never the shared account's", async () => {
    const { account } = await makeCustomer(t.db, { credit: "500" });
    const member = await makeUser(t.db);
    const membership = { accountId: account.id, accountName: account.name, role: "member" as const, permissions: ["billing.view"], accountStatus: "active" as const };
    // Owning no account of their own, the member has no credit (in the shared account's currency).
    expect((await getCustomerDashboard({ db: t.db, now: new Date(), actor: { membership, userId: member.id } })).credit).toEqual({ balance: "0", currency: "EUR" });
    // Owning one, they see its balance.
    const own = await makeCustomer(t.db, { credit: "7.25", currency: "USD" });
    await t.db.clientAccount.update({ where: { id: own.account.id }, data: { ownerId: member.id } });
    expect((await getCustomerDashboard({ db: t.db, now: new Date(), actor: { membership, userId: member.id } })).credit).toEqual({ balance: "7.25", currency: "USD" });
  });
});
