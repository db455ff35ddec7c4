import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/backends/clock";
import { testContext } from "@/lib/backends/testing/backend-test-kit";
import { payInvoiceFromCredit } from "@/lib/billing/pay-invoice-from-credit";
import { openSecret } from "@/lib/crypto/secret-box";
import { Prisma } from "@/lib/generated/prisma/client";
import { inngest } from "@/lib/jobs/client";
import { EmbeddedRunner } from "@/lib/jobs/embedded/embedded-runner";
import { recordingLogger } from "@/lib/jobs/embedded/test-support";
import { createBillingNightlyFunction } from "@/lib/jobs/functions/billing-nightly";
import { TEST_CARDS, testCardToken } from "@/lib/payments/test-card-gateway";
import { cancelService, terminateDueCancellations } from "@/lib/services/lifecycle/cancel-service";
import { runLifecycleVerb } from "@/lib/services/lifecycle/run-lifecycle-verb";
import { serviceContext } from "@/lib/services/service-context";
import { makeActiveService, makeCustomer, makeResellerWithCustomer, makeVpsSite } from "@/lib/services/testing/service-factories";
import { addCredit } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { notifyAccountEvents } from "./notify-account-events";
import { EMAIL_BODY_PURPOSE } from "./queue-email";

// Each account event raised where its fact happens (docs/email.md), checked as the message its
// owner gets: the real domain action, then the notifier, then the EmailMessage rows.

let t: TestDb;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
const origin = "https://portal.example";

beforeAll(async () => {
  t = await createTestDb();
  site = await makeVpsSite(t.db);
  await t.db.vatRate.createMany({ data: [{ countryCode: "NL", ratePercent: new Prisma.Decimal("21"), effectiveFrom: new Date("2020-01-01T00:00:00Z") }], skipDuplicates: true });
});
afterAll(async () => {
  await t?.close();
});

/** The nightly billing function on a runner whose clock the backends share; `night(day)` fires its 02:30 cron that day. */
function nightly() {
  const clock = createManualClock("2026-01-01T00:00:00.000Z");
  const ctx = testContext(t.db, { clock });
  const runner = new EmbeddedRunner({ db: t.db, functions: [createBillingNightlyFunction(() => ctx)], client: inngest, clock: () => clock.now(), logger: recordingLogger(), backoff: () => 1000 });
  const night = async (day: string) => {
    clock.set(new Date(`${day}T02:29:30.000Z`));
    await runner.tick();
    clock.set(new Date(`${day}T02:30:05.000Z`));
    await runner.tick();
    const run = await t.db.jobRun.findFirstOrThrow({ where: { functionId: "rackfront-billing-nightly" }, orderBy: { createdAt: "desc" } });
    expect(run.status).toBe("completed");
    await notifyAccountEvents({ db: t.db, now: clock.now(), origin });
    return run;
  };
  return { clock, ctx, night };
}

const notify = () => notifyAccountEvents({ db: t.db, now: new Date(), origin });
/** What the account's people were sent of `template`: [template, to, subject] per message. */
const sent = async (accountId: string, template: string) =>
  (await t.db.emailMessage.findMany({ where: { accountId, template }, orderBy: { createdAt: "asc" } })).map((m) => [m.template, m.toAddress, m.subject]);
const textOf = async (accountId: string, template: string) => {
  const m = await t.db.emailMessage.findFirstOrThrow({ where: { accountId, template } });
  return (JSON.parse(openSecret(m.sealedBody!, EMAIL_BODY_PURPOSE)) as { text: string }).text;
};
const accountEvents = (accountId: string, type: string) => t.db.outboxEvent.count({ where: { accountId, type: `account.${type}` } });

async function customerWithService(options: { credit?: string; autoCredit?: boolean; nextDueDate?: string } = {}) {
  const c = await makeCustomer(t.db, { country: "NL", credit: options.credit });
  if (options.autoCredit) await t.db.clientAccount.update({ where: { id: c.account.id }, data: { autoCredit: true } });
  const { service } = await makeActiveService(t.db, { accountId: c.account.id, productId: site.product.id, locationId: site.location.id });
  if (options.nextDueDate) await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date(options.nextDueDate) } });
  return { ...c, service, name: service.hostname! };
}

