import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { registerProductKindBackend } from "@/lib/catalogue/product-kind-backends";
import { addCredit, makeProduct } from "@/lib/testing/factories";
import { customerRequest, customerWithKey, mintCustomerKey, readJson, type RequestOptions } from "../testing/api-test-kit";
import { dispatchCustomerApi } from "./dispatch";

// Customer API orders through the dispatcher: single and multi-item forms, documents, idempotency
// (body key and header, also under concurrency), configuration refusals, projects, listing.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely

let t: TestDb;
const now = new Date("2026-06-01T10:00:00.000Z");
let c: Awaited<ReturnType<typeof customerWithKey>>;
let product: Awaited<ReturnType<typeof makeProduct>>;
let other: Awaited<ReturnType<typeof makeProduct>>;
let clock = now;

const send = async (method: string, path: string, options: RequestOptions = {}, key = c.plaintext) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key, ...options }), { db: t.db, clock: () => clock })) as Promise<{ status: number; body: Json }>;
const post = (body: Json, options: RequestOptions = {}, key = c.plaintext) => send("POST", "/orders", { body, ...options }, key);

beforeAll(async () => {
  t = await createTestDb();
  c = await customerWithKey(t.db, { credit: "100.00" });
  await t.db.vatRate.create({ data: { countryCode: "NL", ratePercent: new Prisma.Decimal("21"), effectiveFrom: new Date("2020-01-01T00:00:00Z") } });
  product = await makeProduct(t.db, { kind: "generic", name: "Widget", prices: { monthly: "20.00", hourly: "0.05" }, setupFee: "5.00" });
  other = await makeProduct(t.db, { kind: "generic", name: "Gadget", prices: { monthly: "10.00" } });
});
afterAll(async () => {
  await t?.close();
});

