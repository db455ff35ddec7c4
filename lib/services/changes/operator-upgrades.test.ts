import { afterAll, beforeAll, expect, it } from "vitest";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { Db } from "@/lib/db/client";
import { ledgerSum } from "@/lib/billing/testing/billing-factories";
import { makeProduct } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeActiveService, makeCustomer, makeVpsSite } from "../testing/service-factories";
import { listUpgradesAwaitingOperator, NOT_AWAITING_OPERATOR, resolveUpgradeByOperator } from "./operator-upgrades";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t?.close());

const now = new Date("2026-09-01T12:00:00Z");
const op = (): OperatorContext<Db> => ({ db: t.db, now, actor: { userId: "operator-1" } });

async function held() {
  const site = await makeVpsSite(t.db);
  const { account } = await makeCustomer(t.db);
  const { service } = await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
  const bigger = await makeProduct(t.db, { kind: "vps", name: "VPS XL" });
  const upgrade = await t.db.serviceUpgrade.create({
    data: {
      serviceId: service.id,
      accountId: account.id,
      kind: "package",
      status: "awaiting_admin",
      fromProductId: site.product.id,
      toProductId: bigger.id,
      currency: account.currency,
      newAmount: "40.00",
      total: "12.10",
      failureReason: "Resize refused (capacity): no room on the node",
    },
  });
  return { account, service, bigger, upgrade, site };
}

it("lists the changes held for the operator with what they are and why", async () => {
  const { service, upgrade, site } = await held();
  const row = (await listUpgradesAwaitingOperator(op())).find((r) => r.id === upgrade.id);
  expect(row).toMatchObject({ serviceId: service.id, fromProduct: site.product.name, toProduct: "VPS XL", total: "12.10", failureReason: "Resize refused (capacity): no room on the node" });
});

it("complete: the service takes the new plan; a second decision is refused", async () => {
  const { service, bigger, upgrade } = await held();
  expect(await resolveUpgradeByOperator(op(), { upgradeId: upgrade.id, decision: "complete" })).toEqual({ status: "completed", refunded: null });
  expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ productId: bigger.id });
  expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).amount.toFixed(2)).toBe("40.00");
  await expect(resolveUpgradeByOperator(op(), { upgradeId: upgrade.id, decision: "cancel" })).rejects.toThrow(NOT_AWAITING_OPERATOR);
  expect((await listUpgradesAwaitingOperator(op())).some((r) => r.id === upgrade.id)).toBe(false);
});

it("cancel: the charge goes back as credit with a refund ledger row, the plan stays; two operators at once refund once", async () => {
  const { account, service, upgrade, site } = await held();
  const results = await Promise.allSettled([resolveUpgradeByOperator(op(), { upgradeId: upgrade.id, decision: "cancel" }), resolveUpgradeByOperator(op(), { upgradeId: upgrade.id, decision: "cancel" })]);
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  const balance = (await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id } })).creditBalance;
  expect(balance.toFixed(2)).toBe("12.10");
  expect((await ledgerSum(t.db, account.id)).toFixed(2)).toBe("12.10");
  expect(await t.db.creditLedgerEntry.count({ where: { accountId: account.id, kind: "refund" } })).toBe(1);
  expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).productId).toBe(site.product.id);
  expect((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: upgrade.id } })).status).toBe("cancelled");
});

it("retry: back to executing without the failure, for the executor to try again", async () => {
  const { upgrade } = await held();
  expect(await resolveUpgradeByOperator(op(), { upgradeId: upgrade.id, decision: "retry" })).toEqual({ status: "executing", refunded: null });
  expect(await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: upgrade.id } })).toMatchObject({ status: "executing", failureReason: null, resizeJobId: null });
});
