import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeCustomer, makeProduct, makeReseller, makeService } from "@/lib/testing/factories";
import { getOperatorDashboard } from "./get-operator-dashboard";
import type { OperatorContext } from "./operator-context";

let t: TestDb;
const operator = (): OperatorContext => ({ db: t.db, now: new Date(), actor: { userId: "00000000-0000-4000-8000-0000000000aa" } });
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

describe("getOperatorDashboard", () => {
  it("counts accounts, resellers, products and services by status", async () => {
    const before = await getOperatorDashboard(operator());
    const { account } = await makeCustomer(t.db);
    await t.db.clientAccount.update({ where: { id: account.id }, data: { status: "suspended" } });
    await makeReseller(t.db, { status: "pending" });
    await makeReseller(t.db, { status: "active" });
    const product = await makeProduct(t.db);
    await t.db.product.update({ where: { id: (await makeProduct(t.db)).id }, data: { enabled: false } });
    await makeService(t.db, { accountId: account.id, productId: product.id, status: "active" });
    await makeService(t.db, { accountId: account.id, productId: product.id, status: "provisioning_failed" });

    const d = await getOperatorDashboard(operator());
    expect(d.accounts.total - before.accounts.total).toBe(3);
    expect(d.accounts.byStatus.suspended - before.accounts.byStatus.suspended).toBe(1);
    expect(d.resellers.byStatus.pending - before.resellers.byStatus.pending).toBe(1);
    expect(d.resellers.byStatus.active - before.resellers.byStatus.active).toBe(1);
    expect(d.resellers.byStatus.closed).toBe(before.resellers.byStatus.closed);
    expect(d.products.total - before.products.total).toBe(2);
    expect(d.products.enabled - before.products.enabled).toBe(1);
    expect(d.services.byStatus.provisioning_failed - before.services.byStatus.provisioning_failed).toBe(1);
    expect(d.services.total - before.services.total).toBe(2);
  });
});
