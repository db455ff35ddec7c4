import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/backends/clock";
import { testContext } from "@/lib/backends/testing/backend-test-kit";
import { payInvoiceFromCredit } from "@/lib/billing/pay-invoice-from-credit";
import { payProformaFromCredit } from "@/lib/billing/pay-proforma-from-credit";
import { chargeHourlyServices, chargeServiceHours, HOURLY_SELECT } from "@/lib/billing/renewals/charge-hourly-services";
import { raiseDueRenewals } from "@/lib/billing/renewals/raise-due-renewals";
import { raiseRenewal } from "@/lib/billing/renewals/raise-renewal";
import { raiseAddonRenewal } from "@/lib/billing/renewals/raise-addon-renewal";
import { ledgerSum } from "@/lib/billing/testing/billing-factories";
import { Prisma } from "@/lib/generated/prisma/client";
import { makeActiveService, makeCustomer, makePendingService, makeResellerWithCustomer, makeVpsSite } from "@/lib/services/testing/service-factories";
import { addCredit } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { DECLINED_REASON, TEST_CARDS, testCardToken } from "@/lib/payments/test-card-gateway";
import { inngest } from "../client";
import { EmbeddedRunner } from "../embedded/embedded-runner";
import { recordingLogger } from "../embedded/test-support";
import { functions } from "../functions";
import { billingHourly, createBillingHourlyFunction } from "./billing-hourly";
import { createTerminateCancelledServicesFunction } from "./terminate-cancelled-services";
import { runLifecycleVerb } from "@/lib/services/lifecycle/run-lifecycle-verb";
import { serviceContext } from "@/lib/services/service-context";
import { billingNightly, createBillingNightlyFunction } from "./billing-nightly";

let t: TestDb;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
beforeAll(async () => {
  t = await createTestDb();
  site = await makeVpsSite(t.db);
  await t.db.vatRate.createMany({ data: [{ countryCode: "NL", ratePercent: new Prisma.Decimal("21"), effectiveFrom: new Date("2020-01-01T00:00:00Z") }], skipDuplicates: true });
});
afterAll(async () => {
  await t?.close();
});

/** The nightly function on a runner whose clock is shared with the backends; `night(day)` fires its 02:30 cron on that day. */
function harness() {
  const clock = createManualClock("2026-01-01T00:00:00.000Z");
  const ctx = testContext(t.db, { clock });
  const fn = createBillingNightlyFunction(() => ctx);
  const runner = new EmbeddedRunner({ db: t.db, functions: [fn], client: inngest, clock: () => clock.now(), logger: recordingLogger(), backoff: () => 1000 });
  const night = async (day: string) => {
    clock.set(new Date(`${day}T02:29:30.000Z`));
    await runner.tick();
    clock.set(new Date(`${day}T02:30:05.000Z`));
    await runner.tick();
    const run = await t.db.jobRun.findFirstOrThrow({ where: { functionId: "rackfront-billing-nightly" }, orderBy: { createdAt: "desc" } });
    expect(run.status).toBe("completed");
    return run;
  };
  return { clock, ctx, night };
}

const renewalInvoices = (serviceId: string) =>
  t.db.invoice.findMany({ where: { items: { some: { serviceId } }, orderId: null }, include: { items: true }, orderBy: { issuedAt: "asc" } });

const owner = (account: { id: string; ownerId: string }) => ({ accountId: account.id, userId: account.ownerId, isOwner: true });

it("is registered with the app's functions, daily at 02:30", () => {
  expect(functions).toContain(billingNightly);
  expect(functions).toContain(billingHourly);
});