describe("POST /orders", () => {
  it("raises an unpaid invoice at retail; services wait in pending_payment; 201 with the documented shape", async () => {
    const { status, body } = await post({ productId: product.id, billingCycle: "monthly", hostname: "app1.example.com" });
    expect(status, JSON.stringify(body)).toBe(201);
    const d = body.data;
    expect(d.order).toMatchObject({
      order_number: expect.stringMatching(/^ORD-2026-\d{6}$/),
      status: "invoiced",
      payment_status: "pending",
      amount: "25.00",
      vat: "5.25",
      total: "30.25",
      currency: "EUR",
      price_basis: "retail",
      idempotency_key: null,
      project: { id: c.project.id, slug: "default", name: "Default" },
    });
    expect(d.order.items).toEqual([
      expect.objectContaining({ product_id: product.id, product_name: "Widget", billing_cycle: "monthly", quantity: 1, unit_price: "20.00", setup_fee: "5.00", hostname: "app1.example.com", options: [] }),
    ]);
    expect(d.services).toEqual([{ id: expect.any(String), status: "pending_payment" }]);
    expect(d.invoice).toMatchObject({ number: expect.stringMatching(/^INV-2026-/), status: "unpaid", total: "30.25", currency: "EUR", due_date: "2026-06-08T10:00:00.000Z" });
    expect(d.proforma).toBeNull();
    expect(d.document).toEqual({ type: "invoice", id: d.invoice.id, status: "unpaid", total: "30.25", settled: false });
    expect(d.settled).toBe(false);
    expect(d.next_step).toContain(`POST /invoices/${d.invoice.id}/pay`);
    expect(d.credit_balance).toBe("100.00");
    const service = await t.db.service.findUniqueOrThrow({ where: { id: d.services[0].id } });
    expect(service).toMatchObject({ projectId: c.project.id, hostname: "app1.example.com", status: "pending_payment", nextDueDate: null });
  });

  it("takes the multi-item form: one order, one document, lines adding up", async () => {
    const { status, body } = await post({
      items: [
        { productId: product.id, billingCycle: "monthly", quantity: 2 },
        { productId: other.id, billingCycle: "monthly", hostname: "b.example.com" },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data.order.items.map((i: Json) => i.product_name)).toEqual(["Widget", "Gadget"]);
    expect(body.data.services).toHaveLength(3);
    expect(body.data.order.amount).toBe("60.00");
    const lines = await t.db.invoiceItem.findMany({ where: { invoiceId: body.data.invoice.id } });
    expect(lines.reduce((s, l) => s.plus(l.amount), new Prisma.Decimal(0)).toFixed(2)).toBe("60.00");
  });

  it("is idempotent on the body key and on the header: 201 then 200 replays, one order for life", async () => {
    const first = await post({ productId: product.id, billingCycle: "monthly", idempotencyKey: "k-1" });
    expect(first.status).toBe(201);
    expect(first.body.data.order.idempotency_key).toBe("k-1");
    const again = await post({ productId: other.id, billingCycle: "monthly", idempotencyKey: "k-1" });
    expect(again.status).toBe(200);
    expect(again.body.data.idempotent).toBe(true);
    expect(again.body.data.order.id).toBe(first.body.data.order.id);
    expect(again.body.message).toBe("An order with this idempotency key exists; it is returned as it is now and nothing was charged again");
    const header = await post({ productId: product.id, billingCycle: "monthly" }, { headers: { "idempotency-key": "k-1" } });
    expect(header.status).toBe(200);
    expect(header.body.data.order.id).toBe(first.body.data.order.id);
    expect(await post({ productId: product.id, billingCycle: "monthly", idempotencyKey: "a" }, { headers: { "idempotency-key": "b" } })).toMatchObject({
      status: 400,
      body: { success: false, error: "idempotencyKey and the Idempotency-Key header differ", code: "BAD_REQUEST" },
    });
    const listed = await send("GET", "/orders?idempotencyKey=k-1");
    expect(listed.body.data.orders.map((o: Json) => o.id)).toEqual([first.body.data.order.id]);
  });

  it("answers 16 concurrent first calls with one key with one 201 and fifteen 200s, one order, one use of the order cool-down", async () => {
    const racer = await customerWithKey(t.db);
    const results = await Promise.all(Array.from({ length: 16 }, () => post({ productId: product.id, billingCycle: "monthly", idempotencyKey: "race" }, {}, racer.plaintext)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200 && r.body.data.idempotent === true)).toHaveLength(15);
    expect(await t.db.order.count({ where: { accountId: racer.account.id } })).toBe(1);
    expect(await t.db.invoice.count({ where: { accountId: racer.account.id } })).toBe(1);
    // The losers answered a replay: the uses they reserved while the key was still free were given back (docs/decisions.md#r14).
    expect(await t.db.actionCooldownUse.count({ where: { userId: racer.owner.id, bucket: "orders" } })).toBe(1);
  });

  it("charges hourly products from credit without a document, above the minimum balance only", async () => {
    const { status, body } = await post({ productId: product.id, billingCycle: "hourly" });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data.order).toMatchObject({ status: "paid", payment_status: "paid", amount: "5.05", total: "6.11" });
    expect(body.data).toMatchObject({ invoice: null, proforma: null, document: null, settled: true, credit_balance: "93.89" });
    expect(body.data.services[0].status).toBe("pending");

    const poor = await customerWithKey(t.db, { credit: "5.00" });
    expect(await post({ productId: product.id, billingCycle: "hourly" }, {}, poor.plaintext)).toEqual({
      status: 400,
      body: { success: false, error: "Hourly products need a credit balance of at least 10.00 EUR; the balance is 5.00 EUR", code: "BAD_REQUEST" },
    });
    expect(await post({ items: [{ productId: product.id, billingCycle: "hourly" }, { productId: product.id, billingCycle: "monthly" }] })).toMatchObject({
      status: 400,
      body: { error: "Hourly and non-hourly products cannot be ordered together; place two orders" },
    });
  });

  it("raises a proforma on proforma-first platforms", async () => {
    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, issueProformas: true }, update: { issueProformas: true } });
    try {
      const { status, body } = await post({ productId: other.id, billingCycle: "monthly" });
      expect(status).toBe(201);
      expect(body.data.invoice).toBeNull();
      expect(body.data.proforma).toMatchObject({ number: expect.stringMatching(/^PRO-2026-/), status: "unpaid" });
      expect(body.data.document).toMatchObject({ type: "proforma", settled: false });
      expect(body.data.next_step).toContain("/proformas/");
    } finally {
      await t.db.platformSettings.update({ where: { id: 1 }, data: { issueProformas: false } });
    }
  });

  it("refuses bad input before anything is charged, with codes", async () => {
    const vps = await makeProduct(t.db, { kind: "vps", prices: { monthly: "10.00" } });
    const image = await t.db.osImage.create({ data: { name: "Windows 2022", slug: `win-${randomUUID().slice(0, 6)}`, family: "windows", distro: "windows", version: "2022" } });
    await t.db.productOsImage.create({ data: { productId: vps.id, osImageId: image.id, isDefault: true } });
    const cases: [Json, number, Json][] = [
      [{ billingCycle: "monthly" }, 400, { code: "BAD_REQUEST", details: [{ field: "productId", message: "Required (or send items[])" }] }],
      [{ productId: product.id, billingCycle: "monthly", items: [{ productId: product.id, billingCycle: "monthly" }] }, 400, { code: "BAD_REQUEST" }],
      [{ productId: randomUUID(), billingCycle: "monthly" }, 404, { error: "Product not found", code: "NOT_FOUND" }],
      [{ productId: product.id, billingCycle: "annually" }, 400, { error: "Product is not sold on the 'annually' billing cycle", code: "BAD_REQUEST" }],
      [{ productId: product.id, billingCycle: "monthly", location: "x1" }, 400, { code: "LOCATION_UNAVAILABLE" }],
      [{ productId: product.id, billingCycle: "monthly", hostname: "a..b" }, 400, { details: [{ field: "hostname", message: expect.any(String) }] }],
      [
        { productId: vps.id, billingCycle: "monthly", configOptions: { os_image_id: image.id, custom_image_id: randomUUID() } },
        400,
        { error: "Send either os_image_id or custom_image_id, not both", details: [{ field: "custom_image_id", message: "Send either os_image_id or custom_image_id, not both" }] },
      ],
      [{ productId: vps.id, billingCycle: "monthly", configOptions: { custom_image_id: randomUUID() } }, 400, { error: "Custom image not found" }],
      [{ productId: vps.id, billingCycle: "monthly", configOptions: { user_data: "#!/bin/sh\necho" } }, 400, { error: "user_data is not available on Windows images" }],
      [{ productId: vps.id, billingCycle: "monthly", configOptions: { user_data: "runcmd: []" } }, 400, { details: [{ field: "user_data", message: expect.stringContaining("'#!'") }] }],
      [{ productId: vps.id, billingCycle: "monthly", configOptions: { ssh_key_ids: [randomUUID()] } }, 400, { error: expect.stringMatching(/^Unknown SSH key ids: /) }],
      [{ productId: product.id, billingCycle: "monthly", projectId: "nope" }, 400, { error: "Unknown project: nope", code: "UNKNOWN_PROJECT" }],
      [{ items: [{ productId: product.id, billingCycle: "monthly" }, { productId: product.id, billingCycle: "monthly", hostname: "-x" }] }, 400, { details: [{ field: "items[1].hostname", message: expect.any(String) }] }],
    ];
    const before = await t.db.order.count({ where: { accountId: c.account.id } });
    for (const [body, status, expected] of cases) {
      const result = await post(body);
      expect(result.status, JSON.stringify(body)).toBe(status);
      expect(result.body, JSON.stringify(body)).toMatchObject({ success: false, ...expected });
    }
    expect(await t.db.order.count({ where: { accountId: c.account.id } })).toBe(before);
  });

  it("answers 409 when the product cannot be built: forced unavailable, sold out in a location", async () => {
    const limited = await makeProduct(t.db, { kind: "generic", prices: { monthly: "1.00" } });
    const loc = await t.db.location.create({ data: { value: `lim-${randomUUID().slice(0, 4)}`, name: "Limited", countryCode: "NL", flag: "x" } });
    await t.db.productLocation.create({ data: { productId: limited.id, locationId: loc.id, capacity: 1 } });
    expect((await post({ productId: limited.id, billingCycle: "monthly", location: loc.value })).status).toBe(201);
    expect(await post({ productId: limited.id, billingCycle: "monthly", location: loc.value })).toMatchObject({ status: 409, body: { code: "LOCATION_SOLD_OUT" } });
    await t.db.product.update({ where: { id: limited.id }, data: { forcedUnavailable: true } });
    expect(await post({ productId: limited.id, billingCycle: "monthly" })).toMatchObject({
      status: 409,
      body: { error: "This product is temporarily unavailable", code: "PRODUCT_UNAVAILABLE" },
    });
  });

  it("answers 409 PRODUCT_UNAVAILABLE for a kind no backend builds (IP transit, colocation), writing nothing", async () => {
    const buyer = await customerWithKey(t.db, { credit: "100.00" });
    const rows = async () =>
      Promise.all([
        t.db.order.count({ where: { accountId: buyer.account.id } }),
        t.db.invoice.count({ where: { accountId: buyer.account.id } }),
        t.db.proforma.count({ where: { accountId: buyer.account.id } }),
        t.db.creditLedgerEntry.count({ where: { accountId: buyer.account.id } }),
        t.db.service.count({ where: { accountId: buyer.account.id } }),
      ]);
    const before = await rows();
    const cases = [
      ["ip_transit", "IP transit products cannot be ordered yet: no backend builds them"],
      ["colocation", "Colocation products cannot be ordered yet: no backend builds them"],
    ] as const;
    for (const [kind, error] of cases) {
      const unbuilt = await makeProduct(t.db, { kind, prices: { monthly: "30.00", hourly: "0.05" } });
      for (const billingCycle of ["monthly", "hourly"]) {
        expect(await post({ productId: unbuilt.id, billingCycle }, {}, buyer.plaintext), `${kind} ${billingCycle}`).toEqual({
          status: 409,
          body: { success: false, error, code: "PRODUCT_UNAVAILABLE" },
        });
      }
      expect(await send("GET", `/products/${unbuilt.id}/availability`, {}, buyer.plaintext)).toMatchObject({
        status: 200,
        body: { data: { available: false, code: "plan_disabled", reason: error } },
      });
    }
    expect(await rows()).toEqual(before);
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: buyer.account.id } })).creditBalance.toFixed(2)).toBe("100.00");
  });

  it("a kind becomes orderable once a backend registers for it", async () => {
    const transit = await makeProduct(t.db, { kind: "ip_transit", prices: { monthly: "30.00" } });
    const site = await t.db.location.create({ data: { value: `tr-${randomUUID().slice(0, 4)}`, name: "Transit", countryCode: "NL", flag: "x" } });
    await t.db.productLocation.create({ data: { productId: transit.id, locationId: site.id } });
    const undo = registerProductKindBackend("ip_transit", "routers (test)");
    try {
      const { status, body } = await post({ productId: transit.id, billingCycle: "monthly", location: site.value });
      expect(status, JSON.stringify(body)).toBe(201);
    } finally {
      undo();
    }
    expect((await post({ productId: transit.id, billingCycle: "monthly", location: site.value })).status).toBe(409);
  });

  it("puts services in the request's project and refuses another one from a bound key", async () => {
    const staging = await t.db.project.create({ data: { accountId: c.account.id, name: "Staging", slug: "staging" } });
    const placed = await post({ productId: other.id, billingCycle: "monthly", projectId: "staging" });
    expect(placed.body.data.order.project).toEqual({ id: staging.id, slug: "staging", name: "Staging" });
    const bound = await mintCustomerKey(t.db, { accountId: c.account.id, userId: c.owner.id, scopes: ["read", "orders"], projectId: staging.id });
    expect(await post({ productId: other.id, billingCycle: "monthly", projectId: "default" }, {}, bound.plaintext)).toMatchObject({
      status: 403,
      body: { code: "PROJECT_SCOPE_MISMATCH" },
    });
    const inBound = await post({ productId: other.id, billingCycle: "monthly" }, {}, bound.plaintext);
    expect(inBound.body.data.order.project.slug).toBe("staging");
    const listed = await send("GET", "/orders", {}, bound.plaintext);
    expect(listed.body.data.orders.every((o: Json) => o.project.slug === "staging")).toBe(true);
    expect(await send("GET", `/orders/${placed.body.data.order.id}`, {}, bound.plaintext)).toMatchObject({ status: 200 });
    const outside = (await send("GET", "/orders?idempotencyKey=k-1")).body.data.orders[0].id;
    expect(await send("GET", `/orders/${outside}`, {}, bound.plaintext)).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
  });

  it("refuses the 31st order within 15 minutes with 429 ACTION_RATE_LIMITED; replays of a used key neither count nor are refused", async () => {
    const busy = await customerWithKey(t.db);
    clock = new Date("2026-06-02T10:00:00.000Z");
    const order = (extra: Json = {}, options: RequestOptions = {}) => post({ productId: other.id, billingCycle: "monthly", ...extra }, options, busy.plaintext);
    try {
      const first = await order({ idempotencyKey: "full-1" });
      expect(first.status).toBe(201);
      for (let i = 0; i < 28; i++) expect((await order()).status).toBe(201);
      // 29 used: replays (body key, header) answer the order and spend nothing, so the 30th new order still goes through.
      for (const options of [{}, {}, { headers: { "idempotency-key": "full-1" } }]) {
        const replay = await order(options.headers ? {} : { idempotencyKey: "full-1" }, options);
        expect(replay).toMatchObject({ status: 200, body: { data: { idempotent: true, order: { id: first.body.data.order.id } } } });
      }
      expect((await order()).status).toBe(201);
      const refused = await order({ idempotencyKey: "full-2" });
      expect(refused).toMatchObject({ status: 429, body: { code: "ACTION_RATE_LIMITED" } });
      // The bucket is full: a replay of a used key is still answered (it was a 429 before docs/decisions.md#r14) …
      expect(await order({ idempotencyKey: "full-1" })).toMatchObject({ status: 200, body: { data: { idempotent: true, order: { id: first.body.data.order.id } } } });
      expect(await order({}, { headers: { "idempotency-key": "full-1" } })).toMatchObject({ status: 200, body: { data: { idempotent: true } } });
      // … a key the refused call sent is not used, a malformed key pair is a 400 before the cool-down, and nothing was spent.
      expect((await order({ idempotencyKey: "full-2" })).status).toBe(429);
      expect(await order({ idempotencyKey: "a" }, { headers: { "idempotency-key": "b" } })).toMatchObject({ status: 400, body: { error: "idempotencyKey and the Idempotency-Key header differ" } });
      expect(await t.db.actionCooldownUse.count({ where: { userId: busy.owner.id, bucket: "orders" } })).toBe(30);
      expect(await t.db.order.count({ where: { accountId: busy.account.id } })).toBe(30);
    } finally {
      clock = now;
    }
  });
});

