import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { addCredit, makeProduct, makeService } from "@/lib/testing/factories";
import { testCardToken, TEST_CARDS } from "@/lib/payments/test-card-gateway";
import { placeOrder } from "@/lib/orders";
import { customerRequest, mintCustomerKey, mintResellerKey, readJson, resellerRequest, resellerWithKey, type ResellerRequestOptions } from "../testing/api-test-kit";
import { dispatchCustomerApi } from "../customer/dispatch";
import { dispatchResellerApi } from "./dispatch";

// Reseller API orders through the dispatcher: every collection mode, idempotency (also under
// concurrency), caps and minimums, retry, the refusal sentences, GET /orders.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely

let t: TestDb;
const now = new Date("2026-06-01T10:00:00.000Z");
let r: Awaited<ReturnType<typeof resellerWithKey>>;
let product: Awaited<ReturnType<typeof makeProduct>>;

const send = async (method: string, path: string, options: ResellerRequestOptions = {}) =>
  readJson(await dispatchResellerApi(resellerRequest(method, path, options), { db: t.db, clock: () => now })) as Promise<{ status: number; body: Json }>;
const as = (who: typeof r) => (method: string, path: string, options: ResellerRequestOptions = {}) =>
  send(method, path, { key: who.plaintext, ...(method === "GET" ? {} : { sign: { secret: who.secret, now } }), ...options });
const call = (method: string, path: string, options: ResellerRequestOptions = {}) => as(r)(method, path, options);
const order = (body: Json, who = r) => as(who)("POST", "/orders", { body: { productId: product.id, billingCycle: "monthly", ...body } });

async function setMode(mode: "credit" | "invoice" | "saved_method", extra: { minimumOrderAmount?: string | null } = {}) {
  const data = { paymentMode: mode, minimumOrderAmount: extra.minimumOrderAmount ? new Prisma.Decimal(extra.minimumOrderAmount) : null };
  await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
}

async function balance(accountId: string) {
  return (await t.db.clientAccount.findUniqueOrThrow({ where: { id: accountId } })).creditBalance.toFixed(2);
}

async function addCard(accountId: string, card: string, isDefault = true) {
  return t.db.paymentMethod.create({
    data: { accountId, gateway: "test", label: `Card ${card.slice(-4)}`, cardBrand: "visa", cardLastFour: card.slice(-4), gatewayToken: testCardToken(card), isDefault },
  });
}

beforeAll(async () => {
  t = await createTestDb();
  r = await resellerWithKey(t.db);
  await addCredit(t.db, r.account.id, "1000.00");
  await t.db.vatRate.create({ data: { countryCode: "NL", ratePercent: new Prisma.Decimal("21"), effectiveFrom: new Date("2020-01-01T00:00:00Z") } });
  await t.db.resellerProfile.update({ where: { id: r.profile.id }, data: { webhookUrl: "https://93.184.215.14/hook" } });
  product = await makeProduct(t.db, { kind: "generic", name: "Widget", prices: { monthly: "20.00", annually: "200.00" }, setupFee: "5.00" });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await setMode("credit");
});