describe("renewal documents", () => {
  it("raises one invoice per service and period within the lead time, however often it runs, and payment moves the due date on", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL" });
    const { service } = await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date("2026-03-15T00:00:00Z") } });
    const h = harness();

    await h.night("2026-03-07"); // 7 days 21.5 hours before: not yet
    expect(await renewalInvoices(service.id)).toHaveLength(0);

    await h.night("2026-03-08");
    await h.night("2026-03-09"); // a second night finds the period claimed
    await Promise.all([raiseDueRenewals(h.ctx), raiseDueRenewals(h.ctx), raiseDueRenewals(h.ctx)]); // and so do parallel runs
    // The database settles it, not the runs' pre-filter: direct, parallel attempts at the period raise nothing.
    const at = h.clock.now();
    expect(await Promise.all([1, 2, 3].map(() => raiseRenewal(t.db, service.id, { at, source: "nightly" })))).toEqual([null, null, null]);
    const invoices = await renewalInvoices(service.id);
    expect(invoices).toHaveLength(1);
    const invoice = invoices[0]!;
    expect(invoice.number).toMatch(/^INV-2026-\d{6}$/);
    expect(invoice).toMatchObject({ status: "unpaid", currency: "EUR", dueDate: new Date("2026-03-15T00:00:00Z"), issuedAt: new Date("2026-03-08T02:30:05Z") });
    expect([invoice.subtotal.toFixed(2), invoice.vatRate.toFixed(2), invoice.vatAmount.toFixed(2), invoice.total.toFixed(2)]).toEqual(["12.00", "21.00", "2.52", "14.52"]);
    expect(invoice.items).toHaveLength(1);
    expect(invoice.items[0]!.description).toContain("2026-03-15 to 2026-04-15");
    expect(await t.db.serviceRenewal.findMany({ where: { serviceId: service.id } })).toMatchObject([
      { periodStart: new Date("2026-03-15T00:00:00Z"), periodEnd: new Date("2026-04-15T00:00:00Z"), status: "open", invoiceId: invoice.id, source: "nightly" },
    ]);

    await addCredit(t.db, account.id, "20.00");
    const paid = await payInvoiceFromCredit({ db: t.db, now: new Date("2026-03-10T09:00:00Z"), actor: owner(account) }, { id: invoice.id });
    expect(paid.invoicePaid).toBe(true);
    const after = await t.db.service.findUniqueOrThrow({ where: { id: service.id } });
    expect(after).toMatchObject({ status: "active", nextDueDate: new Date("2026-04-15T00:00:00Z") });
    expect(await t.db.serviceRenewal.findFirstOrThrow({ where: { serviceId: service.id } })).toMatchObject({ status: "paid" });
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id } })).creditBalance.toFixed(2)).toBe("5.48");
    expect((await ledgerSum(t.db, account.id)).toFixed(4)).toBe("5.4800");

    // The next period is raised in its own lead time, once.
    await h.night("2026-04-09");
    await h.night("2026-04-10");
    const next = await renewalInvoices(service.id);
    expect(next).toHaveLength(2);
    expect(next[1]!.items[0]!.description).toContain("2026-04-15 to 2026-05-15");
  });

  it("pays the renewal from credit at once when the account has auto-credit on", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL", credit: "100.00" });
    await t.db.clientAccount.update({ where: { id: account.id }, data: { autoCredit: true } });
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, status: "active" });
    await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date("2026-03-20T00:00:00Z") } });
    const h = harness();
    await h.night("2026-03-14");
    const [invoice] = await renewalInvoices(service.id);
    expect(invoice).toMatchObject({ status: "paid" });
    expect(invoice!.paidAmount.toFixed(2)).toBe("14.52");
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).nextDueDate).toEqual(new Date("2026-04-20T00:00:00Z"));
    const balance = (await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id } })).creditBalance;
    expect(balance.toFixed(2)).toBe("85.48");
    expect((await ledgerSum(t.db, account.id)).equals(balance)).toBe(true);
  });

  it("raises a proforma on proforma-first platforms; paying it converts it and renews the service", async () => {
    const before = await t.db.platformSettings.findUnique({ where: { id: 1 } });
    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, issueProformas: true }, update: { issueProformas: true } });
    try {
      const { account } = await makeCustomer(t.db, { country: "NL", credit: "20.00" });
      const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, status: "active" });
      await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date("2026-09-30T00:00:00Z") } });
      const h = harness();
      await h.night("2026-09-25");
      const proformas = await t.db.proforma.findMany({ where: { items: { some: { serviceId: service.id } } } });
      expect(proformas).toHaveLength(1);
      expect(proformas[0]).toMatchObject({ status: "unpaid", dueDate: new Date("2026-09-30T00:00:00Z") });
      expect(proformas[0]!.number).toMatch(/^PRO-2026-/);
      expect(await renewalInvoices(service.id)).toHaveLength(0);

      const paid = await payProformaFromCredit({ db: t.db, now: new Date("2026-09-26T00:00:00Z"), actor: owner(account) }, { id: proformas[0]!.id });
      expect(paid.proformaPaid).toBe(true);
      expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).nextDueDate).toEqual(new Date("2026-10-30T00:00:00Z"));
      expect(await t.db.serviceRenewal.findFirstOrThrow({ where: { serviceId: service.id } })).toMatchObject({ status: "paid", proformaId: proformas[0]!.id });
    } finally {
      await t.db.platformSettings.update({ where: { id: 1 }, data: { issueProformas: before?.issueProformas ?? false } });
    }
  });

  it("never renews a service whose cancellation is scheduled for the end of its paid period", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL" });
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, status: "active" });
    const due = new Date("2026-03-25T00:00:00Z");
    await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: due, cancellationScheduledDate: due } });
    const h = harness();
    await h.night("2026-03-19");
    await h.night("2026-03-26");
    expect(await renewalInvoices(service.id)).toHaveLength(0);
    expect(await t.db.serviceRenewal.count({ where: { serviceId: service.id } })).toBe(0);
    // The night after its paid period ended, the nightly run carries the cancellation out itself.
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ status: "terminated", cancellationReason: "cancelled at the end of the paid period" });
  });
});

