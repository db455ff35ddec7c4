import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSecret } from "@/lib/crypto/secret-box";
import { payInvoiceFromCredit } from "@/lib/billing/pay-invoice-from-credit";
import { placePanelOrder } from "@/lib/orders/place-panel-order";
import { makeCustomer, makeProduct, makeService } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { recordAccountEvent } from "./account-events";
import { EMAIL_MAX_ATTEMPTS } from "./email-retry-schedule";
import { outboxMailer } from "./mailer";
import { notifyAccountEvents } from "./notify-account-events";
import { EMAIL_BODY_PURPOSE, queueEmail } from "./queue-email";
import { sendDueEmails } from "./send-due-emails";
import { createSmtpMailer } from "./smtp-mailer";
import { startSmtpSink } from "./testing/smtp-sink";

let t: TestDb;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const origin = "https://portal.example";
const quiet = { warn: () => undefined };

beforeAll(async () => {
  t = await createTestDb();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
  await t?.close();
});

async function panelOrder(now: Date) {
  const c = await makeCustomer(t.db, { credit: "100.00" });
  const product = await makeProduct(t.db, { kind: "generic", prices: { monthly: "12.00" } });
  const placed = await placePanelOrder(
    { db: t.db, now, actor: { accountId: c.account.id, userId: c.owner.id, isOwner: true }, provision: async () => undefined },
    { productId: product.id, billingCycle: "monthly", location: null, osImageId: null, hostname: null, options: [], sshKeyIds: [], formKey: randomUUID() },
  );
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  return { c, placed: placed.placed };
}