describe("POST /orders in credit mode", () => {
  it("debits the balance, creates pending services, a paid invoice and order.paid; 201 with the order result", async () => {
    const before = await balance(r.account.id);
    const { status, body } = await order({ externalOrderId: "credit-1", quantity: 2, externalCustomerId: "cust-1", externalCustomerEmail: "c@example.com" });
    expect(status, JSON.stringify(body)).toBe(201);
    // NL account: 21 % VAT on (20 + 5) × 2 = 50.00 → 10.50
    expect(body.data).toMatchObject({
      externalOrderId: "credit-1",
      status: "paid",
      paymentStatus: "paid",
      paymentMode: "credit",
      amount: 50,
      vat: 10.5,
      total: 60.5,
      currency: "EUR",
      invoiceId: expect.any(String),
      options: [],
    });
    expect(body.data.orderNumber).toMatch(/^ORD-2026-\d{6}$/);
    expect(body.data.services).toHaveLength(2);
    expect(body.data.services.every((s: Json) => s.status === "pending")).toBe(true);
    expect(body.message).toMatch(/^Order paid \(invoice INV-2026-\d{6}\); provisioning started$/);
    expect(await balance(r.account.id)).toBe(new Prisma.Decimal(before).minus("60.50").toFixed(2));

    const invoice = await t.db.invoice.findUniqueOrThrow({ where: { id: body.data.invoiceId }, include: { items: true } });
    expect(invoice).toMatchObject({ status: "paid", total: new Prisma.Decimal("60.5"), orderId: body.data.orderId });
    expect(invoice.items.reduce((s, i) => s.plus(i.amount), new Prisma.Decimal(0)).toFixed(2)).toBe("50.00");
    const ledger = await t.db.creditLedgerEntry.findMany({ where: { orderId: body.data.orderId } });
    expect(ledger.map((l) => l.amount.toFixed(2))).toEqual(["-60.50"]);
    const customer = await t.db.resellerCustomer.findFirstOrThrow({ where: { resellerId: r.profile.id, externalCustomerId: "cust-1" } });
    expect(customer.email).toBe("c@example.com");
    const services = await t.db.service.findMany({ where: { orderId: body.data.orderId } });
    expect(services.every((s) => s.resellerCustomerId === customer.id && s.nextDueDate?.toISOString() === "2026-07-01T10:00:00.000Z")).toBe(true);
    const events = await t.db.outboxEvent.findMany({ where: { resellerId: r.profile.id, type: "order.paid" } });
    expect(events.map((e) => (e.payload as Json).orderId)).toContain(body.data.orderId);
    expect(events.find((e) => (e.payload as Json).orderId === body.data.orderId)!.payload).toMatchObject({
      externalOrderId: "credit-1",
      externalCustomerId: "cust-1",
      status: "paid",
      paymentMode: "credit",
      total: 60.5,
      invoiceId: body.data.invoiceId,
    });
  });

  it("wholesale prices are VAT-exclusive: the catalogue figure is the order's amount, the account country's VAT is added and charged", async () => {
    // docs/pricing.md "VAT": reseller-api says prices are VAT-exclusive and the order result
    // carries amount (excluding VAT), vat and total (gross collected, what is charged).
    const listed = (await call("GET", `/products/${product.id}`)).body.data;
    expect([listed.pricing.monthly, listed.pricing.setupFee]).toEqual([20, 5]);
    const before = await balance(r.account.id);
    const { status, body } = await order({ externalOrderId: "vat-nl-1" });
    expect(status, JSON.stringify(body)).toBe(201);
    expect([body.data.amount, body.data.vat, body.data.total]).toEqual([25, 5.25, 30.25]);
    expect(await balance(r.account.id)).toBe(new Prisma.Decimal(before).minus("30.25").toFixed(2));
    const stored = await t.db.order.findUniqueOrThrow({ where: { id: body.data.orderId } });
    expect([stored.amount.toFixed(2), stored.vatRate.toFixed(2), stored.vat.toFixed(2), stored.total.toFixed(2)]).toEqual(["25.00", "21.00", "5.25", "30.25"]);

    // A reseller whose country has no VAT rate on file pays the VAT-exclusive price as it is.
    const abroad = await resellerWithKey(t.db);
    await t.db.clientAccount.update({ where: { id: abroad.account.id }, data: { country: "US" } });
    await addCredit(t.db, abroad.account.id, "100.00");
    const other = await order({ externalOrderId: "vat-us-1" }, abroad);
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect([other.body.data.amount, other.body.data.vat, other.body.data.total]).toEqual([25, 0, 25]);
    expect(await balance(abroad.account.id)).toBe("75.00");
  });

  it("replays an externalOrderId with 200, the reconciliation shape and nothing charged, even with another body", async () => {
    const first = await order({ externalOrderId: "replay-1" });
    expect(first.status).toBe(201);
    const before = await balance(r.account.id);
    const again = await order({ externalOrderId: "replay-1", quantity: 5, billingCycle: "annually" });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({
      orderId: first.body.data.orderId,
      orderNumber: first.body.data.orderNumber,
      externalOrderId: "replay-1",
      status: "paid",
      paymentStatus: "paid",
      provisioningStatus: "pending",
      amount: 25,
      currency: "EUR",
      invoiceId: first.body.data.invoiceId,
      proformaId: null,
      createdAt: now.toISOString(),
      services: first.body.data.services,
      idempotent: true,
    });
    expect(again.body.message).toBe("An order with this externalOrderId exists; nothing was charged again");
    expect(await balance(r.account.id)).toBe(before);
  });

  it("answers 15 concurrent creates with one key once 201 and 14 times 200, with one order and one ledger row", async () => {
    const results = await Promise.all(Array.from({ length: 15 }, () => order({ externalOrderId: "race-1" })));
    expect(results.filter((x) => x.status === 201)).toHaveLength(1);
    expect(results.filter((x) => x.status === 200)).toHaveLength(14);
    expect(new Set(results.map((x) => x.body.data.orderId)).size).toBe(1);
    const orders = await t.db.order.findMany({ where: { resellerId: r.profile.id, externalOrderId: "race-1" } });
    expect(orders).toHaveLength(1);
    expect(await t.db.creditLedgerEntry.count({ where: { orderId: orders[0]!.id } })).toBe(1);
    expect(await t.db.service.count({ where: { orderId: orders[0]!.id } })).toBe(1);
  });

  it("refuses a shortfall with 400 naming both figures, writing nothing", async () => {
    const poor = await resellerWithKey(t.db);
    await addCredit(t.db, poor.account.id, "10.00");
    const { status, body } = await order({ externalOrderId: "poor-1" }, poor);
    expect({ status, body }).toEqual({
      status: 400,
      body: { success: false, error: "Insufficient credit balance: the order costs 30.25 EUR and the balance is 10.00 EUR" },
    });
    expect(await t.db.order.count({ where: { resellerId: poor.profile.id } })).toBe(0);
    expect(await balance(poor.account.id)).toBe("10.00");
  });

  it("refuses a kind no backend builds (IP transit, colocation) with 409 naming why, in every mode, writing nothing", async () => {
    const buyer = await resellerWithKey(t.db);
    await addCredit(t.db, buyer.account.id, "500.00");
    const rows = async () =>
      Promise.all([
        t.db.order.count({ where: { resellerId: buyer.profile.id } }),
        t.db.invoice.count({ where: { accountId: buyer.account.id } }),
        t.db.proforma.count({ where: { accountId: buyer.account.id } }),
        t.db.creditLedgerEntry.count({ where: { accountId: buyer.account.id } }),
        t.db.service.count({ where: { accountId: buyer.account.id } }),
        t.db.outboxEvent.count({ where: { resellerId: buyer.profile.id } }),
      ]);
    const before = await rows();
    const cases = [
      ["ip_transit", "IP transit products cannot be ordered yet: no backend builds them"],
      ["colocation", "Colocation products cannot be ordered yet: no backend builds them"],
    ] as const;
    for (const mode of ["credit", "invoice"] as const) {
      await setMode(mode);
      for (const [kind, error] of cases) {
        const unbuilt = await makeProduct(t.db, { kind, prices: { monthly: "30.00" } });
        expect(await order({ productId: unbuilt.id, externalOrderId: `unbuilt-${mode}-${kind}`, quantity: 2 }, buyer), `${mode} ${kind}`).toEqual({
          status: 409,
          body: { success: false, error },
        });
      }
    }
    expect(await rows()).toEqual(before);
    expect(await balance(buyer.account.id)).toBe("500.00");
  });

  it("enforces holding caps (409) and the minimum order (400) before any charge", async () => {
    const capped = await resellerWithKey(t.db);
    await addCredit(t.db, capped.account.id, "1000.00");
    await t.db.resellerProductCap.create({ data: { resellerId: capped.profile.id, productId: product.id, maxUnits: 3 } });
    await makeService(t.db, { accountId: capped.account.id, productId: product.id });
    expect(await order({ quantity: 3 }, capped)).toEqual({ status: 409, body: { success: false, error: "Quantity limit reached" } });
    expect((await order({ quantity: 2 }, capped)).status).toBe(201);
    expect(await order({}, capped)).toEqual({ status: 409, body: { success: false, error: "Quantity limit reached" } });

    await setMode("credit", { minimumOrderAmount: "100.00" });
    const below = await order({ externalOrderId: "min-1" });
    expect(below).toEqual({ status: 400, body: { success: false, error: "Order amount 25.00 EUR is below the minimum order amount of 100.00 EUR" } });
  });

  it("lets only the cap's worth of 12 concurrent orders through", async () => {
    const capped = await resellerWithKey(t.db);
    await addCredit(t.db, capped.account.id, "1000.00");
    await t.db.resellerProductCap.create({ data: { resellerId: capped.profile.id, productId: product.id, maxUnits: 5 } });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => order({ externalOrderId: `cap-race-${i}` }, capped)));
    expect(results.filter((x) => x.status === 201)).toHaveLength(5);
    expect(results.filter((x) => x.status === 409)).toHaveLength(7);
    expect(await t.db.service.count({ where: { accountId: capped.account.id } })).toBe(5);
  });

  it("refuses what is not sold: product 404, cycle, options, location", async () => {
    expect(await call("POST", "/orders", { body: { productId: randomUUID(), billingCycle: "monthly" } })).toEqual({
      status: 404,
      body: { success: false, error: "Product not found" },
    });
    expect(await order({ billingCycle: "semi-annually" })).toEqual({
      status: 400,
      body: { success: false, error: "Product is not sold on the 'semi-annually' billing cycle" },
    });
    const bad = randomUUID();
    expect(await order({ options: [{ optionId: bad }, { optionId: "nope" }] })).toEqual({
      status: 400,
      body: { success: false, error: `Options not available for this product: ${bad}, nope` },
    });
    expect(await order({ configuration: { location: "mars-1" } })).toEqual({
      status: 400,
      body: { success: false, error: "Location 'mars-1' is not available for this product; accepted values: none (the product is not sold by location)" },
    });
    const required = await makeProduct(t.db, { kind: "generic", prices: { monthly: "5.00" } });
    await t.db.product.update({ where: { id: required.id }, data: { locationRequired: true } });
    expect(await call("POST", "/orders", { body: { productId: required.id, billingCycle: "monthly" } })).toEqual({
      status: 400,
      body: { success: false, error: "A datacentre must be selected" },
    });
  });

  it("prices add-ons (duplicates merged, maxQuantity enforced) and lists them in the result", async () => {
    const option = await t.db.productOption.create({
      data: { name: "Extra IP", slug: `extra-ip-${randomUUID().slice(0, 6)}`, pricingType: "recurring", maxQuantity: 3, setupFee: new Prisma.Decimal("1.00"), prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal("2.00") }] } },
    });
    await t.db.productOptionAssignment.create({ data: { productId: product.id, optionId: option.id } });
    try {
      expect(await order({ options: [{ optionId: option.id, quantity: 2 }, { optionId: option.id, quantity: 2 }] })).toEqual({
        status: 400,
        body: { success: false, error: "Option 'Extra IP' allows at most 3 per service" },
      });
      const { status, body } = await order({ externalOrderId: "opt-1", options: [{ optionId: option.id }, { optionId: option.id, quantity: 2 }] });
      expect(status, JSON.stringify(body)).toBe(201);
      // 20 + 5 setup + 3 × (2 + 1 setup) = 34.00, VAT 21 % = 7.14
      expect(body.data).toMatchObject({ amount: 34, vat: 7.14, total: 41.14, options: [{ optionId: option.id, name: "Extra IP", quantity: 3, unitPrice: 2, setupFee: 1 }] });
      const held = await t.db.serviceOption.findMany({ where: { service: { orderId: body.data.orderId } } });
      expect(held.map((o) => [o.status, o.quantity, o.amount?.toFixed(2), o.setupFee.toFixed(2)])).toEqual([["active", 3, "6.00", "3.00"]]);
    } finally {
      await t.db.productOptionAssignment.delete({ where: { productId_optionId: { productId: product.id, optionId: option.id } } });
    }
  });

  it("validates the body in the validation envelope", async () => {
    const { status, body } = await call("POST", "/orders", { body: { productId: "x", billingCycle: "weekly", quantity: 101, externalOrderId: "a".repeat(101) } });
    expect(status).toBe(400);
    expect(body.error.message).toBe("Validation failed");
    expect(body.error.details.map((d: Json) => d.field).sort()).toEqual(["billingCycle", "externalOrderId", "productId", "quantity"]);
  });

  it("validates configuration before any charge: hostname, OS image, user_data, SSH keys", async () => {
    const vps = await makeProduct(t.db, { kind: "vps", prices: { monthly: "10.00" } });
    const image = await t.db.osImage.create({ data: { name: "Debian 12", slug: `debian-${randomUUID().slice(0, 6)}`, family: "linux", distro: "debian", version: "12" } });
    await t.db.productOsImage.create({ data: { productId: vps.id, osImageId: image.id, isDefault: true } });
    const vpsOrder = (configuration: Json) => call("POST", "/orders", { body: { productId: vps.id, billingCycle: "monthly", configuration } });
    const before = await balance(r.account.id);
    expect(await vpsOrder({ hostname: "-bad-" })).toEqual({
      status: 400,
      body: { success: false, error: "Hostname must be a valid host name (RFC 1123: labels of letters, digits and hyphens, at most 253 characters)" },
    });
    expect(await vpsOrder({ osImageId: randomUUID() })).toEqual({ status: 400, body: { success: false, error: "This OS image cannot be ordered with this product" } });
    expect(await vpsOrder({ user_data: "echo hi" })).toEqual({
      status: 400,
      body: { success: false, error: "user_data must start with '#!' (a script) or '#cloud-config' (a cloud-config document)" },
    });
    expect(await vpsOrder({ user_data: `#!/bin/sh\n${"x".repeat(64 * 1024)}` })).toEqual({ status: 400, body: { success: false, error: "user_data must be at most 64 KB" } });
    expect(await vpsOrder({ ssh_keys: ["not a key"] })).toEqual({ status: 400, body: { success: false, error: "ssh_keys must be OpenSSH public keys" } });
    expect(await order({ configuration: { user_data: "#!/bin/sh" } })).toEqual({ status: 400, body: { success: false, error: "user_data is only available on VPS products" } });
    // Valid configuration, but the VPS is sold in no location: refused as unavailable.
    expect(await vpsOrder({ hostname: "web1.example.com", osImageId: image.id, user_data: "#cloud-config\n", ssh_keys: ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB7 me@host"] })).toEqual({
      status: 409,
      body: { success: false, error: expect.any(String) },
    });
    expect(await balance(r.account.id)).toBe(before);
  });

  it("refuses a customer-bound key naming another customer, and attributes to the bound one", async () => {
    const customer = await t.db.resellerCustomer.create({ data: { resellerId: r.profile.id, externalCustomerId: "bound-1" } });
    const bound = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read", "orders"], customerId: customer.id });
    const asBound = { ...r, plaintext: bound.plaintext };
    expect(await order({ externalCustomerId: "someone-else" }, asBound)).toEqual({
      status: 400,
      body: { success: false, error: "This API key is bound to customer 'bound-1'; externalCustomerId must be omitted or equal it" },
    });
    const ok = await order({ externalOrderId: "bound-order" }, asBound);
    expect(ok.status).toBe(201);
    const list = await as(asBound)("GET", "/orders");
    expect(list.body.data.map((o: Json) => o.id)).toEqual([ok.body.data.orderId]);
    // Another customer's externalOrderId is neither replayed to the bound key nor ordered again.
    expect(await order({ externalOrderId: "credit-1" }, asBound)).toEqual({
      status: 409,
      body: { success: false, error: "This externalOrderId is already used by another order" },
    });
    expect(list.body.data[0].external_customer_id).toBe("bound-1");
  });
});