describe("the hourly and cancellation crons", () => {
  it("billing-hourly charges an hourly service at :07 of each hour through the runner", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL", credit: "2.00" });
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, status: "active" });
    await t.db.service.update({ where: { id: service.id }, data: { billingCycle: "hourly", amount: new Prisma.Decimal("0.0500"), deliveredAt: new Date("2026-10-01T10:00:00Z") } });
    const clock = createManualClock("2026-10-01T10:00:00.000Z");
    const ctx = testContext(t.db, { clock });
    const runner = new EmbeddedRunner({ db: t.db, functions: [createBillingHourlyFunction(() => ctx)], client: inngest, clock: () => clock.now(), logger: recordingLogger(), backoff: () => 1000 });
    for (const at of ["2026-10-01T12:06:30Z", "2026-10-01T12:07:05Z", "2026-10-01T13:06:30Z", "2026-10-01T13:07:05Z"]) {
      clock.set(new Date(at));
      await runner.tick();
    }
    const charges = await t.db.creditLedgerEntry.findMany({ where: { accountId: account.id, kind: "hourly_charge" }, orderBy: { createdAt: "asc" } });
    expect(charges.map((c) => c.amount.toFixed(2))).toEqual(["-0.10", "-0.05"]); // 10:00 → 12:00, then 12:00 → 13:00
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).hourlyChargedUntil).toEqual(new Date("2026-10-01T13:00:00Z"));
  });

  it("terminate-cancelled-services ends a service within ten minutes of its scheduled date through the runner", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL" });
    const { service } = await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date("2026-11-10T00:00:00Z"), cancellationScheduledDate: new Date("2026-11-10T00:00:00Z") } });
    const clock = createManualClock("2026-11-09T23:49:00.000Z");
    const ctx = testContext(t.db, { clock });
    const runner = new EmbeddedRunner({ db: t.db, functions: [createTerminateCancelledServicesFunction(() => ctx)], client: inngest, clock: () => clock.now(), logger: recordingLogger(), backoff: () => 1000 });
    await runner.tick();
    clock.set(new Date("2026-11-09T23:50:05Z"));
    await runner.tick();
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).status).toBe("active");
    clock.set(new Date("2026-11-10T00:00:05Z"));
    await runner.tick();
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ status: "terminated", terminatedAt: new Date("2026-11-10T00:00:05Z") });
  });
});

