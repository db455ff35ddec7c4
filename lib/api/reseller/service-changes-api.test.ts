import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createManualClock } from "@/lib/backends/clock";
import { settle, testContext } from "@/lib/backends/testing/backend-test-kit";
import { ledgerSum } from "@/lib/billing/testing/billing-factories";
import { payInvoiceFromCredit } from "@/lib/billing/pay-invoice-from-credit";
import { addCredit } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { MIGRATIONS_DIR } from "@/lib/db/migrations-dir";
import { makeActiveService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { makeAddon, makeUpgradePlan } from "@/lib/services/changes/testing/change-factories";
import { advanceServiceUpgrade } from "@/lib/services/changes/execute-service-upgrade";
import { NO_UPGRADE_PATH, UPGRADE_IN_PROGRESS } from "@/lib/services/changes/package-change";
import { SERVICE_NOT_CHANGEABLE } from "@/lib/services/changes/service-change-context";
import { CHANGE_NO_LONGER_APPLIES } from "@/lib/services/changes/revive-change-for-retry";
import { readJson, resellerRequest, resellerWithKey, type ResellerRequestOptions } from "../testing/api-test-kit";
import { dispatchResellerApi } from "./dispatch";

let t: TestDb;
const now = new Date("2026-05-11T15:00:00.000Z");
const due = new Date("2026-06-01T00:00:00.000Z");
let r: Awaited<ReturnType<typeof resellerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
let addon: Awaited<ReturnType<typeof makeAddon>>;

const send = async (method: string, path: string, options: ResellerRequestOptions = {}) =>
  readJson(await dispatchResellerApi(resellerRequest(method, path, options), { db: t.db, clock: () => now }));
const get = (path: string, key = r.plaintext) => send("GET", path, { key });
const signed = (method: string, path: string, body?: unknown, who = r) => send(method, path, { key: who.plaintext, sign: { secret: who.secret, now }, body });
/** An answer's `data`, read loosely. */
const dataOf = (x: { body: Record<string, unknown> }) => x.body.data as Record<string, unknown>;
const balance = async () => (await t.db.clientAccount.findUniqueOrThrow({ where: { id: r.account.id } })).creditBalance.toFixed(2);

async function activeVps() {
  const made = await makeActiveService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id, resellerId: r.profile.id, hostname: `chg-${randomUUID().slice(0, 8)}.example.com` });
  return t.db.service.update({ where: { id: made.service.id }, data: { nextDueDate: due } });
}

beforeAll(async () => {
  t = await createTestDb();
  await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "credit" }, update: { paymentMode: "credit" } });
  r = await resellerWithKey(t.db);
  await addCredit(t.db, r.account.id, "500.00");
  site = await makeVpsSite(t.db, { nodes: 3, v4: 30 });
  addon = await makeAddon(t.db, site.product.id, { monthly: "3.00", setupFee: "1.00", maxQuantity: 5 });
});
afterAll(async () => {
  await t?.close();
});

