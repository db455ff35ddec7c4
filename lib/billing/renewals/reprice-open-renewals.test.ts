import { afterAll, beforeAll, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { makeCustomer, makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { raiseRenewal } from "./raise-renewal";
import { repriceOpenRenewals } from "./reprice-open-renewals";

let t: TestDb;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
const raisedAt = new Date("2026-05-20T00:00:00.000Z");
const now = new Date("2026-05-25T00:00:00.000Z");
const due = new Date("2026-06-01T00:00:00.000Z");

beforeAll(async () => {
  t = await createTestDb();
  site = await makeVpsSite(t.db);
  await t.db.vatRate.createMany({
    data: [
      { countryCode: "BE", ratePercent: new Prisma.Decimal("6.00"), effectiveFrom: new Date("2020-01-01T00:00:00.000Z") },
      { countryCode: "BE", ratePercent: new Prisma.Decimal("21.00"), effectiveFrom: new Date("2026-05-22T00:00:00.000Z") },
    ],
  });
});
afterAll(async () => t?.close());

/** An active monthly service of a BE account due 1 June, with its renewal raised on 20 May at 6 % VAT. */
async function renewed() {
  const { account } = await makeCustomer(t.db, { country: "BE" });
  const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, status: "active" });
  await t.db.service.update({ where: { id: service.id }, data: { billingCycle: "monthly", amount: new Prisma.Decimal("12.00"), nextDueDate: due } });
  const raised = await raiseRenewal(t.db, service.id, { at: raisedAt, source: "nightly", creditAccountId: null });
  return { service, raised: raised! };
}

const reprice = (serviceId: string) => t.db.$transaction((tx) => repriceOpenRenewals(tx, serviceId, now));

it("re-prices an untouched renewal proforma to the service's amount and re-taxes it at the rate in force now", async () => {
  await t.db.platformSettings.upsert({ where: { id: 1 }, update: { issueProformas: true }, create: { id: 1, issueProformas: true } });
  try {
    const { service, raised } = await renewed();
    expect(raised.document.type).toBe("proforma");
    await t.db.service.update({ where: { id: service.id }, data: { amount: new Prisma.Decimal("20.00") } });
    expect(await reprice(service.id)).toEqual([raised.document.id]);
    const proforma = await t.db.proforma.findUniqueOrThrow({ where: { id: raised.document.id }, include: { items: true } });
    expect(proforma).toMatchObject({ status: "unpaid", subtotal: new Prisma.Decimal("20.00"), vatRate: new Prisma.Decimal("21.00"), vatAmount: new Prisma.Decimal("4.20"), total: new Prisma.Decimal("24.20") });
    expect(proforma.items.map((i) => i.amount.toFixed(2))).toEqual(["20.00"]);
  } finally {
    await t.db.platformSettings.update({ where: { id: 1 }, data: { issueProformas: false } });
  }
});

it("leaves a renewal invoice something was already paid on as it is", async () => {
  const { service, raised } = await renewed();
  expect(raised.document.type).toBe("invoice");
  await t.db.invoice.update({ where: { id: raised.document.id }, data: { paidAmount: new Prisma.Decimal("1.00") } });
  await t.db.service.update({ where: { id: service.id }, data: { amount: new Prisma.Decimal("20.00") } });
  expect(await reprice(service.id)).toEqual([]);
  expect(await t.db.invoice.findUniqueOrThrow({ where: { id: raised.document.id } })).toMatchObject({ subtotal: new Prisma.Decimal("12.00"), vatRate: new Prisma.Decimal("6.00"), total: new Prisma.Decimal("12.72") });
});