describe("an unpaid renewal", () => {
  it("is overdue once (not the night it falls due, the night after, never again), then the suspension and its lifting are told", async () => {
    const c = await customerWithService({ nextDueDate: "2026-03-10T00:00:00Z" });
    const h = nightly();
    await h.night("2026-03-05"); // raised
    const invoice = await t.db.invoice.findFirstOrThrow({ where: { accountId: c.account.id, orderId: null } });
    expect(await sent(c.account.id, "invoice-raised")).toEqual([["invoice-raised", c.owner.email, `Invoice ${invoice.number}`]]);

    await h.night("2026-03-10"); // due 2.5 hours ago: its day is not over
    expect(await sent(c.account.id, "invoice-overdue")).toEqual([]);
    const run = await h.night("2026-03-11");
    expect(run.output).toMatchObject({ overdueNoticed: 1, suspended: 0 });
    await h.night("2026-03-12");
    await Promise.all([h.night("2026-03-12"), notify()]); // again, and beside another notifier
    expect(await sent(c.account.id, "invoice-overdue")).toEqual([["invoice-overdue", c.owner.email, `Invoice ${invoice.number} is overdue`]]);
    expect(await accountEvents(c.account.id, "invoice.overdue")).toBe(1);
    expect(await textOf(c.account.id, "invoice-overdue")).toContain("will be suspended on 13 Mar 2026");

    await h.night("2026-03-13"); // three grace days
    expect((await t.db.service.findUniqueOrThrow({ where: { id: c.service.id } })).status).toBe("suspended");
    await h.night("2026-03-14");
    expect(await sent(c.account.id, "service-suspended")).toEqual([["service-suspended", c.owner.email, `${c.name} is suspended`]]);
    expect(await textOf(c.account.id, "service-suspended")).toContain(`${c.name} was suspended: its renewal invoice was not paid in time.`);

    await addCredit(t.db, c.account.id, invoice.total.toFixed(2));
    await payInvoiceFromCredit({ db: t.db, now: new Date("2026-03-14T12:00:00Z"), actor: { accountId: c.account.id, userId: c.owner.id, isOwner: true } }, { id: invoice.id });
    await h.night("2026-03-15");
    expect((await t.db.service.findUniqueOrThrow({ where: { id: c.service.id } })).status).toBe("active");
    expect(await sent(c.account.id, "service-unsuspended")).toEqual([["service-unsuspended", c.owner.email, `${c.name} is running again`]]);
    expect(await sent(c.account.id, "payment-received")).toHaveLength(1);
    // Paid: the overdue notice is not repeated, and no second suspension message came.
    expect(await sent(c.account.id, "invoice-overdue")).toHaveLength(1);
    expect(await sent(c.account.id, "service-suspended")).toHaveLength(1);
  });

  it("paid before its day is over is never overdue", async () => {
    const c = await customerWithService({ nextDueDate: "2026-04-10T00:00:00Z", credit: "100.00" });
    const h = nightly();
    await h.night("2026-04-05");
    const invoice = await t.db.invoice.findFirstOrThrow({ where: { accountId: c.account.id, orderId: null } });
    await payInvoiceFromCredit({ db: t.db, now: new Date("2026-04-10T12:00:00Z"), actor: { accountId: c.account.id, userId: c.owner.id, isOwner: true } }, { id: invoice.id });
    await h.night("2026-04-11");
    await h.night("2026-04-14");
    expect(await accountEvents(c.account.id, "invoice.overdue")).toBe(0);
    expect(await sent(c.account.id, "invoice-overdue")).toEqual([]);
  });
});

describe("automatic renewals", () => {
  it("a nightly renewal the auto-credit cannot pay is a failed renewal, told once; one it pays is not", async () => {
    const short = await customerWithService({ nextDueDate: "2026-05-10T00:00:00Z", credit: "1.00", autoCredit: true });
    const covered = await customerWithService({ nextDueDate: "2026-05-10T00:00:00Z", credit: "100.00", autoCredit: true });
    const manual = await customerWithService({ nextDueDate: "2026-05-10T00:00:00Z", credit: "1.00" });
    const h = nightly();
    await h.night("2026-05-04");
    await h.night("2026-05-05");
    expect(await sent(short.account.id, "renewal-failed")).toEqual([["renewal-failed", short.owner.email, `${short.name} could not be renewed`]]);
    expect(await textOf(short.account.id, "renewal-failed")).toContain(`The renewal of ${short.name} failed: your credit balance did not cover it.`);
    expect(await accountEvents(short.account.id, "renewal.failed")).toBe(1);
    expect(await sent(covered.account.id, "renewal-failed")).toEqual([]);
    expect(await sent(covered.account.id, "payment-received")).toHaveLength(1);
    // Without auto-credit nothing was attempted: the invoice is simply due.
    expect(await sent(manual.account.id, "renewal-failed")).toEqual([]);
    expect(await sent(manual.account.id, "invoice-raised")).toHaveLength(1);
  });

  it("a reseller's renewal refused by its saved card is told to the reseller once, however many nights try again", async () => {
    const reseller = await makeResellerWithCustomer(t.db);
    await t.db.clientAccount.update({ where: { id: reseller.account.id }, data: { country: "NL", autoCredit: false } });
    await t.db.paymentMethod.create({
      data: { accountId: reseller.account.id, gateway: "test", label: "Card", cardLastFour: "0002", gatewayToken: testCardToken(TEST_CARDS.declined), isDefault: true },
    });
    const { service } = await makeActiveService(t.db, { accountId: reseller.account.id, productId: site.product.id, locationId: site.location.id, resellerId: reseller.profile.id, resellerCustomerId: reseller.customer.id });
    await t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date("2026-06-10T00:00:00Z") } });
    await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "saved_method" }, update: { paymentMode: "saved_method" } });
    try {
      const h = nightly();
      await h.night("2026-06-05");
      await h.night("2026-06-06");
      await h.night("2026-06-07");
      expect(await t.db.payment.count({ where: { accountId: reseller.account.id, method: "card", status: "failed" } })).toBe(3);
      expect(await sent(reseller.account.id, "renewal-failed")).toEqual([["renewal-failed", reseller.owner.email, `${service.hostname} could not be renewed`]]);
      expect(await textOf(reseller.account.id, "renewal-failed")).toContain("failed: your saved card was refused (Your card was declined).");
    } finally {
      await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "credit" } });
    }
  });
});