describe("PUT /services/{id}/options (credit mode)", () => {
  it("lists, adds at wholesale (first cycle + setup), replays by externalReference, decreases and removes for free", async () => {
    const service = await activeVps();
    const listed = await get(`/services/${service.id}/options`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual({ priceBasis: "wholesale", active: [], available: [{ optionId: addon.id, name: addon.name, price: "3.00", setupFee: "1.00", maxQuantity: 5 }] });

    const before = await balance();
    const put = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 2 }], externalReference: "chg-1" });
    expect(put.status).toBe(200);
    const data = put.body.data as Record<string, unknown> & { charge: Record<string, unknown>; options: { id: string }[] };
    expect(data.added).toEqual([{ optionId: addon.id, name: addon.name, quantity: 2, unitPrice: "3.00", setupFee: "1.00" }]);
    expect(data.charge).toMatchObject({ amount: "8.00", currency: "EUR", baseAmount: "8.00", baseCurrency: "EUR", paymentMode: "credit", paymentStatus: "paid", proformaId: null, reason: null });
    expect(data.options).toEqual([{ id: expect.any(String), optionId: addon.id, name: addon.name, quantity: 2, status: "active", unitPrice: "3.00", nextDueDate: "2026-06-11T15:00:00.000Z" }]);
    expect(await balance()).toBe(new Prisma.Decimal(before).minus(8).toFixed(2));
    const order = await t.db.order.findUniqueOrThrow({ where: { id: data.charge.orderId as string }, include: { invoices: true } });
    expect(order).toMatchObject({ orderType: "addon", status: "paid", externalReference: "chg-1" });
    expect(order.invoices[0]!.status).toBe("paid");
    expect(await t.db.outboxEvent.count({ where: { resellerId: r.profile.id, type: "order.paid", payload: { path: ["orderId"], equals: order.id } } })).toBe(1);

    const replay = await signed("PUT", `/services/${service.id}/options`, { options: [], externalReference: "chg-1" });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ ...data, idempotent: true });
    expect(await balance()).toBe(new Prisma.Decimal(before).minus(8).toFixed(2));

    const down = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 1 }] });
    expect(down.status).toBe(200);
    expect(down.body.data).toMatchObject({ decreased: [{ optionId: addon.id, name: addon.name, delta: 1 }], charge: null, options: [{ quantity: 1, unitPrice: "3.00" }] });

    const same = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id }] });
    expect(same.body.data).toMatchObject({ unchanged: [{ optionId: addon.id, quantity: 1 }], charge: null });

    const none = await signed("PUT", `/services/${service.id}/options`, { options: [] });
    expect(none.body.data).toMatchObject({ removed: [{ optionId: addon.id, quantity: 1 }], options: [], charge: null });
    expect((await t.db.serviceOption.findMany({ where: { serviceId: service.id } })).every((o) => o.status === "cancelled" && o.terminationDate?.getTime() === now.getTime())).toBe(true);
    expect((await ledgerSum(t.db, r.account.id)).toFixed(2)).toBe(await balance());
  });

  it("refuses: options not on the product (400 naming them), over maxQuantity, a service that is not active (409), another reseller's service (404)", async () => {
    const service = await activeVps();
    const stranger = randomUUID();
    const bad = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: stranger }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(`Options not available for this product: ${stranger}`);
    const many = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 4 }, { optionId: addon.id, quantity: 2 }] });
    expect(many.body.error).toBe(`Option '${addon.name}' allows at most 5 per service`);

    const other = await resellerWithKey(t.db);
    expect((await get(`/services/${service.id}/options`, other.plaintext)).status).toBe(404);
    expect((await signed("PUT", `/services/${service.id}/options`, { options: [] }, other)).status).toBe(404);
    expect((await signed("POST", `/services/${service.id}/change-package`, { productId: site.product.id }, other)).status).toBe(404);
    expect((await get(`/services/${service.id}/upgrades`, other.plaintext)).status).toBe(404);

    await t.db.service.update({ where: { id: service.id }, data: { status: "suspended" } });
    expect(await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id }] })).toEqual({ status: 409, body: { success: false, error: SERVICE_NOT_CHANGEABLE } });
  });

  it("ten concurrent calls with one externalReference charge once: one applies the change, nine answer it with idempotent: true", async () => {
    const service = await activeVps();
    const before = await balance();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 1 }], externalReference: "chg-parallel" })),
    );
    expect(results.map((x) => x.status)).toEqual(Array(10).fill(200));
    const orderIds = new Set(results.map((x) => (x.body.data as { charge: { orderId: string } }).charge.orderId));
    expect(orderIds.size).toBe(1);
    const [applied, ...losers] = [...results].sort((a, b) => Number(dataOf(a).idempotent === true) - Number(dataOf(b).idempotent === true));
    expect(dataOf(applied!).idempotent).toBeUndefined();
    for (const loser of losers) expect(loser.body).toEqual({ success: true, data: { ...dataOf(applied!), idempotent: true }, message: "Options change already applied" });
    expect(await t.db.order.count({ where: { resellerId: r.profile.id, externalReference: "chg-parallel" } })).toBe(1);
    expect(await t.db.serviceOption.count({ where: { serviceId: service.id, status: "active" } })).toBe(1);
    expect(await balance()).toBe(new Prisma.Decimal(before).minus(4).toFixed(2));
    expect((await ledgerSum(t.db, r.account.id)).toFixed(2)).toBe(await balance());
  });

  it("ten concurrent calls with one externalReference for a change with nothing to charge: one applies it, nine answer it with idempotent: true", async () => {
    const service = await activeVps();
    expect((await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 3 }] })).status).toBe(200);
    const before = await balance();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 2 }], externalReference: "chg-free-parallel" })),
    );
    expect(results.map((x) => x.status)).toEqual(Array(10).fill(200));
    const applied = results.filter((x) => dataOf(x).idempotent !== true);
    expect(applied).toHaveLength(1);
    expect(dataOf(applied[0]!)).toMatchObject({ decreased: [{ optionId: addon.id, delta: 1 }], unchanged: [], charge: null, options: [{ quantity: 2 }] });
    for (const loser of results.filter((x) => x !== applied[0])) {
      expect(loser.body).toEqual({ success: true, data: { ...dataOf(applied[0]!), idempotent: true }, message: "Options change already applied" });
    }
    // Applied once: the service holds 2, nothing was charged; the reference names this change for life, also for another body or service.
    expect((await t.db.serviceOption.findMany({ where: { serviceId: service.id, status: "active" } })).reduce((n, o) => n + o.quantity, 0)).toBe(2);
    expect(await balance()).toBe(before);
    const later = await signed("PUT", `/services/${(await activeVps()).id}/options`, { options: [{ optionId: addon.id, quantity: 5 }], externalReference: "chg-free-parallel" });
    expect(later.body).toEqual({ success: true, data: { ...dataOf(applied[0]!), idempotent: true }, message: "Options change already applied" });
    expect(await balance()).toBe(before);
    expect(await t.db.resellerChangeReference.count({ where: { resellerId: r.profile.id, externalReference: "chg-free-parallel" } })).toBe(1);
  });

  it("a reference a paid change took before references had their own table still replays once the migration's backfill ran", async () => {
    const service = await activeVps();
    const first = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 1 }], externalReference: "chg-before-r14" });
    expect(first.status).toBe(200);
    // As before the migration: paid changes' references only on Order.externalReference (with Order.changeResult).
    await t.db.resellerChangeReference.deleteMany({ where: { orderId: { not: null } } });
    const migration = readFileSync(path.join(MIGRATIONS_DIR, "20261126000934_reseller_change_references", "migration.sql"), "utf8");
    await t.db.$executeRawUnsafe(migration.slice(migration.indexOf("INSERT INTO")));
    const before = await balance();
    const replay = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 4 }], externalReference: "chg-before-r14" });
    expect(replay.body).toEqual({ success: true, data: { ...dataOf(first), idempotent: true }, message: "Options change already applied" });
    expect(await balance()).toBe(before);
    expect(await t.db.resellerChangeReference.findMany({ where: { externalReference: "chg-before-r14" } })).toEqual([
      expect.objectContaining({ resellerId: r.profile.id, serviceId: service.id, orderId: (dataOf(first).charge as { orderId: string }).orderId, result: null }),
    ]);
  });

  it("one externalReference sent for two services at once: the unique key settles it, one charge, the loser replays", async () => {
    const [a, b] = [await activeVps(), await activeVps()];
    const before = await balance();
    const results = await Promise.all(
      [a, b, a, b].map((s) => signed("PUT", `/services/${s.id}/options`, { options: [{ optionId: addon.id, quantity: 1 }], externalReference: "chg-two-services" })),
    );
    expect(results.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((x) => (x.body.data as { charge: { orderId: string } }).charge.orderId)).size).toBe(1);
    expect(await t.db.order.count({ where: { resellerId: r.profile.id, externalReference: "chg-two-services" } })).toBe(1);
    expect(await t.db.serviceOption.count({ where: { serviceId: { in: [a.id, b.id] }, status: "active" } })).toBe(1);
    expect(await balance()).toBe(new Prisma.Decimal(before).minus(4).toFixed(2));
  });

  it("DELETE /services/{id}/options/{serviceOptionId} ends one row; an unknown row is 404", async () => {
    const service = await activeVps();
    const put = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 1 }] });
    const rowId = (put.body.data as { options: { id: string }[] }).options[0]!.id;
    expect((await signed("DELETE", `/services/${service.id}/options/${randomUUID()}`)).status).toBe(404);
    const del = await signed("DELETE", `/services/${service.id}/options/${rowId}`);
    expect(del).toEqual({ status: 200, body: { success: true, data: { serviceId: service.id, removed: rowId, options: [] }, message: "Add-on removed" } });
    expect((await signed("DELETE", `/services/${service.id}/options/${rowId}`)).status).toBe(404);
  });
});

