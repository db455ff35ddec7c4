import { afterAll, beforeAll, expect, it } from "vitest";
import { makeInvoice, makeProforma } from "@/lib/billing/testing/billing-factories";
import { makeCustomer } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { listServiceBillingDocuments } from "./list-service-billing-documents";
import { makePendingService, makeVpsSite } from "./testing/service-factories";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t?.close());

it("lists the documents with a line for the service, newest first, and nothing of another account", async () => {
  const { account } = await makeCustomer(t.db);
  const { account: other } = await makeCustomer(t.db);
  const site = await makeVpsSite(t.db);
  const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
  const { service: sibling } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
  const first = await makeInvoice(t.db, { accountId: account.id, lines: [{ amount: "12.00", serviceId: service.id }], issuedAt: new Date("2026-03-01T00:00:00Z") });
  const renewal = await makeInvoice(t.db, { accountId: account.id, lines: [{ amount: "1.00", serviceId: sibling.id }, { amount: "12.00", serviceId: service.id }], issuedAt: new Date("2026-04-01T00:00:00Z") });
  await makeInvoice(t.db, { accountId: account.id, lines: [{ amount: "5.00", serviceId: sibling.id }] });
  const proforma = await makeProforma(t.db, { accountId: account.id, lines: [{ amount: "12.00", serviceId: service.id }] });

  const listed = await listServiceBillingDocuments({ db: t.db, actor: { accountId: account.id } }, { serviceId: service.id });
  expect(listed.invoices.map((i) => i.id)).toEqual([renewal.id, first.id]);
  expect(listed.proformas.map((p) => p.id)).toEqual([proforma.id]);
  await expect(listServiceBillingDocuments({ db: t.db, actor: { accountId: other.id } }, { serviceId: service.id })).rejects.toMatchObject({ kind: "not_found" });
});
