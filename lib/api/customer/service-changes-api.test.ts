import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { raiseRenewal } from "@/lib/billing/renewals/raise-renewal";
import { VPS_SPECS, makeActiveService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { makeAddon, makeUpgradePlan } from "@/lib/services/changes/testing/change-factories";
import { UPGRADE_NOT_CANCELLABLE } from "@/lib/services/changes/cancel-service-upgrade";
import { ADDON_NOT_HELD, NOTHING_TO_CHANGE, OVERLAPPING_OPTIONS, addonAlreadyHeld, addonNotHeld } from "@/lib/services/changes/option-changes";
import { NO_UPGRADE_PATH, UPGRADE_IN_PROGRESS } from "@/lib/services/changes/package-change";
import { HOURLY_NOT_CHANGEABLE, SERVICE_NOT_CHANGEABLE } from "@/lib/services/changes/service-change-context";
import { customerRequest, customerWithKey, readJson } from "../testing/api-test-kit";
import { dispatchCustomerApi } from "./dispatch";

let t: TestDb;
const now = new Date("2026-05-11T15:00:00.000Z");
const due = new Date("2026-06-01T00:00:00.000Z");
let me: Awaited<ReturnType<typeof customerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
let backup: Awaited<ReturnType<typeof makeAddon>>;
let ipv4: Awaited<ReturnType<typeof makeAddon>>;
let plan: Awaited<ReturnType<typeof makeUpgradePlan>>;

const call = async (method: string, path: string, body?: unknown, key = me.plaintext) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key, body }), { db: t.db, clock: () => now }));

beforeAll(async () => {
  t = await createTestDb();
  await t.db.vatRate.create({ data: { countryCode: "NL", ratePercent: new Prisma.Decimal("21.00"), effectiveFrom: new Date("2020-01-01T00:00:00.000Z") } });
  me = await customerWithKey(t.db, { credit: "200.00" });
  site = await makeVpsSite(t.db, { nodes: 1 });
  backup = await makeAddon(t.db, site.product.id, { monthly: "3.00", setupFee: "1.00", name: "Backups" });
  ipv4 = await makeAddon(t.db, site.product.id, { monthly: "6.00", setupFee: null, name: "Extra IPv4" });
  plan = await makeUpgradePlan(t.db, site.product.id, site.location.id, { monthly: "20.00" });
});
afterAll(async () => {
  await t?.close();
});

async function vps(accountId = me.account.id) {
  const made = await makeActiveService(t.db, { accountId, productId: site.product.id, locationId: site.location.id, hostname: `c-${randomUUID().slice(0, 8)}.example.com` });
  return t.db.service.update({ where: { id: made.service.id }, data: { nextDueDate: due } });
}