describe("invoice mode", () => {
  it("202 with the add-on pending_payment until the document is paid, then active and order.paid", async () => {
    await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "invoice" } });
    try {
      const service = await activeVps();
      const put = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 1 }], externalReference: "chg-inv" });
      expect(put.status).toBe(202);
      const charge = (put.body.data as { charge: { orderId: string; invoiceId: string; paymentStatus: string; amount: string } }).charge;
      expect(charge).toMatchObject({ paymentStatus: "invoiced", paymentMode: "invoice", amount: "4.00" });
      expect((put.body.data as { options: { status: string }[] }).options[0]!.status).toBe("pending_payment");
      expect(await t.db.outboxEvent.count({ where: { type: "order.invoiced", payload: { path: ["orderId"], equals: charge.orderId } } })).toBe(1);

      await payInvoiceFromCredit({ db: t.db, now, actor: { accountId: r.account.id, userId: r.owner.id, isOwner: true } }, { id: charge.invoiceId });
      expect((await t.db.serviceOption.findFirstOrThrow({ where: { serviceId: service.id, orderId: charge.orderId } })).status).toBe("active");
      expect(await t.db.order.findUniqueOrThrow({ where: { id: charge.orderId } })).toMatchObject({ status: "paid", paymentStatus: "paid", provisioningStatus: null });
      expect(await t.db.outboxEvent.count({ where: { type: "order.paid", payload: { path: ["orderId"], equals: charge.orderId } } })).toBe(1);
    } finally {
      await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "credit" } });
    }
  });
});