describe("renewals of a reseller's services", () => {
  it("are paid from the reseller's credit in the programme's credit mode, and left open in invoice mode", async () => {
    const reseller = await makeResellerWithCustomer(t.db);
    await t.db.clientAccount.update({ where: { id: reseller.account.id }, data: { country: "NL", autoCredit: false } });
    await addCredit(t.db, reseller.account.id, "100.00");
    const make = async (externalOrderId: string, due: string) => {
      const { service } = await makeActiveService(t.db, {
        accountId: reseller.account.id,
        productId: site.product.id,
        locationId: site.location.id,
        resellerId: reseller.profile.id,
        resellerCustomerId: reseller.customer.id,
        externalOrderId,
      });
      await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date(due) } });
      return service;
    };
    await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "credit" }, update: { paymentMode: "credit" } });
    const credit = await make("ext-credit-renew", "2026-06-10T00:00:00Z");
    const h = harness();
    await h.night("2026-06-05");
    const [paid] = await renewalInvoices(credit.id);
    expect(paid).toMatchObject({ status: "paid" });
    const balance = (await t.db.clientAccount.findUniqueOrThrow({ where: { id: reseller.account.id } })).creditBalance;
    expect(balance.toFixed(2)).toBe(new Prisma.Decimal("100.00").minus(paid!.total).toFixed(2));
    expect((await ledgerSum(t.db, reseller.account.id)).toFixed(2)).toBe(balance.toFixed(2));

    await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "invoice" } });
    const invoiced = await make("ext-invoice-renew", "2026-07-10T00:00:00Z");
    await h.night("2026-07-05");
    expect(await renewalInvoices(invoiced.id)).toMatchObject([{ status: "unpaid" }]);
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: reseller.account.id } })).creditBalance.toFixed(2)).toBe(balance.toFixed(2));
    await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "credit" } });
  });
});

describe("renewals of a saved_method reseller", () => {
  it("are charged to the reseller's default card the night they are raised, and the service moves on; a refused card leaves them open", async () => {
    const reseller = await makeResellerWithCustomer(t.db);
    await t.db.clientAccount.update({ where: { id: reseller.account.id }, data: { country: "NL", autoCredit: false } });
    const card = await t.db.paymentMethod.create({
      data: { accountId: reseller.account.id, gateway: "test", label: "Card", cardLastFour: "4242", gatewayToken: testCardToken(TEST_CARDS.success), isDefault: true },
    });
    const make = async (due: string) => {
      const { service } = await makeActiveService(t.db, { accountId: reseller.account.id, productId: site.product.id, locationId: site.location.id, resellerId: reseller.profile.id, resellerCustomerId: reseller.customer.id });
      await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date(due) } });
      return service;
    };
    await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "saved_method" }, update: { paymentMode: "saved_method" } });
    try {
      const paidByCard = await make("2026-10-10T00:00:00Z");
      const h = harness();
      const run = await h.night("2026-10-05");
      expect(run.output).toMatchObject({ byCard: { paid: 1, failed: 0 } });
      const [invoice] = await renewalInvoices(paidByCard.id);
      expect(invoice).toMatchObject({ status: "paid" });
      expect(await t.db.payment.findMany({ where: { invoiceId: invoice!.id }, select: { method: true, status: true, amount: true, paymentMethodId: true } })).toEqual([
        { method: "card", status: "paid", amount: invoice!.total, paymentMethodId: card.id },
      ]);
      expect((await t.db.service.findUniqueOrThrow({ where: { id: paidByCard.id } })).nextDueDate).toEqual(new Date("2026-11-10T00:00:00Z"));
      expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: reseller.account.id } })).creditBalance.toFixed(2)).toBe("0.00");

      await t.db.paymentMethod.update({ where: { id: card.id }, data: { gatewayToken: testCardToken(TEST_CARDS.declined), cardLastFour: "0002" } });
      const refused = await make("2026-12-10T00:00:00Z");
      await h.night("2026-12-05");
      await h.night("2026-12-06"); // tried again the next night
      const [open] = await renewalInvoices(refused.id);
      expect(open).toMatchObject({ status: "unpaid" });
      expect(await t.db.payment.findMany({ where: { invoiceId: open!.id }, select: { status: true, failureReason: true } })).toEqual([
        { status: "failed", failureReason: DECLINED_REASON },
        { status: "failed", failureReason: DECLINED_REASON },
      ]);
      expect((await t.db.service.findUniqueOrThrow({ where: { id: refused.id } })).nextDueDate).toEqual(new Date("2026-12-10T00:00:00Z"));
    } finally {
      await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "credit" } });
    }
  });
});