describe("POST /orders in invoice mode", () => {
  it("raises an unpaid invoice, services pending_payment, order.invoiced", async () => {
    await setMode("invoice");
    const before = await balance(r.account.id);
    const { status, body } = await order({ externalOrderId: "inv-1" });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ status: "invoiced", paymentStatus: "pending", paymentMode: "invoice", invoiceId: expect.any(String) });
    expect(body.data.services).toEqual([{ serviceId: expect.any(String), status: "pending_payment" }]);
    expect(body.message).toMatch(/^Invoice INV-2026-\d{6} raised; services are created when it is paid$/);
    const invoice = await t.db.invoice.findUniqueOrThrow({ where: { id: body.data.invoiceId } });
    expect(invoice.status).toBe("unpaid");
    expect(invoice.dueDate.toISOString()).toBe("2026-06-08T10:00:00.000Z");
    expect(await balance(r.account.id)).toBe(before);
    expect(await t.db.outboxEvent.count({ where: { type: "order.invoiced", payload: { path: ["orderId"], equals: body.data.orderId } } })).toBe(1);
  });

  it("raises a proforma on proforma-first suppliers: invoiceId null, number in message, proformaId on replay and list", async () => {
    await setMode("invoice");
    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, issueProformas: true }, update: { issueProformas: true } });
    try {
      const { status, body } = await order({ externalOrderId: "pro-1" });
      expect(status).toBe(201);
      expect(body.data.invoiceId).toBeNull();
      expect(body.message).toMatch(/^Proforma PRO-2026-\d{6} raised; services are created when it is paid$/);
      const proforma = await t.db.proforma.findFirstOrThrow({ where: { orderId: body.data.orderId } });
      expect(proforma.invoiceId).toBeNull();
      const list = await call("GET", "/orders?externalOrderId=pro-1");
      expect(list.body.data[0]).toMatchObject({ invoice_id: null, proformaId: proforma.id });
      const replay = await order({ externalOrderId: "pro-1" });
      expect(replay.body.data).toMatchObject({ invoiceId: null, proformaId: proforma.id, idempotent: true });
    } finally {
      await t.db.platformSettings.update({ where: { id: 1 }, data: { issueProformas: false } });
    }
  });

  it("answers retry on an invoiced order with 400", async () => {
    await setMode("invoice");
    const placed = await order({ externalOrderId: "inv-retry" });
    expect(await call("POST", `/orders/${placed.body.data.orderId}/retry`, { body: {} })).toEqual({
      status: 400,
      body: { success: false, error: "This order is invoiced: pay the raised document instead of retrying" },
    });
  });
});