describe("plan upgrades", () => {
  it("previews every linked plan prorated to the cent, with VAT", async () => {
    const service = await vps();
    const res = await call("GET", `/services/${service.id}/upgrades`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      service: { id: service.id, productName: site.product.name, amount: "12.00", billingCycle: "monthly", nextDueDate: due.toISOString() },
      upgrades: [
        {
          toProductId: plan.id,
          toProductName: plan.name,
          toSpecs: expect.objectContaining({ vcpus: 4 }),
          newCyclePrice: "20.00",
          upgradeFee: "0.00",
          creditAmount: "8.13", // 12.00 × 21/31
          chargeAmount: "13.55", // 20.00 × 21/31
          netAmount: "5.42",
          vatRate: "21.00",
          vatAmount: "1.14", // 5.42 × 21 % = 1.1382
          totalWithVat: "6.56",
          daysRemaining: 21,
          daysInCycle: 31,
          billingCycle: "monthly",
        },
      ],
      pendingUpgrade: null,
    });
  });

  it("requests an upgrade: an invoice for the net amount, one at a time; cancel cancels it and its invoice; a second cancel is refused", async () => {
    const service = await vps();
    const res = await call("POST", `/services/${service.id}/upgrades`, { toProductId: plan.id });
    expect(res.status).toBe(201);
    const data = res.body.data as { upgrade: { id: string; status: string }; billingDocument: { id: string; total: string }; orderId: string; lineItems: { amount: string }[]; billingDocumentType: string };
    expect(Object.keys(data).sort()).toEqual(["billingDocument", "billingDocumentType", "lineItems", "orderId", "upgrade"]);
    expect(data).toMatchObject({ upgrade: { status: "awaiting_payment" }, billingDocumentType: "invoice", billingDocument: { total: "6.56", status: "unpaid" }, lineItems: [{ quantity: 1, amount: "5.42" }] });
    // The settlement sits beside `data`, as the spec's "plus top-level document, settled, next_step, credit_balance".
    expect(res.body).toMatchObject({ success: true, document: { type: "invoice", id: data.billingDocument.id, status: "unpaid", total: "6.56", settled: false }, settled: false, next_step: expect.any(String), credit_balance: "200.00" });
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: me.account.id } })).creditBalance.toFixed(2)).toBe("200.00");

    const read = await call("GET", `/upgrades/${data.upgrade.id}`);
    expect(read.body.data).toMatchObject({ upgrade: { id: data.upgrade.id, status: "awaiting_payment", kind: "package", net_amount: "5.42", executed_at: null }, order: { order_type: "upgrade" } });
    expect((await call("GET", `/services/${service.id}/upgrades`)).body.data).toMatchObject({ pendingUpgrade: { id: data.upgrade.id } });
    expect(await call("POST", `/services/${service.id}/upgrades`, { toProductId: plan.id })).toEqual({ status: 409, body: { success: false, error: UPGRADE_IN_PROGRESS, code: "CONFLICT" } });

    const cancelled = await call("POST", `/upgrades/${data.upgrade.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ upgrade: { status: "cancelled" }, order: { status: "cancelled" } });
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: data.billingDocument.id } })).status).toBe("cancelled");
    expect(await call("POST", `/upgrades/${data.upgrade.id}/cancel`)).toEqual({ status: 400, body: { success: false, error: UPGRADE_NOT_CANCELLABLE, code: "BAD_REQUEST" } });
  });

  it("paying the upgrade's invoice sets it executing (the background function applies it)", async () => {
    const service = await vps();
    const res = await call("POST", `/services/${service.id}/upgrades`, { toProductId: plan.id });
    const data = res.body.data as { upgrade: { id: string }; billingDocument: { id: string } };
    const paid = await call("POST", `/invoices/${data.billingDocument.id}/pay`, {});
    expect(paid.status).toBe(200);
    expect((await call("GET", `/upgrades/${data.upgrade.id}`)).body.data).toMatchObject({ upgrade: { status: "executing" }, order: { status: "paid", payment_status: "paid" } });
    expect(await call("POST", `/upgrades/${data.upgrade.id}/cancel`)).toEqual({ status: 400, body: { success: false, error: UPGRADE_NOT_CANCELLABLE, code: "BAD_REQUEST" } });
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: me.account.id } })).creditBalance.toFixed(2)).toBe("193.44");
  });

  it("a change netting to credit with nothing to resize is completed at once: no document, no refund, settled; it cannot be cancelled", async () => {
    const service = await vps();
    const cheaper = await makeUpgradePlan(t.db, site.product.id, site.location.id, { monthly: "10.00", specs: VPS_SPECS });
    const ledger = await t.db.creditLedgerEntry.count({ where: { accountId: me.account.id } });
    const balance = (await t.db.clientAccount.findUniqueOrThrow({ where: { id: me.account.id } })).creditBalance.toFixed(2);
    const res = await call("POST", `/services/${service.id}/upgrades`, { toProductId: cheaper.id });
    expect(res.status).toBe(201);
    const data = res.body.data as { upgrade: { id: string } };
    expect(res.body).toMatchObject({
      data: { upgrade: { status: "completed" }, billingDocument: null, billingDocumentType: null, lineItems: [], orderId: null },
      document: null,
      settled: true,
      credit_balance: balance,
      message: "Upgrade applied",
    });
    expect((await call("GET", `/upgrades/${data.upgrade.id}`)).body.data).toMatchObject({ upgrade: { status: "completed", net_amount: "-1.36", executed_at: now.toISOString() }, order: null });
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ productId: cheaper.id, amount: new Prisma.Decimal("10.00") });
    // "a removal's credit only offsets charges in the same change": nothing goes to the account.
    expect(await t.db.creditLedgerEntry.count({ where: { accountId: me.account.id } })).toBe(ledger);
    expect(await call("POST", `/upgrades/${data.upgrade.id}/cancel`)).toEqual({ status: 400, body: { success: false, error: UPGRADE_NOT_CANCELLABLE, code: "BAD_REQUEST" } });
  });

  it("a change netting to zero that still has to resize the VPS stays executing (settled, no document) until the hypervisor is done", async () => {
    const service = await vps();
    const bigger = await makeUpgradePlan(t.db, site.product.id, site.location.id, { monthly: "12.00" });
    const res = await call("POST", `/services/${service.id}/upgrades`, { toProductId: bigger.id });
    expect(res).toMatchObject({ status: 201, body: { data: { upgrade: { status: "executing" }, billingDocument: null, orderId: null }, document: null, settled: true, next_step: expect.stringMatching(/^Nothing to pay\. The change is being applied/) } });
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).productId).toBe(site.product.id);
  });

  it("a completed change re-prices and re-taxes the open renewal invoice, ends add-ons the new plan does not offer, and reinstall offers the new plan's images", async () => {
    const buyer = await customerWithKey(t.db, { credit: "50.00" });
    await t.db.clientAccount.update({ where: { id: buyer.account.id }, data: { country: "DE" } });
    await t.db.vatRate.createMany({
      data: [
        { countryCode: "DE", ratePercent: new Prisma.Decimal("16.00"), effectiveFrom: new Date("2020-01-01T00:00:00.000Z") },
        { countryCode: "DE", ratePercent: new Prisma.Decimal("19.00"), effectiveFrom: new Date("2026-05-01T00:00:00.000Z") },
      ],
    });
    const service = await vps(buyer.account.id);
    const kept = await t.db.serviceOption.create({ data: { serviceId: service.id, optionId: ipv4.id, quantity: 1, status: "active", amount: new Prisma.Decimal("6.00"), nextDueDate: due } });
    const dropped = await t.db.serviceOption.create({ data: { serviceId: service.id, optionId: backup.id, quantity: 1, status: "active", amount: new Prisma.Decimal("3.00"), nextDueDate: due } });
    const renewal = await raiseRenewal(t.db, service.id, { at: new Date("2026-04-25T00:00:00.000Z"), source: "nightly", creditAccountId: null });
    expect(await t.db.invoice.findUniqueOrThrow({ where: { id: renewal!.document.id } })).toMatchObject({ subtotal: new Prisma.Decimal("21.00"), vatRate: new Prisma.Decimal("16.00"), total: new Prisma.Decimal("24.36") });

    const [image] = await t.db.productOsImage.findMany({ where: { productId: site.product.id }, orderBy: { osImageId: "asc" }, take: 1 });
    const cheaper = await makeUpgradePlan(t.db, site.product.id, site.location.id, { monthly: "10.00", specs: VPS_SPECS });
    await t.db.productOptionAssignment.create({ data: { productId: cheaper.id, optionId: ipv4.id } });
    await t.db.productOsImage.create({ data: { productId: cheaper.id, osImageId: image!.osImageId, isDefault: true } });

    const res = await call("POST", `/services/${service.id}/upgrades`, { toProductId: cheaper.id }, buyer.plaintext);
    expect(res.body.data).toMatchObject({ upgrade: { status: "completed" } });
    // 10.00 (new plan) + 6.00 (the add-on it offers) = 16.00; VAT at the rate now in force, 19 % = 3.04.
    const invoice = await t.db.invoice.findUniqueOrThrow({ where: { id: renewal!.document.id }, include: { items: true } });
    expect(invoice).toMatchObject({ status: "unpaid", number: renewal!.document.number, subtotal: new Prisma.Decimal("16.00"), vatRate: new Prisma.Decimal("19.00"), vatAmount: new Prisma.Decimal("3.04"), total: new Prisma.Decimal("19.04") });
    expect(invoice.items.map((i) => [i.description.split(" — ")[0], i.amount.toFixed(2), i.serviceId])).toEqual([
      [`Renewal: ${cheaper.name} (monthly)`, "10.00", service.id],
      ["Renewal: Extra IPv4", "6.00", service.id],
    ]);
    expect(await t.db.serviceOption.findUniqueOrThrow({ where: { id: kept.id } })).toMatchObject({ status: "active", amount: new Prisma.Decimal("6.00"), nextDueDate: due });
    expect(await t.db.serviceOption.findUniqueOrThrow({ where: { id: dropped.id } })).toMatchObject({ status: "cancelled", terminationDate: now });
    expect((await call("GET", `/vps/${service.id}/os-images`, undefined, buyer.plaintext)).body.data).toEqual({ templates: [expect.objectContaining({ id: image!.osImageId })] });

    // Paying it pays the new figures.
    expect((await call("POST", `/invoices/${invoice.id}/pay`, {}, buyer.plaintext)).body.data).toMatchObject({ invoicePaid: true, newBalance: "30.96" });
  });

  it("refuses each case with its sentence", async () => {
    const service = await vps();
    const unlinked = await makeUpgradePlan(t.db, site.product.id, site.location.id, { link: false });
    expect(await call("POST", `/services/${service.id}/upgrades`, { toProductId: unlinked.id })).toEqual({ status: 409, body: { success: false, error: NO_UPGRADE_PATH, code: "CONFLICT" } });
    expect((await call("POST", `/services/${service.id}/upgrades`, { toProductId: randomUUID() })).status).toBe(404);
    expect((await call("POST", `/services/${service.id}/upgrades`, { toProductId: "nope" })).status).toBe(400);
    await t.db.service.update({ where: { id: service.id }, data: { status: "suspended" } });
    expect(await call("POST", `/services/${service.id}/upgrades`, { toProductId: plan.id })).toEqual({ status: 409, body: { success: false, error: SERVICE_NOT_CHANGEABLE, code: "CONFLICT" } });
    await t.db.service.update({ where: { id: service.id }, data: { status: "active", billingCycle: "hourly" } });
    expect(await call("POST", `/services/${service.id}/upgrades/options`, { addOptions: [backup.id] })).toEqual({ status: 409, body: { success: false, error: HOURLY_NOT_CHANGEABLE, code: "CONFLICT" } });
  });
});

describe("add-ons", () => {
  it("POST /services/{id}/options charges a full cycle plus setup, pending until paid; DELETE cancels it today", async () => {
    const service = await vps();
    const available = await call("GET", `/services/${service.id}/options/available`);
    expect(available.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ option_id: backup.id, price: "3.00", setup_fee: "1.00", currency: "EUR", held: false, pricing_type: "recurring" })]),
    );
    const res = await call("POST", `/services/${service.id}/options`, { optionId: backup.id, quantity: 2 });
    expect(res.status).toBe(201);
    const data = res.body.data as { serviceOption: { id: string }; invoice: { id: string; total: string }; settled: boolean; document: unknown };
    expect(data.serviceOption).toMatchObject({ option_id: backup.id, status: "pending_payment", quantity: 2, amount: "6.00", setup_fee: "2.00", next_due_date: "2026-06-11T15:00:00.000Z", termination_date: null });
    expect(data).toMatchObject({ invoice: { total: "9.68" }, proforma: null, settled: false, document: { type: "invoice", status: "unpaid", total: "9.68", settled: false } }); // (6.00 + 2.00) + 21 %

    expect((await call("POST", `/invoices/${data.invoice.id}/pay`, {})).status).toBe(200);
    const listed = await call("GET", `/services/${service.id}/options`);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: data.serviceOption.id, status: "active" })]);
    expect((await call("GET", `/services/${service.id}/options/available`)).body.data).toEqual(expect.arrayContaining([expect.objectContaining({ option_id: backup.id, held: true })]));

    expect(await call("DELETE", `/services/${service.id}/options/${ipv4.id}`)).toEqual({ status: 404, body: { success: false, error: ADDON_NOT_HELD, code: "NOT_FOUND" } });
    const removed = await call("DELETE", `/services/${service.id}/options/${backup.id}`);
    expect(removed.body.data).toEqual({ removed: backup.id, options: [] });
    expect(await t.db.serviceOption.findUniqueOrThrow({ where: { id: data.serviceOption.id } })).toMatchObject({ status: "cancelled", terminationDate: now });
    expect((await call("GET", `/services/${service.id}/options`)).body.data).toEqual([]);

    // Withdrawn before it was paid: its invoice is cancelled too.
    const pending = await call("POST", `/services/${service.id}/options`, { optionId: ipv4.id });
    const invoiceId = (pending.body.data as { invoice: { id: string; total: string } }).invoice.id;
    expect((pending.body.data as { invoice: { total: string } }).invoice.total).toBe("7.26"); // 6.00 + 21 %
    expect((await call("DELETE", `/services/${service.id}/options/${ipv4.id}`)).status).toBe(200);
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoiceId } })).status).toBe("cancelled");
    expect((await call("POST", `/invoices/${invoiceId}/pay`, {})).body.error).toBe("Invoice cannot be paid: it is cancelled");
  });

  it("POST /services/{id}/upgrades/options prorates additions to the next due date and offsets removals; a change netting to zero applies at once", async () => {
    const service = await vps();
    await t.db.serviceOption.create({ data: { serviceId: service.id, optionId: backup.id, quantity: 1, status: "active", amount: new Prisma.Decimal("3.00"), nextDueDate: due } });

    const res = await call("POST", `/services/${service.id}/upgrades/options`, { addOptions: [{ optionId: ipv4.id, quantity: 1 }], removeOptions: [backup.id] });
    expect(res.status).toBe(201);
    const data = res.body.data as { upgrade: { id: string; status: string }; billingDocument: { id: string; total: string }; lineItems: { amount: string }[] };
    // 6.00 × 21/31 = 4.0645 → 4.06 charged; 3.00 × 21/31 = 2.0322 → 2.03 credited; net 2.03, VAT 0.4263 → 0.43.
    expect(data.lineItems.map((l) => l.amount)).toEqual(["4.06", "-2.03"]);
    expect(data).toMatchObject({ upgrade: { status: "awaiting_payment" }, billingDocumentType: "invoice", billingDocument: { total: "2.46" } });
    expect((await call("GET", `/services/${service.id}/options`)).body.data).toEqual([expect.objectContaining({ option_id: backup.id, status: "active" })]);

    expect((await call("POST", `/invoices/${data.billingDocument.id}/pay`, {})).status).toBe(200);
    expect((await call("GET", `/upgrades/${data.upgrade.id}`)).body.data).toMatchObject({ upgrade: { status: "completed", executed_at: now.toISOString() } });
    expect((await call("GET", `/services/${service.id}/options`)).body.data).toEqual([expect.objectContaining({ option_id: ipv4.id, status: "active", amount: "6.00", next_due_date: due.toISOString() })]);

    const zero = await call("POST", `/services/${service.id}/upgrades/options`, { removeOptions: [ipv4.id] });
    expect(zero.status).toBe(201);
    expect(zero.body.data).toMatchObject({ upgrade: { status: "completed" }, billingDocument: null, billingDocumentType: null, lineItems: [], orderId: null });
    expect(zero.body).toMatchObject({ document: null, settled: true, next_step: "Applied." });
    expect((await call("GET", `/services/${service.id}/options`)).body.data).toEqual([]);
  });

  it("refuses overlapping sets, held additions, removals not held, an empty change and a cycle the service does not have", async () => {
    const service = await vps();
    await t.db.serviceOption.create({ data: { serviceId: service.id, optionId: backup.id, quantity: 1, status: "active", amount: new Prisma.Decimal("3.00"), nextDueDate: due } });
    const path = `/services/${service.id}/upgrades/options`;
    const orders = await t.db.order.count({ where: { accountId: me.account.id } });
    expect((await call("POST", path, { addOptions: [ipv4.id], removeOptions: [ipv4.id] })).body.error).toBe(OVERLAPPING_OPTIONS);
    expect((await call("POST", path, { addOptions: [backup.id] })).body.error).toBe(addonAlreadyHeld("Backups"));
    expect((await call("POST", path, { removeOptions: [ipv4.id] })).body.error).toBe(addonNotHeld(ipv4.id));
    const empty = await call("POST", path, {});
    expect(empty).toMatchObject({ status: 400, body: { error: NOTHING_TO_CHANGE } });
    expect((await call("POST", `/services/${service.id}/options`, { optionId: ipv4.id, billingCycle: "annually" })).body.error).toBe("An add-on is billed on its service's billing cycle (monthly)");
    expect(await t.db.order.count({ where: { accountId: me.account.id } })).toBe(orders);
    expect(await t.db.serviceUpgrade.count({ where: { serviceId: service.id } })).toBe(0);
  });

  it("another customer's service and upgrades are 404", async () => {
    const service = await vps();
    const mine = await call("POST", `/services/${service.id}/upgrades`, { toProductId: plan.id });
    const upgradeId = (mine.body.data as { upgrade: { id: string } }).upgrade.id;
    const other = await customerWithKey(t.db, { credit: "50.00" });
    for (const [method, path, body] of [
      ["GET", `/services/${service.id}/options`],
      ["GET", `/services/${service.id}/options/available`],
      ["POST", `/services/${service.id}/options`, { optionId: backup.id }],
      ["DELETE", `/services/${service.id}/options/${backup.id}`],
      ["GET", `/services/${service.id}/upgrades`],
      ["POST", `/services/${service.id}/upgrades`, { toProductId: plan.id }],
      ["POST", `/services/${service.id}/upgrades/options`, { addOptions: [backup.id] }],
      ["GET", `/upgrades/${upgradeId}`],
      ["POST", `/upgrades/${upgradeId}/cancel`],
    ] as const) {
      expect((await call(method, path, body, other.plaintext)).status, `${method} ${path}`).toBe(404);
    }
    expect((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: upgradeId } })).status).toBe("awaiting_payment");
  });
});