describe("auto-credit and paying the order's document", () => {
  it("pays the new order's invoice from credit within the request when auto-credit is on: settled, services released", async () => {
    const a = await customerWithKey(t.db, { credit: "100.00" });
    await t.db.clientAccount.update({ where: { id: a.account.id }, data: { autoCredit: true } });
    const { status, body } = await post({ productId: product.id, billingCycle: "monthly" }, {}, a.plaintext);
    expect(status, JSON.stringify(body)).toBe(201);
    const d = body.data;
    expect(d.settled).toBe(true);
    expect(d.document).toMatchObject({ type: "invoice", status: "paid", settled: true });
    expect(d.invoice.autoCreditApplied).toEqual({
      creditApplied: "30.25",
      newBalance: "69.75",
      remainingAmount: "0.00",
      proformaPaid: false,
      invoice: { invoice_number: d.invoice.number, status: "paid" },
    });
    expect(d.order).toMatchObject({ status: "paid", payment_status: "paid" });
    expect(d.services).toEqual([{ id: expect.any(String), status: "pending" }]);
    expect(d.credit_balance).toBe("69.75");
  });

  it("applies what the balance allows when it is short, leaving the rest open", async () => {
    const a = await customerWithKey(t.db, { credit: "10.00" });
    await t.db.clientAccount.update({ where: { id: a.account.id }, data: { autoCredit: true } });
    const { body } = await post({ productId: product.id, billingCycle: "monthly" }, {}, a.plaintext);
    expect(body.data.settled).toBe(false);
    expect(body.data.invoice.autoCreditApplied).toMatchObject({ creditApplied: "10.00", newBalance: "0.00", remainingAmount: "20.25" });
    expect(body.data.order.status).toBe("invoiced");
    expect(body.data.services).toEqual([{ id: expect.any(String), status: "pending_payment" }]);
  });

  it("without auto-credit the invoice stays open; paying it later activates the order and its services", async () => {
    const a = await customerWithKey(t.db, { credit: "100.00" });
    const placed = (await post({ productId: product.id, billingCycle: "monthly" }, {}, a.plaintext)).body.data;
    expect(placed.invoice.autoCreditApplied).toBeUndefined();
    const paid = await send("POST", `/invoices/${placed.invoice.id}/pay`, { body: {} }, a.plaintext);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = await t.db.order.findUniqueOrThrow({ where: { id: placed.order.id }, include: { services: true } });
    expect(order).toMatchObject({ status: "paid", paymentStatus: "paid" });
    expect(order.services.map((s) => s.status)).toEqual(["pending"]);
    expect(order.services[0]!.nextDueDate).not.toBeNull();
  });
});