describe("POST /orders in saved_method mode, and retry", () => {
  it("charges the default card: paid, services pending, paid invoice", async () => {
    await setMode("saved_method");
    const who = await resellerWithKey(t.db);
    await addCard(who.account.id, TEST_CARDS.success);
    const { status, body } = await order({ externalOrderId: "card-ok" }, who);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data).toMatchObject({ status: "paid", paymentStatus: "paid", paymentMode: "saved_method", invoiceId: expect.any(String) });
    expect(body.data.services).toEqual([{ serviceId: expect.any(String), status: "pending" }]);
    const payment = await t.db.payment.findFirstOrThrow({ where: { orderId: body.data.orderId } });
    expect(payment).toMatchObject({ status: "paid", method: "card", invoiceId: body.data.invoiceId });
    expect(payment.gatewayReference).toMatch(/^test_ch_/);
  });

  it("records a decline as payment_failed (201), then retry on a good card succeeds and re-emits order.paid", async () => {
    await setMode("saved_method");
    const who = await resellerWithKey(t.db);
    await addCard(who.account.id, TEST_CARDS.declined);
    const good = await addCard(who.account.id, TEST_CARDS.success, false);
    const placed = await order({ externalOrderId: "card-declined" }, who);
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ status: "payment_failed", paymentStatus: "failed", invoiceId: null });
    expect(placed.body.message).toBe(`Payment failed: Your card was declined. Retry with POST /orders/${placed.body.data.orderId}/retry`);
    const id = placed.body.data.orderId;
    const row = await as(who)("GET", `/orders/${id}`);
    expect(row.body.data).toMatchObject({ payment_status: "failed", payment_failed_reason: "Your card was declined", provisioning_error: null });

    const again = await as(who)("POST", `/orders/${id}/retry`, { body: {} });
    expect(again).toEqual({ status: 400, body: { success: false, error: "Your card was declined" } });

    const retried = await as(who)("POST", `/orders/${id}/retry`, { body: { paymentMethodId: good.id } });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toEqual({
      orderId: id,
      externalOrderId: "card-declined",
      status: "paid",
      paymentMode: "saved_method",
      invoiceId: expect.any(String),
      services: placed.body.data.services.map((s: Json) => ({ ...s, status: "pending" })),
    });
    expect(await as(who)("POST", `/orders/${id}/retry`, { body: {} })).toEqual({ status: 400, body: { success: false, error: "Order is already paid" } });
    const events = await t.db.outboxEvent.findMany({ where: { resellerId: who.profile.id }, orderBy: { createdAt: "asc" } });
    // createdAt has millisecond precision: the refused retry and the paid one can share a tick.
    expect(events.map((e) => e.type).sort()).toEqual(["order.paid", "order.payment_failed", "order.payment_failed"]);
    const paidAt = events.find((e) => e.type === "order.paid")!.createdAt.getTime();
    expect(events.every((e) => e.createdAt.getTime() <= paidAt)).toBe(true);
  });

  it("answers insufficient funds with its reason, and 10 concurrent retries charge once", async () => {
    await setMode("saved_method");
    const who = await resellerWithKey(t.db);
    const poor = await addCard(who.account.id, TEST_CARDS.insufficientFunds);
    const placed = await order({ externalOrderId: "card-poor" }, who);
    expect(placed.body.data.status).toBe("payment_failed");
    expect(placed.body.message).toContain("Your card has insufficient funds");
    await t.db.paymentMethod.update({ where: { id: poor.id }, data: { isDefault: false } });
    await addCard(who.account.id, TEST_CARDS.success);
    const id = placed.body.data.orderId;
    const results = await Promise.all(Array.from({ length: 10 }, () => as(who)("POST", `/orders/${id}/retry`, { body: {} })));
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    for (const x of results.filter((y) => y.status !== 200)) {
      expect([
        { status: 409, body: { success: false, error: "Another payment attempt for this order is in progress" } },
        { status: 400, body: { success: false, error: "Order is already paid" } },
      ]).toContainEqual(x);
    }
    expect(await t.db.payment.count({ where: { orderId: id, status: "paid" } })).toBe(1);
  });

  it("answers 400 without a saved method, and 404 for another reseller's order", async () => {
    await setMode("saved_method");
    const who = await resellerWithKey(t.db);
    expect(await order({}, who)).toEqual({
      status: 400,
      body: { success: false, error: "No saved payment method on file; add a card in the reseller portal or send paymentMethodId" },
    });
    expect(await order({ paymentMethodId: randomUUID() }, who)).toEqual({ status: 400, body: { success: false, error: "Payment method not found" } });
    await setMode("credit");
    const mine = await order({ externalOrderId: "not-yours" });
    expect(await as(who)("GET", `/orders/${mine.body.data.orderId}`)).toEqual({ status: 404, body: { success: false, error: "Order not found" } });
    expect(await as(who)("POST", `/orders/${mine.body.data.orderId}/retry`, { body: {} })).toEqual({ status: 404, body: { success: false, error: "Order not found" } });
  });

  it("answers 502 with data when the charge went through but services could not be created", async () => {
    await setMode("saved_method");
    const who = await resellerWithKey(t.db);
    await addCard(who.account.id, TEST_CARDS.success);
    const result = await placeOrder(
      {
        db: t.db,
        now,
        actor: { kind: "reseller", resellerId: who.profile.id },
        beforeActivate: async () => {
          throw new Error("simulated failure");
        },
      },
      { items: [{ productId: product.id, billingCycle: "monthly" }], externalOrderId: "boom" },
    );
    expect(result.provisioningFailed).toBe(true);
    expect(result.order).toMatchObject({ status: "provisioning_failed", paymentStatus: "paid", provisioningError: "The payment went through but the services could not be created" });
    expect(await t.db.payment.count({ where: { orderId: result.order.id, status: "paid" } })).toBe(1);
    // The service cannot be built: what the card paid for it is kept as credit, once (docs/decisions.md#r11).
    const refunds = await t.db.creditLedgerEntry.findMany({ where: { orderId: result.order.id, kind: "refund" } });
    expect(refunds.map((e) => [e.accountId, e.amount.toFixed(2)])).toEqual([[who.account.id, result.order.total.toFixed(2)]]);
    expect(await balance(who.account.id)).toBe(result.order.total.toFixed(2));
    const row = await as(who)("GET", `/orders/${result.order.id}`);
    expect(row.body.data).toMatchObject({ status: "provisioning_failed", provisioning_status: "failed", provisioning_error: "The payment went through but the services could not be created" });
    expect(await as(who)("POST", `/orders/${result.order.id}/retry`, { body: {} })).toEqual({ status: 400, body: { success: false, error: "Order is already paid" } });
  });
});

