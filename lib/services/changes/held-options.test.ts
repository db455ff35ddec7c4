import { afterAll, beforeAll, expect, it } from "vitest";
import { raiseAddonRenewal } from "@/lib/billing/renewals/raise-addon-renewal";
import { makeActiveService, makeCustomer, makeVpsSite } from "@/lib/services/testing/service-factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { endHeldOptions, listHeldOptions } from "./held-options";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

it("an own-cycle add-on that ends (removed, or not offered by a new plan) takes its open renewal and untouched document with it", async () => {
  const site = await makeVpsSite(t.db);
  const { account } = await makeCustomer(t.db, { country: "NL" });
  const { service } = await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
  await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date("2026-08-20T00:00:00Z") } });
  const option = await t.db.productOption.create({ data: { name: "Backup space", slug: `backup-h-${service.id.slice(0, 8)}`, pricingType: "recurring" } });
  const own = await t.db.serviceOption.create({ data: { serviceId: service.id, optionId: option.id, status: "active", amount: "5.00", nextDueDate: new Date("2026-08-05T00:00:00Z") } });
  const raised = await raiseAddonRenewal(t.db, own.id, { at: new Date("2026-08-01T02:30:00Z") });
  expect(raised).not.toBeNull();
  const renewal = await t.db.serviceOptionRenewal.findFirstOrThrow({ where: { serviceOptionId: own.id } });
  expect(await t.db.invoice.findUniqueOrThrow({ where: { id: renewal.invoiceId! } })).toMatchObject({ status: "unpaid" });

  const held = await listHeldOptions(t.db, service.id);
  await t.db.$transaction((tx) => endHeldOptions(tx, held, new Date("2026-08-02T00:00:00Z")));

  expect(await t.db.serviceOption.findUniqueOrThrow({ where: { id: own.id } })).toMatchObject({ status: "cancelled" });
  expect(await t.db.serviceOptionRenewal.findUniqueOrThrow({ where: { id: renewal.id } })).toMatchObject({ status: "cancelled" });
  expect(await t.db.invoice.findUniqueOrThrow({ where: { id: renewal.invoiceId! } })).toMatchObject({ status: "cancelled" });
});