describe("add-ons on their own cycle", () => {
  it("are renewed on their own date by a document of their own, once; paying moves the add-on on; the service's renewal carries only the co-terminous ones", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL" });
    await addCredit(t.db, account.id, "50.00");
    const { service } = await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date("2026-08-20T00:00:00Z") } });
    const option = await t.db.productOption.create({ data: { name: "Backup space", slug: `backup-${service.id.slice(0, 8)}`, pricingType: "recurring" } });
    const own = await t.db.serviceOption.create({ data: { serviceId: service.id, optionId: option.id, quantity: 2, status: "active", amount: "5.00", nextDueDate: new Date("2026-08-05T00:00:00Z") } });
    const along = await t.db.serviceOption.create({ data: { serviceId: service.id, optionId: option.id, status: "active", amount: "2.00", nextDueDate: new Date("2026-08-20T00:00:00Z") } });
    const h = harness();

    await h.night("2026-07-30");
    await Promise.all([raiseDueRenewals(h.ctx), raiseDueRenewals(h.ctx)]);
    expect(await raiseAddonRenewal(t.db, own.id, { at: h.clock.now() })).toBeNull();
    expect(await raiseAddonRenewal(t.db, along.id, { at: h.clock.now() })).toBeNull(); // due with its service
    const [addonInvoice, ...more] = await renewalInvoices(service.id);
    expect(more).toHaveLength(0);
    expect(addonInvoice!.items.map((i) => i.description)).toEqual([`Renewal: 2× Backup space (monthly) — ${service.hostname ?? service.name}, 2026-08-05 to 2026-09-05`]);
    expect(addonInvoice).toMatchObject({ status: "unpaid", dueDate: new Date("2026-08-05T00:00:00Z") });
    expect(addonInvoice!.total.toFixed(2)).toBe("6.05"); // 5.00 + 21% VAT

    await payInvoiceFromCredit({ db: t.db, now: new Date("2026-08-01T00:00:00Z"), actor: owner(account) }, { id: addonInvoice!.id });
    expect((await t.db.serviceOption.findUniqueOrThrow({ where: { id: own.id } })).nextDueDate).toEqual(new Date("2026-09-05T00:00:00Z"));
    expect((await t.db.serviceOption.findUniqueOrThrow({ where: { id: along.id } })).nextDueDate).toEqual(new Date("2026-08-20T00:00:00Z"));

    await h.night("2026-08-13");
    const serviceRenewal = (await renewalInvoices(service.id)).at(-1)!;
    expect(serviceRenewal.id).not.toBe(addonInvoice!.id);
    expect(serviceRenewal.items).toHaveLength(2); // the service and the co-terminous add-on
    expect(serviceRenewal.items[1]!.description).toMatch(/^Renewal: Backup space — /);
  });

  it("an own-cycle add-on left unpaid past the grace days ends, with its document; the service keeps running", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL" });
    const { service } = await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date("2026-10-25T00:00:00Z") } });
    const option = await t.db.productOption.create({ data: { name: "Extra IP", slug: `ip-${service.id.slice(0, 8)}`, pricingType: "recurring" } });
    const own = await t.db.serviceOption.create({ data: { serviceId: service.id, optionId: option.id, status: "active", amount: "3.00", nextDueDate: new Date("2026-10-05T00:00:00Z") } });
    const h = harness();
    await h.night("2026-10-01");
    const [invoice] = await renewalInvoices(service.id);
    expect(invoice).toMatchObject({ status: "unpaid" });
    await h.night("2026-10-07"); // 2 days 2.5 hours past due: within the 3 grace days
    expect((await t.db.serviceOption.findUniqueOrThrow({ where: { id: own.id } })).status).toBe("active");
    await h.night("2026-10-08");
    expect(await t.db.serviceOption.findUniqueOrThrow({ where: { id: own.id } })).toMatchObject({ status: "cancelled", terminationDate: new Date("2026-10-08T02:30:05Z") });
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice!.id } })).status).toBe("cancelled");
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).status).toBe("active");
  });
});