describe("GET /orders", () => {
  it("lists newest first with offset pagination and filters; storefront orders appear with payment_mode storefront", async () => {
    const who = await resellerWithKey(t.db);
    await addCredit(t.db, who.account.id, "500.00");
    const a = await order({ externalOrderId: "list-a" }, who);
    const b = await order({ externalOrderId: "list-b", externalCustomerId: "lc", externalCustomerName: "List Customer" }, who);
    // The reseller's own account at the customer API checkout: a storefront order, at wholesale.
    const key = await mintCustomerKey(t.db, { accountId: who.account.id, userId: who.owner.id, scopes: ["read", "orders"] });
    const storefront = await readJson(
      await dispatchCustomerApi(customerRequest("POST", "/orders", { key: key.plaintext, body: { productId: product.id, billingCycle: "monthly" } }), { db: t.db, clock: () => now }),
    );
    expect(storefront.status, JSON.stringify(storefront.body)).toBe(201);

    const all = await as(who)("GET", "/orders?limit=2");
    expect(all.body.pagination).toEqual({ total: 3, limit: 2, offset: 0, hasMore: true });
    const page2 = await as(who)("GET", "/orders?limit=2&offset=2");
    expect(page2.body.pagination).toEqual({ total: 3, limit: 2, offset: 2, hasMore: false });
    const rows: Json[] = [...all.body.data, ...page2.body.data];
    const sf = rows.find((o) => o.payment_mode === "storefront")!;
    expect(sf).toMatchObject({ external_order_id: null, payment_status: "pending", status: "invoiced" });
    expect(await as(who)("POST", `/orders/${sf.id}/retry`, { body: {} })).toEqual({
      status: 409,
      body: { success: false, error: "Storefront orders cannot be retried through the API; pay the order's document in the client panel" },
    });

    const one = await as(who)("GET", "/orders?externalOrderId=list-b");
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).toEqual({
      id: b.body.data.orderId,
      order_number: b.body.data.orderNumber,
      status: "paid",
      billing_cycle: "monthly",
      total_amount: "30.25",
      created_at: now.toISOString(),
      external_order_id: "list-b",
      payment_status: "paid",
      payment_mode: "credit",
      provisioning_status: "pending",
      wholesale_amount: "30.25",
      currency: "EUR",
      payment_failed_reason: null,
      invoice_id: b.body.data.invoiceId,
      proformaId: null,
      external_customer_id: "lc",
      external_customer_email: null,
      external_customer_name: "List Customer",
      product_name: "Widget",
      services: [{ serviceId: b.body.data.services[0].serviceId, status: "pending", hostname: null, serverIp: null }],
    });
    expect((await as(who)("GET", "/orders?status=paid")).body.data.map((o: Json) => o.id).sort()).toEqual([a.body.data.orderId, b.body.data.orderId].sort());
    const bad = await as(who)("GET", "/orders?status=weird&limit=500");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: Json) => d.field).sort()).toEqual(["limit", "status"]);
  });
});