describe("saved_method mode", () => {
  it("charges the card after recording the change; a declined card answers 402 and nothing held changes", async () => {
    await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "saved_method" } });
    const card = await t.db.paymentMethod.create({ data: { accountId: r.account.id, label: "Visa", cardLastFour: "4242", gatewayToken: "tok_test_4242424242424242", isDefault: true } });
    try {
      const service = await activeVps();
      const ok = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 2 }], externalReference: "chg-card" });
      expect(ok.status).toBe(200);
      const paid = ok.body.data as { charge: { orderId: string; invoiceId: string | null }; options: { status: string }[] };
      expect(paid.charge).toMatchObject({ paymentMode: "saved_method", paymentStatus: "paid", amount: "8.00", reason: null, invoiceId: expect.any(String) });
      expect(paid.options).toEqual([expect.objectContaining({ status: "active", quantity: 2 })]);
      expect(await t.db.payment.findFirstOrThrow({ where: { orderId: paid.charge.orderId } })).toMatchObject({ status: "paid", method: "card" });

      await t.db.paymentMethod.update({ where: { id: card.id }, data: { gatewayToken: "tok_test_4000000000000002", cardLastFour: "0002" } });
      const before = await t.db.serviceOption.findMany({ where: { serviceId: service.id }, orderBy: { id: "asc" } });
      const declined = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 3 }], externalReference: "chg-card-2" });
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({ success: false, error: "Your card was declined", data: { increased: [{ delta: 1 }], charge: { paymentStatus: "failed", reason: "Your card was declined" } } });
      const orderId = (declined.body.data as { charge: { orderId: string } }).charge.orderId;
      expect(await t.db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ status: "payment_failed", paymentStatus: "failed" });
      const after = await t.db.serviceOption.findMany({ where: { serviceId: service.id, orderId: { not: orderId } }, orderBy: { id: "asc" } });
      expect(after).toEqual(before);
      expect(await t.db.serviceOption.findFirstOrThrow({ where: { orderId } })).toMatchObject({ status: "cancelled" });
      expect(await t.db.outboxEvent.count({ where: { type: "order.payment_failed", payload: { path: ["orderId"], equals: orderId } } })).toBe(1);

      // A removal waits for the card too: declined → the held add-on stays.
      const removal = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 3 }] });
      expect(removal.status).toBe(402);
      expect(await t.db.serviceOption.count({ where: { serviceId: service.id, status: "active" } })).toBe(1);
    } finally {
      await t.db.paymentMethod.delete({ where: { id: card.id } });
      await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "credit" } });
    }
  });
});