describe("GET /orders and GET /orders/{id}", () => {
  it("lists newest first with {orders, pagination}, filters by hostname, reads one as {order}", async () => {
    const lister = await customerWithKey(t.db);
    await addCredit(t.db, lister.account.id, "10.00");
    const a = await post({ productId: other.id, billingCycle: "monthly", hostname: "Alpha.example.com" }, {}, lister.plaintext);
    await post({ productId: other.id, billingCycle: "monthly", hostname: "beta.example.com" }, {}, lister.plaintext);
    const all = await send("GET", "/orders?limit=1", {}, lister.plaintext);
    expect(all.body.data.pagination).toEqual({ page: 1, limit: 1, total: 2 });
    const alpha = await send("GET", "/orders?hostname=alpha.example.com", {}, lister.plaintext);
    expect(alpha.body.data.orders.map((o: Json) => o.id)).toEqual([a.body.data.order.id]);
    const one = await send("GET", `/orders/${a.body.data.order.id}`, {}, lister.plaintext);
    expect(one.body.data.order).toMatchObject({ id: a.body.data.order.id, items: [expect.objectContaining({ hostname: "Alpha.example.com" })], services: [expect.objectContaining({ status: "pending_payment" })] });
    expect(await send("GET", `/orders/${a.body.data.order.id}`)).toMatchObject({ status: 404 });
  });
});