const messagesOf = (accountId: string) => t.db.emailMessage.findMany({ where: { accountId }, orderBy: { template: "asc" } });
/** The message as its reader sees it: quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const serviceOf = async (accountId: string) => makeService(t.db, { accountId, productId: (await makeProduct(t.db, { kind: "generic", prices: { monthly: "5.00" } })).id });
const bodyOf = (sealed: string | null) => JSON.parse(openSecret(sealed!, EMAIL_BODY_PURPOSE)) as { html: string; text: string };

describe("account notifications", () => {
  it("a panel order tells the owner once (order received, invoice raised, then payment received), however often and however many notifiers and senders run", async () => {
    const now = new Date();
    const { c, placed } = await panelOrder(now);
    // Two notifiers and two senders at once, twice over: each fact is one message, handed over once.
    const mailer = createSmtpMailer({ url: sink.url, from: "Example Hosting <billing@example.test>" });
    for (let round = 0; round < 2; round++) {
      await Promise.all([notifyAccountEvents({ db: t.db, now, origin }), notifyAccountEvents({ db: t.db, now, origin })]);
      await Promise.all([sendDueEmails({ db: t.db, mailer, log: quiet }), sendDueEmails({ db: t.db, mailer, log: quiet })]);
    }
    const invoice = await t.db.invoice.findFirstOrThrow({ where: { orderId: placed.order.id } });
    await payInvoiceFromCredit({ db: t.db, now, actor: { accountId: c.account.id, userId: c.owner.id, isOwner: true } }, { id: invoice.id });
    for (let round = 0; round < 2; round++) {
      await Promise.all([notifyAccountEvents({ db: t.db, now, origin }), notifyAccountEvents({ db: t.db, now, origin })]);
      await Promise.all([sendDueEmails({ db: t.db, mailer, log: quiet }), sendDueEmails({ db: t.db, mailer, log: quiet })]);
    }

    const messages = await messagesOf(c.account.id);
    expect(messages.map((m) => [m.template, m.status, m.transport, m.toAddress])).toEqual([
      ["invoice-raised", "sent", "smtp", c.owner.email],
      ["order-received", "sent", "smtp", c.owner.email],
      ["payment-received", "sent", "smtp", c.owner.email],
    ]);
    const mine = sink.received.filter((r) => r.to.includes(c.owner.email));
    expect(mine).toHaveLength(3);
    const invoiceMail = mine.map((r) => ({ raw: decoded(r.raw) })).find((r) => r.raw.includes(`Subject: Invoice ${invoice.number}`))!;
    expect(invoiceMail.raw).toContain("From: Example Hosting <billing@example.test>");
    expect(invoiceMail.raw).toMatch(/Content-Type: text\/plain/);
    expect(invoiceMail.raw).toMatch(/Content-Type: text\/html/);
    expect(invoiceMail.raw).toContain(`${origin}/billing/invoices/${invoice.id}`);
    // Message-ID from the row: a hand-over repeated after a lost answer is recognisably one message.
    const row = messages.find((m) => m.template === "invoice-raised")!;
    expect(invoiceMail.raw).toContain(`Message-ID: <${row.id}@example.test>`);
  });

  it("a customer's opt-out stops the optional messages only", async () => {
    const now = new Date();
    const c = await makeCustomer(t.db);
    await t.db.user.update({ where: { id: c.owner.id }, data: { emailOptOuts: ["order-received", "invoice-raised"] } });
    const service = await serviceOf(c.account.id);
    await t.db.$transaction(async (tx) => {
      await recordAccountEvent(tx, { accountId: c.account.id, type: "service.ready", payload: { serviceId: service.id }, now });
      await recordAccountEvent(tx, { accountId: c.account.id, type: "cancellation.scheduled", payload: { serviceId: service.id }, now });
    });
    await t.db.user.update({ where: { id: c.owner.id }, data: { emailOptOuts: ["service-ready", "cancellation-scheduled"] } });
    await notifyAccountEvents({ db: t.db, now, origin });
    // service-ready is not optional, so the opt-out listing it changes nothing; cancellation-scheduled is.
    expect((await messagesOf(c.account.id)).map((m) => m.template)).toEqual(["service-ready"]);
  });

  it("a body with a one-time link or access details is erased once SMTP has it; the outbox keeps every body", async () => {
    const now = new Date();
    const c = await makeCustomer(t.db);
    const service = await serviceOf(c.account.id);
    await t.db.$transaction((tx) => recordAccountEvent(tx, { accountId: c.account.id, type: "service.ready", payload: { serviceId: service.id }, now }));
    await notifyAccountEvents({ db: t.db, now, origin });
    const queued = (await messagesOf(c.account.id))[0]!;
    expect(bodyOf(queued.sealedBody).text).toContain(`${origin}/services/${service.id}`);
    await sendDueEmails({ db: t.db, mailer: createSmtpMailer({ url: sink.url }), log: quiet });
    expect(await t.db.emailMessage.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({ status: "sent", sealedBody: null });

    const d = await makeCustomer(t.db);
    const other = await serviceOf(d.account.id);
    await t.db.$transaction((tx) => recordAccountEvent(tx, { accountId: d.account.id, type: "service.ready", payload: { serviceId: other.id }, now }));
    await notifyAccountEvents({ db: t.db, now, origin });
    await sendDueEmails({ db: t.db, mailer: outboxMailer, log: quiet });
    const kept = (await messagesOf(d.account.id))[0]!;
    expect(kept).toMatchObject({ status: "sent", transport: "outbox" });
    expect(bodyOf(kept.sealedBody).html).toContain(`${origin}/services/${other.id}`);
  });

  it("a refused message is retried with backoff, then given up after the last attempt", async () => {
    let now = new Date("2030-01-01T00:00:00Z");
    const to = `refused-${randomUUID()}@example.test`;
    await queueEmail(t.db, { dedupeKey: `test:${to}`, template: "email-change-notice", to, data: { name: "A", newEmail: "b@example.test" }, now });
    const mailer = createSmtpMailer({ url: sink.url });
    sink.refuse = true;
    try {
      const first = await sendDueEmails({ db: t.db, mailer, clock: () => now, log: quiet });
      expect(first).toMatchObject({ sent: 0, retrying: 1 });
      let row = await t.db.emailMessage.findFirstOrThrow({ where: { toAddress: to } });
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.lastError).toMatch(/Mailbox unavailable/);
      expect(row.nextAttemptAt.getTime() - now.getTime()).toBe(60_000);
      // Not due yet: nothing happens.
      expect(await sendDueEmails({ db: t.db, mailer, clock: () => now, log: quiet })).toMatchObject({ retrying: 0 });
      for (let attempt = 2; attempt <= EMAIL_MAX_ATTEMPTS; attempt++) {
        now = new Date(row.nextAttemptAt.getTime() + 1000);
        await sendDueEmails({ db: t.db, mailer, clock: () => now, log: quiet });
        row = await t.db.emailMessage.findFirstOrThrow({ where: { toAddress: to } });
      }
      expect(row).toMatchObject({ status: "failed", attempts: EMAIL_MAX_ATTEMPTS });
    } finally {
      sink.refuse = false;
    }
  });

  it("a message whose sender died is taken up again when the lease lapses, not before", async () => {
    const now = new Date("2031-01-01T00:00:00Z");
    const to = `lease-${randomUUID()}@example.test`;
    await queueEmail(t.db, { dedupeKey: `test:${to}`, template: "email-change-notice", to, data: { name: "A", newEmail: "b@example.test" }, now });
    // A sender claims it and dies before handing it over.
    await t.db.emailMessage.updateMany({ where: { toAddress: to }, data: { status: "sending", attempts: 1, leaseUntil: new Date(now.getTime() + 120_000) } });
    const mailer = createSmtpMailer({ url: sink.url });
    await sendDueEmails({ db: t.db, mailer, clock: () => now, log: quiet });
    expect(sink.received.filter((r) => r.to.includes(to))).toHaveLength(0);
    const later = new Date(now.getTime() + 121_000);
    await sendDueEmails({ db: t.db, mailer, clock: () => later, log: quiet });
    expect(sink.received.filter((r) => r.to.includes(to))).toHaveLength(1);
    expect(await t.db.emailMessage.findFirstOrThrow({ where: { toAddress: to } })).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("queueing the same key twice writes one message", async () => {
    const now = new Date();
    const to = `twice-${randomUUID()}@example.test`;
    const queue = () => queueEmail(t.db, { dedupeKey: `test:${to}`, template: "email-change-notice", to, data: { name: "A", newEmail: "b@example.test" }, now });
    expect(await Promise.all([queue(), queue(), queue()])).toEqual(expect.arrayContaining([true, false, false]));
    expect(await t.db.emailMessage.count({ where: { toAddress: to } })).toBe(1);
  });

});