describe("saved_method mode: retrying a refused change applies it", () => {
  const DECLINED = { gatewayToken: "tok_test_4000000000000002", cardLastFour: "0002" };
  const GOOD = { gatewayToken: "tok_test_4242424242424242", cardLastFour: "4242" };
  let card: { id: string };
  const useCard = (which: typeof GOOD) => t.db.paymentMethod.update({ where: { id: card.id }, data: which });

  beforeAll(async () => {
    await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "saved_method" } });
    card = await t.db.paymentMethod.create({ data: { accountId: r.account.id, label: "Visa", ...DECLINED, isDefault: true } });
  });
  afterAll(async () => {
    await t.db.paymentMethod.deleteMany({ where: { id: card.id } });
    await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "credit" } });
  });

  it("options PUT: 402, then a retry that goes through adds the add-ons and applies the change's removals, once", async () => {
    await useCard(DECLINED);
    const service = await activeVps();
    const other = await makeAddon(t.db, site.product.id, { monthly: "2.00", setupFee: null });
    await t.db.serviceOption.create({ data: { serviceId: service.id, optionId: other.id, quantity: 1, status: "active", amount: new Prisma.Decimal("2.00"), setupFee: new Prisma.Decimal(0), nextDueDate: due } });
    const declined = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 2 }] });
    expect(declined.status).toBe(402);
    const orderId = (declined.body.data as { charge: { orderId: string } }).charge.orderId;
    expect(await t.db.serviceOption.findMany({ where: { serviceId: service.id, status: { not: "cancelled" } }, select: { optionId: true } })).toEqual([{ optionId: other.id }]);

    // Refused again: 400 with the gateway's reason, still nothing held changes.
    const again = await signed("POST", `/orders/${orderId}/retry`, {});
    expect(again).toMatchObject({ status: 400, body: { success: false, error: "Your card was declined" } });
    expect(await t.db.serviceOption.count({ where: { orderId, status: { not: "cancelled" } } })).toBe(0);

    await useCard(GOOD);
    const retried = await signed("POST", `/orders/${orderId}/retry`, {});
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ orderId, status: "paid", paymentMode: "saved_method", invoiceId: expect.any(String), services: [] });
    const live = await t.db.serviceOption.findMany({ where: { serviceId: service.id, status: { not: "cancelled" } } });
    expect(live).toEqual([expect.objectContaining({ optionId: addon.id, quantity: 2, status: "active", orderId })]);
    // Its own cycle starts when the card paid: one month from now.
    expect(live[0]!.nextDueDate).toEqual(new Date("2026-06-11T15:00:00.000Z"));
    expect(await t.db.serviceOption.findFirstOrThrow({ where: { serviceId: service.id, optionId: other.id } })).toMatchObject({ status: "cancelled", terminationDate: now });
    const order = await t.db.order.findUniqueOrThrow({ where: { id: orderId }, include: { payments: { orderBy: { createdAt: "asc" } }, invoices: { include: { items: true } } } });
    expect(order.payments.map((p) => p.status).sort()).toEqual(["failed", "failed", "paid"]);
    expect(order.invoices).toEqual([expect.objectContaining({ status: "paid", total: new Prisma.Decimal("8.00") })]);
    expect(order.invoices[0]!.items.map((l) => [l.description, l.amount.toFixed(2)])).toEqual([[`Add-on ${addon.name} × 2 (monthly, first cycle and setup)`, "8.00"]]);
    expect(order.changeResult).toMatchObject({ charge: { paymentStatus: "paid", reason: null, invoiceId: order.invoices[0]!.id } });
    expect(await t.db.outboxEvent.count({ where: { type: "order.paid", payload: { path: ["orderId"], equals: orderId } } })).toBe(1);

    expect(await signed("POST", `/orders/${orderId}/retry`, {})).toMatchObject({ status: 400, body: { error: "Order is already paid" } });
  });

  it("a retry of a change whose service can no longer change is refused 409, and nothing is charged", async () => {
    await useCard(DECLINED);
    const service = await activeVps();
    const declined = await signed("PUT", `/services/${service.id}/options`, { options: [{ optionId: addon.id, quantity: 1 }] });
    const orderId = (declined.body.data as { charge: { orderId: string } }).charge.orderId;
    await t.db.service.update({ where: { id: service.id }, data: { status: "suspended" } });
    await useCard(GOOD);
    expect(await signed("POST", `/orders/${orderId}/retry`, {})).toEqual({ status: 409, body: { success: false, error: CHANGE_NO_LONGER_APPLIES } });
    const order = await t.db.order.findUniqueOrThrow({ where: { id: orderId }, include: { payments: true } });
    expect([order.status, order.paymentStatus, order.payments.map((p) => p.status)]).toEqual(["payment_failed", "failed", ["failed"]]);
  });

  it("change-package: the card is charged and the change executes; a refusal is 402 with nothing changed, and its retry executes it", async () => {
    await useCard(GOOD);
    const paid = await activeVps();
    const plan = await makeUpgradePlan(t.db, site.product.id, site.location.id, { monthly: "20.00" });
    const ok = await signed("POST", `/services/${paid.id}/change-package`, { productId: plan.id });
    expect(ok.status).toBe(202);
    expect(ok.body.data).toMatchObject({ status: "executing", billingDocumentType: "invoice", message: "Package change paid by card; it is being applied" });
    const okOrder = (ok.body.data as { orderId: string }).orderId;
    expect(await t.db.payment.findFirstOrThrow({ where: { orderId: okOrder } })).toMatchObject({ method: "card", status: "paid", amount: new Prisma.Decimal("5.42") });

    await useCard(DECLINED);
    const service = await activeVps();
    const before = await balance();
    const refused = await signed("POST", `/services/${service.id}/change-package`, { productId: plan.id });
    expect(refused.status).toBe(402);
    const data = refused.body.data as { upgradeId: string; orderId: string };
    expect(refused.body).toMatchObject({ success: false, error: `Your card was declined; nothing changed. Retry with POST /orders/${data.orderId}/retry`, data: { paymentStatus: "failed" } });
    expect(await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: data.upgradeId } })).toMatchObject({ status: "cancelled" });
    expect(await t.db.order.findUniqueOrThrow({ where: { id: data.orderId } })).toMatchObject({ status: "payment_failed", paymentStatus: "failed" });
    expect(await balance()).toBe(before);
    // The refused change holds nothing: listing shows no change under way.
    expect((await get(`/services/${service.id}/upgrades`)).body.data).toMatchObject({ pendingUpgrade: null });

    await useCard(GOOD);
    const retried = await signed("POST", `/orders/${data.orderId}/retry`, {});
    expect(retried.status).toBe(200);
    expect(await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: data.upgradeId } })).toMatchObject({ status: "executing", cancelledAt: null });
    const ctx = testContext(t.db, { clock: createManualClock(now) });
    await advanceServiceUpgrade(ctx, data.upgradeId);
    const { resizeJobId } = await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: data.upgradeId } });
    await settle(ctx, resizeJobId!);
    expect(await advanceServiceUpgrade(ctx, data.upgradeId)).toEqual({ done: true, status: "completed" });
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).productId).toBe(plan.id);
  });

  it("a refused plan change cannot be retried once another change was made to the service (409)", async () => {
    await useCard(DECLINED);
    const service = await activeVps();
    const plan = await makeUpgradePlan(t.db, site.product.id, site.location.id, { monthly: "20.00" });
    const refused = await signed("POST", `/services/${service.id}/change-package`, { productId: plan.id });
    const { orderId } = refused.body.data as { orderId: string };
    await useCard(GOOD);
    const cheaper = await makeUpgradePlan(t.db, site.product.id, site.location.id, { monthly: "10.00" });
    expect((await signed("POST", `/services/${service.id}/change-package`, { productId: cheaper.id })).status).toBe(202);
    expect(await signed("POST", `/orders/${orderId}/retry`, {})).toEqual({ status: 409, body: { success: false, error: CHANGE_NO_LONGER_APPLIES } });
  });
});