describe("lifecycle changes", () => {
  it("suspend, unsuspend and terminate tell a customer's owner, terminate once however often it is asked", async () => {
    const c = await customerWithService();
    const ctx = serviceContext({ db: t.db, actor: { accountId: c.account.id } });
    await runLifecycleVerb(ctx, { serviceId: c.service.id, verb: "suspend", reason: "Abuse report #41" });
    await runLifecycleVerb(ctx, { serviceId: c.service.id, verb: "unsuspend" });
    await runLifecycleVerb(ctx, { serviceId: c.service.id, verb: "terminate" });
    await runLifecycleVerb(ctx, { serviceId: c.service.id, verb: "terminate" });
    await notify();
    await notify();
    expect(await sent(c.account.id, "service-suspended")).toEqual([["service-suspended", c.owner.email, `${c.name} is suspended`]]);
    expect(await textOf(c.account.id, "service-suspended")).toContain(`${c.name} was suspended: Abuse report #41.`);
    expect(await sent(c.account.id, "service-unsuspended")).toEqual([["service-unsuspended", c.owner.email, `${c.name} is running again`]]);
    expect(await sent(c.account.id, "service-terminated")).toEqual([["service-terminated", c.owner.email, `${c.name} was terminated`]]);
    expect(await accountEvents(c.account.id, "service.terminated")).toBe(1);
  });

  it("a reseller account hears by webhook only", async () => {
    const reseller = await makeResellerWithCustomer(t.db);
    const { service } = await makeActiveService(t.db, { accountId: reseller.account.id, productId: site.product.id, locationId: site.location.id, resellerId: reseller.profile.id, resellerCustomerId: reseller.customer.id });
    const ctx = serviceContext({ db: t.db, actor: { accountId: reseller.account.id } });
    await runLifecycleVerb(ctx, { serviceId: service.id, verb: "suspend", reason: "unpaid" });
    await runLifecycleVerb(ctx, { serviceId: service.id, verb: "terminate" });
    expect(await t.db.outboxEvent.count({ where: { resellerId: reseller.profile.id, type: { in: ["service.suspended", "service.terminated"] } } })).toBe(2);
    expect(await t.db.outboxEvent.count({ where: { accountId: reseller.account.id, type: { startsWith: "account.service." } } })).toBe(0);
  });

  it("a cancellation at the end of the term is told once, however often the customer cancels; its termination is told when it comes", async () => {
    const c = await customerWithService({ nextDueDate: "2099-01-10T00:00:00Z" });
    const ctx = serviceContext({ db: t.db, actor: { accountId: c.account.id } });
    const first = await cancelService(ctx, { serviceId: c.service.id, immediate: false, reason: "too slow" });
    const again = await cancelService(ctx, { serviceId: c.service.id, immediate: false, reason: "too expensive" });
    expect(first).toEqual({ cancellation_scheduled_date: "2099-01-10T00:00:00.000Z" });
    expect(again).toEqual(first);
    expect((await t.db.service.findUniqueOrThrow({ where: { id: c.service.id } })).cancellationReason).toBe("too expensive");
    await notify();
    expect(await sent(c.account.id, "cancellation-scheduled")).toEqual([["cancellation-scheduled", c.owner.email, `${c.name} will be cancelled`]]);
    expect(await textOf(c.account.id, "cancellation-scheduled")).toContain("on 10 Jan 2099");
    expect(await accountEvents(c.account.id, "cancellation.scheduled")).toBe(1);

    const sweep = testContext(t.db, { clock: createManualClock("2099-01-10T00:10:00.000Z") });
    await terminateDueCancellations(sweep);
    await terminateDueCancellations(sweep);
    await notify();
    expect(await sent(c.account.id, "service-terminated")).toEqual([["service-terminated", c.owner.email, `${c.name} was terminated`]]);
    expect(await sent(c.account.id, "cancellation-scheduled")).toHaveLength(1);
  });

  it("an immediate cancellation is a termination, not a scheduled one", async () => {
    const c = await customerWithService();
    const ctx = serviceContext({ db: t.db, actor: { accountId: c.account.id } });
    await cancelService(ctx, { serviceId: c.service.id, immediate: true, confirm: c.name });
    await notify();
    expect(await sent(c.account.id, "cancellation-scheduled")).toEqual([]);
    expect(await sent(c.account.id, "service-terminated")).toEqual([["service-terminated", c.owner.email, `${c.name} was terminated`]]);
  });
});