describe("overdue renewals", () => {
  it("suspends after the grace days with service.suspended (reason overdue), and paying unsuspends it with the machine", async () => {
    const reseller = await makeResellerWithCustomer(t.db);
    await t.db.clientAccount.update({ where: { id: reseller.account.id }, data: { country: "NL" } });
    const { service, order } = await makeActiveService(t.db, {
      accountId: reseller.account.id,
      productId: site.product.id,
      locationId: site.location.id,
      resellerId: reseller.profile.id,
      resellerCustomerId: reseller.customer.id,
      externalOrderId: "ext-renew-1",
    });
    await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date("2026-05-10T10:00:00Z") } });
    const h = harness();
    await h.night("2026-05-05");
    const [invoice] = await renewalInvoices(service.id);
    expect(invoice).toMatchObject({ status: "unpaid", dueDate: new Date("2026-05-10T10:00:00Z") });

    await h.night("2026-05-13"); // 2 days 16 hours past due: within the 3 grace days
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).status).toBe("active");

    await h.night("2026-05-14");
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ status: "suspended", suspendReason: "overdue" });
    const stop = await t.db.backendJob.findFirst({ where: { vm: { serviceId: service.id } }, orderBy: { createdAt: "desc" } });
    expect(stop?.operation).toBe("stop");
    const events = await t.db.outboxEvent.findMany({ where: { resellerId: reseller.profile.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["service.provisioned", "service.suspended"]);
    expect(events[1]!.payload).toMatchObject({
      serviceId: service.id,
      orderId: order.id,
      externalOrderId: "ext-renew-1",
      externalCustomerId: reseller.customer.externalCustomerId,
      status: "suspended",
      hostname: service.hostname,
      reason: "overdue",
    });
    expect((events[1]!.payload as { serverIp: string | null }).serverIp).toMatch(/^\d+\.\d+\.\d+\.\d+$/);

    await h.night("2026-05-15"); // suspended once
    expect(await t.db.outboxEvent.count({ where: { resellerId: reseller.profile.id, type: "service.suspended" } })).toBe(1);

    await addCredit(t.db, reseller.account.id, "14.52");
    await payInvoiceFromCredit({ db: t.db, now: new Date("2026-05-15T12:00:00Z"), actor: owner(reseller.account) }, { id: invoice!.id });
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({
      status: "active",
      suspendReason: null,
      nextDueDate: new Date("2026-06-10T10:00:00Z"),
    });
    const start = await t.db.backendJob.findFirst({ where: { vm: { serviceId: service.id } }, orderBy: { createdAt: "desc" } });
    expect(start?.operation).toBe("start");
    const unsuspended = await t.db.outboxEvent.findFirstOrThrow({ where: { resellerId: reseller.profile.id, type: "service.unsuspended" } });
    expect(unsuspended.payload).toMatchObject({ serviceId: service.id, status: "active", reason: "overdue" });
  });

  it("leaves a service suspended by its reseller suspended when the renewal is paid", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL", credit: "50.00" });
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, status: "suspended" });
    await t.db.service.update({ where: { id: service.id }, data: { suspendReason: "abuse", nextDueDate: new Date("2026-06-20T00:00:00Z") } });
    const h = harness();
    await h.night("2026-06-15");
    const [invoice] = await renewalInvoices(service.id);
    await payInvoiceFromCredit({ db: t.db, now: new Date("2026-06-16T00:00:00Z"), actor: owner(account) }, { id: invoice!.id });
    await h.night("2026-06-17");
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ status: "suspended", suspendReason: "abuse", nextDueDate: new Date("2026-07-20T00:00:00Z") });
  });
});