describe("POST /services/{id}/change-package", () => {
  it("refuses without an upgrade path (409), an unknown product (404), while another change is under way (409)", async () => {
    const service = await activeVps();
    const unlinked = await makeUpgradePlan(t.db, site.product.id, site.location.id, { link: false });
    expect(await signed("POST", `/services/${service.id}/change-package`, { productId: unlinked.id })).toEqual({ status: 409, body: { success: false, error: NO_UPGRADE_PATH } });
    expect((await signed("POST", `/services/${service.id}/change-package`, { productId: randomUUID() })).status).toBe(404);
    const plan = await makeUpgradePlan(t.db, site.product.id, site.location.id);
    expect((await signed("POST", `/services/${service.id}/change-package`, { productId: plan.id })).status).toBe(202);
    expect(await signed("POST", `/services/${service.id}/change-package`, { productId: plan.id })).toEqual({ status: 409, body: { success: false, error: UPGRADE_IN_PROGRESS } });
  });

  it("refuses a service that is not active (409) and a target not priced on the service's cycle (400); nothing is charged", async () => {
    const plan = await makeUpgradePlan(t.db, site.product.id, site.location.id);
    const before = await balance();
    const suspended = await activeVps();
    await t.db.service.update({ where: { id: suspended.id }, data: { status: "suspended" } });
    expect(await signed("POST", `/services/${suspended.id}/change-package`, { productId: plan.id })).toEqual({ status: 409, body: { success: false, error: SERVICE_NOT_CHANGEABLE } });

    const annualOnly = await makeUpgradePlan(t.db, site.product.id, site.location.id);
    await t.db.productPrice.updateMany({ where: { productId: annualOnly.id }, data: { cycle: "annually", amount: new Prisma.Decimal("200.00") } });
    const service = await activeVps();
    const unpriced = await signed("POST", `/services/${service.id}/change-package`, { productId: annualOnly.id });
    expect(unpriced.status).toBe(400);
    expect(unpriced.body).toMatchObject({ success: false, error: expect.stringContaining("monthly") });
    expect(await t.db.serviceUpgrade.count({ where: { serviceId: { in: [suspended.id, service.id] } } })).toBe(0);
    expect(await balance()).toBe(before);
  });

  it("invoice mode: 202 awaiting_payment naming the raised document (billingDocumentType, billingDocumentId, billingDocumentNumber)", async () => {
    await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "invoice" } });
    try {
      const service = await activeVps();
      const plan = await makeUpgradePlan(t.db, site.product.id, site.location.id, { monthly: "20.00" });
      const before = await balance();
      const res = await signed("POST", `/services/${service.id}/change-package`, { productId: plan.id });
      expect(res.status).toBe(202);
      const data = res.body.data as { upgradeId: string; orderId: string; billingDocumentType: "invoice" | "proforma"; billingDocumentId: string; billingDocumentNumber: string };
      expect(data).toMatchObject({
        serviceId: service.id,
        upgradeId: expect.any(String),
        status: "awaiting_payment",
        billingDocumentType: expect.stringMatching(/^(invoice|proforma)$/),
        billingDocumentId: expect.any(String),
        billingDocumentNumber: expect.any(String),
        orderId: expect.any(String),
      });
      expect(res.body.message).toBe(`Package change awaits payment of ${data.billingDocumentType} ${data.billingDocumentNumber}`);
      const doc =
        data.billingDocumentType === "invoice"
          ? await t.db.invoice.findUniqueOrThrow({ where: { id: data.billingDocumentId } })
          : await t.db.proforma.findUniqueOrThrow({ where: { id: data.billingDocumentId } });
      expect(doc).toMatchObject({ number: data.billingDocumentNumber, orderId: data.orderId, status: "unpaid" });
      expect(await balance()).toBe(before);
      expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).productId).toBe(site.product.id);
    } finally {
      await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "credit" } });
    }
  });

  it("credit mode: charges the prorated difference to the cent, then the machine is resized and the service takes the new plan", async () => {
    const service = await activeVps();
    const plan = await makeUpgradePlan(t.db, site.product.id, site.location.id, { monthly: "20.00" });
    const listed = await get(`/services/${service.id}/upgrades`);
    expect(listed.body.data).toMatchObject({ available: expect.arrayContaining([{ productId: plan.id, name: plan.name, price: "20.00" }]), addons: null, pendingUpgrade: null });

    const before = await balance();
    const res = await signed("POST", `/services/${service.id}/change-package`, { productId: plan.id });
    expect(res.status).toBe(202);
    const data = res.body.data as { upgradeId: string; orderId: string; status: string; billingDocumentType: string };
    expect(data).toMatchObject({ serviceId: service.id, status: "executing", billingDocumentType: "invoice" });
    // 21 of 31 days: 20.00 → 13.55, 12.00 → 8.13; 5.42 charged (no VAT on file for NL here).
    expect(await balance()).toBe(new Prisma.Decimal(before).minus("5.42").toFixed(2));
    expect(await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: data.upgradeId } })).toMatchObject({
      status: "executing",
      chargeAmount: new Prisma.Decimal("13.55"),
      creditAmount: new Prisma.Decimal("8.13"),
      netAmount: new Prisma.Decimal("5.42"),
      daysRemaining: 21,
      daysInCycle: 31,
    });

    const ctx = testContext(t.db, { clock: createManualClock(now) });
    const first = await advanceServiceUpgrade(ctx, data.upgradeId);
    expect(first.done).toBe(false);
    const upgrade = await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: data.upgradeId } });
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: service.id, destroyedAt: null } });
    expect(await t.db.backendJob.findUniqueOrThrow({ where: { id: upgrade.resizeJobId! } })).toMatchObject({ operation: "resize", state: expect.stringMatching(/queued|running/) });
    expect(await advanceServiceUpgrade(ctx, data.upgradeId)).toEqual({ done: false, waitMs: 2_000 });
    expect((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: data.upgradeId } })).status).toBe("executing");
    expect((await settle(ctx, upgrade.resizeJobId!)).state).toBe("succeeded");
    expect(await advanceServiceUpgrade(ctx, data.upgradeId)).toEqual({ done: true, status: "completed" });
    expect(await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vm.id } })).toMatchObject({ vcpus: 4, memoryMb: 8192, diskGb: 160, state: "running" });
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ productId: plan.id, amount: new Prisma.Decimal("20.00") });
    expect((await get(`/services/${service.id}`)).body.data).toMatchObject({ productName: plan.name });
  });

  it("concurrent change-package calls: one change, one debit, the rest 409", async () => {
    const service = await activeVps();
    const plan = await makeUpgradePlan(t.db, site.product.id, site.location.id, { monthly: "20.00" });
    const before = await balance();
    const results = await Promise.all(Array.from({ length: 6 }, () => signed("POST", `/services/${service.id}/change-package`, { productId: plan.id })));
    expect(results.map((x) => x.status).sort()).toEqual([202, 409, 409, 409, 409, 409]);
    expect(results.filter((x) => x.status === 409).every((x) => x.body.error === UPGRADE_IN_PROGRESS)).toBe(true);
    expect(await t.db.serviceUpgrade.count({ where: { serviceId: service.id } })).toBe(1);
    expect(await balance()).toBe(new Prisma.Decimal(before).minus("5.42").toFixed(2));
    expect((await ledgerSum(t.db, r.account.id)).toFixed(2)).toBe(await balance());
  });

  it("a plan that would shrink the disk is left awaiting_admin with the service untouched", async () => {
    const service = await activeVps();
    const plan = await makeUpgradePlan(t.db, site.product.id, site.location.id, { monthly: "15.00", diskGb: 40 });
    const res = await signed("POST", `/services/${service.id}/change-package`, { productId: plan.id });
    const upgradeId = (res.body.data as { upgradeId: string }).upgradeId;
    const ctx = testContext(t.db, { clock: createManualClock(now) });
    expect(await advanceServiceUpgrade(ctx, upgradeId)).toEqual({ done: true, status: "awaiting_admin" });
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).productId).toBe(site.product.id);
    expect((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: upgradeId } })).failureReason).toMatch(/Disks only grow/);
  });
});