describe("hourly services", () => {
  it("charges whole hours from credit to the cent, hours summed before rounding; suspends when the credit runs out and resumes once it can charge again", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL", credit: "1.30" });
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, status: "active" });
    await t.db.service.update({
      where: { id: service.id },
      data: { billingCycle: "hourly", amount: new Prisma.Decimal("0.0137"), deliveredAt: new Date("2026-08-01T00:30:00Z") },
    });
    const h = harness();
    const balance = async () => {
      const b = (await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id } })).creditBalance;
      expect((await ledgerSum(t.db, account.id)).equals(b)).toBe(true);
      return b.toFixed(4);
    };

    await h.night("2026-08-02"); // 00:30 → 02:30 next day: 26 h × 0.0137 = 0.3562 → 0.36
    expect(await balance()).toBe("0.9400");
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).hourlyChargedUntil).toEqual(new Date("2026-08-02T02:30:00Z"));

    // Two runs at once charge the hours once (50 h: 0.685 → 0.69, less the 0.36 charged: 0.33), also when both read the service before either charged.
    h.clock.set(new Date("2026-08-03T02:45:00Z"));
    const read = await t.db.service.findUniqueOrThrow({ where: { id: service.id }, select: HOURLY_SELECT });
    const both = await Promise.all([chargeServiceHours(h.ctx, read), chargeServiceHours(h.ctx, read)]);
    expect(both.filter((r) => r.charged !== null)).toHaveLength(1);
    await chargeHourlyServices(h.ctx); // and a whole run right after finds nothing left to charge
    expect(await balance()).toBe("0.6100");
    const charges = await t.db.creditLedgerEntry.findMany({ where: { accountId: account.id, kind: "hourly_charge" }, orderBy: { createdAt: "asc" } });
    expect(charges.map((c) => c.amount.toFixed(2))).toEqual(["-0.36", "-0.33"]);

    // 24 h more: 74 h cost 1.0138 → 1.01, less the 0.69 charged: 0.32 (rounding each run's 0.3288 on its own would charge 0.33 again).
    await h.night("2026-08-04");
    expect(await balance()).toBe("0.2900");
    await h.night("2026-08-05"); // 24 h more: 98 h = 1.3426 → 1.34 − 1.01 = 0.33 > 0.29: nothing charged, suspended
    expect(await balance()).toBe("0.2900");
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ status: "suspended", suspendReason: "credit_exhausted" });

    await addCredit(t.db, account.id, "5.00");
    await h.night("2026-08-06"); // 48 h owed: 122 h = 1.6714 → 1.67 − 1.01 = 0.66
    expect(await balance()).toBe("4.6300");
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ status: "active", suspendReason: null });
    expect(await t.db.creditLedgerEntry.count({ where: { accountId: account.id, kind: "hourly_charge" } })).toBe(4);
    // Every charge together is the 122 hours at 0.0137 rounded once: 1.67.
    const all = await t.db.creditLedgerEntry.findMany({ where: { accountId: account.id, kind: "hourly_charge" } });
    expect(all.reduce((s, c) => s.plus(c.amount), new Prisma.Decimal(0)).toFixed(2)).toBe("-1.67");
  });
});

// Nights in 2027: the runs of one function are ordered by the runner clock, so these come after every night above.
describe("termination", () => {
  it("cancels the open renewal and its untouched document, and nothing is raised or charged for the service afterwards", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL" });
    const { service } = await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date("2027-05-20T00:00:00Z") } });
    const option = await t.db.productOption.create({ data: { name: "Extra IP", slug: `ip-t-${service.id.slice(0, 8)}`, pricingType: "recurring" } });
    await t.db.serviceOption.create({ data: { serviceId: service.id, optionId: option.id, status: "active", amount: "3.00", nextDueDate: new Date("2027-05-16T00:00:00Z") } });
    const h = harness();
    await h.night("2027-05-14");
    const raised = await renewalInvoices(service.id);
    expect(raised.map((i) => i.status)).toEqual(["unpaid", "unpaid"]); // the add-on's own period and the service's

    const result = await runLifecycleVerb(serviceContext({ ...h.ctx, actor: { accountId: account.id } }), { serviceId: service.id, verb: "terminate", reason: "customer left" });
    expect(result.status).toBe("terminated");
    expect((await renewalInvoices(service.id)).map((i) => i.status)).toEqual(["cancelled", "cancelled"]);
    expect(await t.db.serviceRenewal.findMany({ where: { serviceId: service.id }, select: { status: true } })).toEqual([{ status: "cancelled" }]);
    expect(await t.db.serviceOptionRenewal.findMany({ where: { serviceOption: { serviceId: service.id } }, select: { status: true } })).toEqual([{ status: "cancelled" }]);

    // Later nights: no new period, no suspension of a terminated service.
    await h.night("2027-06-14");
    await h.night("2027-06-20");
    expect(await renewalInvoices(service.id)).toHaveLength(2);
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).status).toBe("terminated");
  });

  it("leaves a document that was partly paid open (its renewal is cancelled, so paying the rest renews nothing)", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL", credit: "5.00" });
    const { service } = await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date("2027-07-20T00:00:00Z") } });
    const h = harness();
    await h.night("2027-07-14");
    const [invoice] = await renewalInvoices(service.id);
    await payInvoiceFromCredit({ db: t.db, now: new Date("2027-07-15T00:00:00Z"), actor: owner(account) }, { id: invoice!.id, amount: new Prisma.Decimal("5.00") });
    await runLifecycleVerb(serviceContext({ ...h.ctx, actor: { accountId: account.id } }), { serviceId: service.id, verb: "terminate" });
    expect(await t.db.invoice.findUniqueOrThrow({ where: { id: invoice!.id } })).toMatchObject({ status: "unpaid" });
    expect(await t.db.serviceRenewal.findFirstOrThrow({ where: { serviceId: service.id } })).toMatchObject({ status: "cancelled" });
  });

  it("stops the hourly charges of a terminated hourly service", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL", credit: "10.00" });
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, status: "active" });
    await t.db.service.update({ where: { id: service.id }, data: { billingCycle: "hourly", amount: new Prisma.Decimal("0.0137"), deliveredAt: new Date("2027-09-01T00:30:00Z") } });
    const h = harness();
    await h.night("2027-09-02");
    expect(await t.db.creditLedgerEntry.count({ where: { accountId: account.id, kind: "hourly_charge" } })).toBe(1);
    await runLifecycleVerb(serviceContext({ ...h.ctx, actor: { accountId: account.id } }), { serviceId: service.id, verb: "terminate" });
    await h.night("2027-09-03");
    await h.night("2027-09-04");
    expect(await t.db.creditLedgerEntry.count({ where: { accountId: account.id, kind: "hourly_charge" } })).toBe(1);
  });
});
