import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerSum, makeInvoice, makeProforma } from "@/lib/billing/testing/billing-factories";
import { addCredit, makeCustomer, makeProduct, makeService } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { customerRequest, customerWithKey, mintCustomerKey, readJson } from "../testing/api-test-kit";
import { dispatchCustomerApi } from "./dispatch";
import { customerRoutes } from "./routes";

// The billing endpoints of the customer API through the dispatcher: shapes (checked against the
// declared response schemas), every refusal sentence, member permissions and the credit-payment cool-down.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely

let t: TestDb;
// After the factories' top-ups (stamped with the real time), so the ledger reads in order.
let clock = new Date("2031-04-10T10:00:00.000Z");
const call = async (method: string, path: string, key: string, body?: unknown) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key, body }), { db: t.db, clock: () => clock }));
const ok = async (method: string, path: string, key: string, body?: unknown): Promise<Json> => {
  const { status, body: b } = await call(method, path, key, body);
  expect(status, JSON.stringify(b)).toBe(method === "GET" ? 200 : 200);
  expect(b.success).toBe(true);
  // the declared schema is what /openapi.json promises
  const endpoint = customerRoutes.find((e) => e.method === method && new RegExp(`^${e.path.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path.split("?")[0]!));
  expect(endpoint, path).toBeDefined();
  expect(() => endpoint!.response?.parse(b.data)).not.toThrow();
  return b as Json;
};
const refused = async (method: string, path: string, key: string, body?: unknown) => {
  const r = await call(method, path, key, body);
  expect(r.body.success).toBe(false);
  return r as { status: number; body: Json };
};

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("GET /invoices and /invoices/{id}", () => {
  it("lists the account's invoices newest first with pagination {page, limit, total, pages} and stats; filters by status", async () => {
    const c = await customerWithKey(t.db);
    const other = await makeCustomer(t.db);
    await makeInvoice(t.db, { accountId: other.account.id });
    const a = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "10.00" }], issuedAt: new Date("2026-03-01T00:00:00Z") });
    const b = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "20.00" }], issuedAt: new Date("2026-03-02T00:00:00Z") });
    const p = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "5.00" }], issuedAt: new Date("2026-03-03T00:00:00Z") });
    await t.db.invoice.update({ where: { id: p.id }, data: { status: "paid", paidAmount: p.total, paidAt: clock } });
    await t.db.invoice.update({ where: { id: b.id }, data: { paidAmount: "4.00" } });

    const all = (await ok("GET", "/invoices", c.plaintext)).data;
    expect(all.invoices.map((i: Json) => i.id)).toEqual([p.id, b.id, a.id]);
    expect(all.invoices[1]).toEqual({
      id: b.id,
      invoice_number: b.number,
      status: "unpaid",
      total: "20.00",
      currency: "EUR",
      issued_at: "2026-03-02T00:00:00.000Z",
      due_date: "2026-03-09T00:00:00.000Z",
      paid_at: null,
    });
    expect(all.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 });
    expect(all.stats).toEqual({
      count: 3,
      by_status: {
        unpaid: { count: 2, total: "30.00" },
        paid: { count: 1, total: "5.00" },
        cancelled: { count: 0, total: "0.00" },
        refunded: { count: 0, total: "0.00" },
      },
      outstanding: "26.00",
    });

    const unpaid = (await ok("GET", "/invoices?status=unpaid&limit=1&page=2", c.plaintext)).data;
    expect(unpaid.invoices.map((i: Json) => i.id)).toEqual([a.id]);
    expect(unpaid.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 });
    expect((await ok("GET", "/invoices?limit=5000", c.plaintext)).data.pagination.limit).toBe(200);

    const bad = await refused("GET", "/invoices?status=overdue", c.plaintext);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "status" }] });
  });

  it("reads one invoice with lines, payments, paid_amount, remaining_amount and settled; another account's is 404", async () => {
    const c = await customerWithKey(t.db, { credit: "100" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ description: "VPS M", amount: "10.00" }], vatRate: "21" });
    await ok("POST", `/invoices/${invoice.id}/pay`, c.plaintext, { amount: "2.10" });
    const data = (await ok("GET", `/invoices/${invoice.id}`, c.plaintext)).data;
    expect(data).toMatchObject({
      id: invoice.id,
      invoice_number: invoice.number,
      status: "unpaid",
      subtotal: "10.00",
      vat_rate: "21.00",
      vat_amount: "2.10",
      total: "12.10",
      paid_amount: "2.10",
      remaining_amount: "10.00",
      settled: false,
      proforma: null,
      items: [{ description: "VPS M", quantity: 1, unit_amount: "10.00", amount: "10.00", service_id: null }],
      payments: [{ method: "credit", amount: "2.10", currency: "EUR", status: "paid" }],
    });

    const stranger = await customerWithKey(t.db, { credit: "100" });
    for (const [method, path] of [
      ["GET", `/invoices/${invoice.id}`],
      ["POST", `/invoices/${invoice.id}/pay`],
      ["GET", `/invoices/${randomUUID()}`],
    ] as const) {
      const r = await refused(method, path, stranger.plaintext, {});
      expect(r.status, path).toBe(404);
      expect(r.body).toEqual({ success: false, code: "NOT_FOUND", error: "Invoice not found" });
    }
  });
});

describe("POST /invoices/{id}/pay", () => {
  it("{} pays the whole outstanding amount: {payment, newBalance, remainingAmount, invoicePaid}", async () => {
    const c = await customerWithKey(t.db, { credit: "50" });
    const product = await makeProduct(t.db);
    const service = await makeService(t.db, { accountId: c.account.id, productId: product.id, status: "pending_payment" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "12.34", serviceId: service.id }] });
    const data = (await ok("POST", `/invoices/${invoice.id}/pay`, c.plaintext, {})).data;
    expect(data).toEqual({
      payment: { id: expect.any(String), method: "credit", amount: "12.34", currency: "EUR", status: "paid", created_at: clock.toISOString() },
      newBalance: "37.66",
      remainingAmount: "0.00",
      invoicePaid: true,
    });
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).status).toBe("pending");
    expect((await ok("GET", "/account/balance", c.plaintext)).data).toEqual({ balance: "37.66", currency: "EUR" });
  });

  it("answers 400 with each refusal sentence, in the documented order, and changes nothing", async () => {
    const c = await customerWithKey(t.db, { credit: "5" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "10.00" }] });
    const path = `/invoices/${invoice.id}/pay`;
    const expect400 = async (body: unknown, error: string) => {
      const r = await refused("POST", path, c.plaintext, body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: "BAD_REQUEST", error });
    };
    await expect400({ amount: "10.01" }, "Amount exceeds the outstanding invoice balance");
    await expect400({}, "Insufficient credit balance");
    await expect400({ amount: 6 }, "Insufficient credit balance");
    const invalid = await refused("POST", path, c.plaintext, { amount: "-1" });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "amount", message: "Amount must be a positive amount with at most 2 decimal places" }] });
    for (const amount of ["0", "1.005", "abc", 1e-7]) expect((await refused("POST", path, c.plaintext, { amount })).status).toBe(400);
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);

    await ok("POST", path, c.plaintext, { amount: 5 });
    await addCredit(t.db, c.account.id, "5");
    expect((await ok("POST", path, c.plaintext, {})).data).toMatchObject({ invoicePaid: true, newBalance: "0.00" });
    await expect400({}, "Invoice cannot be paid: it is already paid");
    await t.db.invoice.update({ where: { id: invoice.id }, data: { status: "cancelled" } });
    await expect400({}, "Invoice cannot be paid: it is cancelled");
    expect((await ledgerSum(t.db, c.account.id)).toFixed(2)).toBe("0.00");
  });

  it("needs the billing scope; a read-only key gets 403 SCOPE_REQUIRED", async () => {
    const c = await customerWithKey(t.db, { credit: "50", scopes: ["read"] });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id });
    const r = await refused("POST", `/invoices/${invoice.id}/pay`, c.plaintext, {});
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: "SCOPE_REQUIRED", scope: "billing" });
  });

  it("consumes the credit-payment cool-down (10 per minute per user and invoice) only when accepted", async () => {
    const c = await customerWithKey(t.db, { credit: "100" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "50.00" }] });
    const second = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "50.00" }] });
    const path = `/invoices/${invoice.id}/pay`;
    // refusals do not count
    for (let i = 0; i < 3; i++) expect((await refused("POST", path, c.plaintext, { amount: "60" })).status).toBe(400);
    for (let i = 0; i < 10; i++) await ok("POST", path, c.plaintext, { amount: "1" });
    const limited = await refused("POST", path, c.plaintext, { amount: "1" });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "ACTION_RATE_LIMITED", retry_after_seconds: expect.any(Number) });
    // another invoice is another resource
    await ok("POST", `/invoices/${second.id}/pay`, c.plaintext, { amount: "1" });
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).paidAmount.toFixed(2)).toBe("10.00");
    const saved = clock;
    clock = new Date(clock.getTime() + 61_000);
    try {
      await ok("POST", path, c.plaintext, { amount: "1" });
    } finally {
      clock = saved;
    }
  });

  it("20 concurrent requests for one invoice pay it once", async () => {
    const c = await customerWithKey(t.db, { credit: "100" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "7.00" }] });
    const results = await Promise.all(Array.from({ length: 20 }, () => call("POST", `/invoices/${invoice.id}/pay`, c.plaintext, {})));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      // 400 for those that found it paid; 429 for those beyond the ten cool-down slots held by calls in flight
      if (r.status === 429) expect(r.body.code).toBe("ACTION_RATE_LIMITED");
      else expect(r.body).toMatchObject({ code: "BAD_REQUEST", error: "Invoice cannot be paid: it is already paid" });
    }
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: c.account.id } })).creditBalance.toFixed(2)).toBe("93.00");
  });
});

describe("team members", () => {
  it("need invoices.view to read and invoices.pay to pay, and pay with their own credit", async () => {
    const c = await makeCustomer(t.db, { credit: "100" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "8.00" }] });
    const viewer = await makeCustomer(t.db);
    await t.db.teamMember.create({ data: { accountId: c.account.id, userId: viewer.owner.id, permissions: ["services.view"] } });
    const viewerKey = await mintCustomerKey(t.db, { accountId: c.account.id, userId: viewer.owner.id, scopes: ["read"] });
    for (const path of ["/invoices", `/invoices/${invoice.id}`, "/proformas"]) {
      const r = await refused("GET", path, viewerKey.plaintext);
      expect(r.status, path).toBe(403);
      expect(r.body).toMatchObject({ code: "FORBIDDEN" });
    }
    await t.db.teamMember.updateMany({ where: { userId: viewer.owner.id }, data: { permissions: ["invoices.view"] } });
    expect((await ok("GET", "/invoices", viewerKey.plaintext)).data.invoices).toHaveLength(1);

    // a billing key whose member lost invoices.pay is refused on every request
    const payer = await makeCustomer(t.db, { credit: "20" });
    const membership = await t.db.teamMember.create({ data: { accountId: c.account.id, userId: payer.owner.id, permissions: ["invoices.view", "invoices.pay"] } });
    const payerKey = await mintCustomerKey(t.db, { accountId: c.account.id, userId: payer.owner.id, scopes: ["read", "billing"] });
    await t.db.teamMember.update({ where: { id: membership.id }, data: { permissions: ["invoices.view"] } });
    const denied = await refused("POST", `/invoices/${invoice.id}/pay`, payerKey.plaintext, {});
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: "FORBIDDEN" });
    await t.db.teamMember.update({ where: { id: membership.id }, data: { permissions: ["invoices.view", "invoices.pay"] } });
    expect((await ok("POST", `/invoices/${invoice.id}/pay`, payerKey.plaintext, {})).data).toMatchObject({ invoicePaid: true, newBalance: "12.00" });
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: c.account.id } })).creditBalance.toFixed(2)).toBe("100.00");
    // the member's own ledger shows the payment; the owner's does not
    const theirs = await ok("GET", "/account/transactions", payerKey.plaintext);
    expect(theirs.data[0]).toMatchObject({ type: "payment", amount: "-8.00", balance_after: "12.00", invoice_id: invoice.id });
  });
});

describe("GET /proformas, /proformas/{id}, POST /proformas/{id}/pay", () => {
  it("lists, reads with nested items and payments, pays in part, then in full into a paid invoice", async () => {
    const c = await customerWithKey(t.db, { credit: "40" });
    const proforma = await makeProforma(t.db, { accountId: c.account.id, lines: [{ description: "Dedicated X", amount: "30.00" }] });
    const list = (await ok("GET", "/proformas?status=unpaid", c.plaintext)).data;
    expect(list.proformas).toEqual([
      expect.objectContaining({ id: proforma.id, proforma_number: proforma.number, status: "unpaid", total: "30.00", currency: "EUR", invoice: null }),
    ]);
    expect(list.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });
    expect(list).not.toHaveProperty("stats");

    const path = `/proformas/${proforma.id}/pay`;
    expect((await refused("POST", path, c.plaintext, { amount: "30.01" })).body.error).toBe("Amount exceeds the outstanding proforma balance");
    const part = (await ok("POST", path, c.plaintext, { amount: "10" })).data;
    expect(part).toEqual({ creditApplied: "10.00", newBalance: "30.00", remainingAmount: "20.00", proformaPaid: false, invoice: null });
    const detail = (await ok("GET", `/proformas/${proforma.id}`, c.plaintext)).data;
    expect(detail).toMatchObject({
      status: "unpaid",
      paid_amount: "10.00",
      remaining_amount: "20.00",
      settled: false,
      items: [{ description: "Dedicated X", amount: "30.00" }],
      payments: [{ amount: "10.00", method: "credit", status: "paid" }],
      invoice: null,
    });

    const rest = (await ok("POST", path, c.plaintext, {})).data;
    expect(rest).toEqual({
      creditApplied: "20.00",
      newBalance: "10.00",
      remainingAmount: "0.00",
      proformaPaid: true,
      invoice: { invoice_number: expect.stringMatching(/^INV-2031-\d{6}$/), status: "paid" },
    });
    const converted = (await ok("GET", `/proformas/${proforma.id}`, c.plaintext)).data;
    expect(converted).toMatchObject({ status: "converted", settled: true, invoice: { invoice_number: rest.invoice.invoice_number, status: "paid" } });
    const invoice = (await ok("GET", `/invoices/${converted.invoice.id}`, c.plaintext)).data;
    expect(invoice).toMatchObject({ status: "paid", total: "30.00", paid_amount: "30.00", settled: true, proforma: { id: proforma.id } });
    expect(invoice.payments).toHaveLength(2);

    const again = await refused("POST", path, c.plaintext, {});
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: "BAD_REQUEST", error: "Proforma cannot be paid: it has already been converted to an invoice" });
    const poor = await customerWithKey(t.db, { credit: "1" });
    const p2 = await makeProforma(t.db, { accountId: poor.account.id });
    expect((await refused("POST", `/proformas/${p2.id}/pay`, poor.plaintext, {})).body.error).toBe("Insufficient credit balance");
    expect((await refused("GET", `/proformas/${p2.id}`, c.plaintext)).body).toEqual({ success: false, code: "NOT_FOUND", error: "Proforma not found" });
  });
});

describe("GET /account/transactions and /account/usage", () => {
  it("pages the caller's ledger with totalPages beside data", async () => {
    const c = await customerWithKey(t.db, { credit: "30" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "4.00" }] });
    clock = new Date(clock.getTime() + 1000);
    await ok("POST", `/invoices/${invoice.id}/pay`, c.plaintext, {});
    const page = await ok("GET", "/account/transactions?limit=1", c.plaintext);
    expect(page.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
    expect(page.data).toEqual([
      {
        id: expect.any(String),
        type: "payment",
        amount: "-4.00",
        balance_after: "26.00",
        currency: "EUR",
        description: `Payment of invoice ${invoice.number}`,
        invoice_id: invoice.id,
        proforma_id: null,
        order_id: null,
        created_at: clock.toISOString(),
      },
    ]);
    const second = await ok("GET", "/account/transactions?limit=1&page=2", c.plaintext);
    expect(second.data[0]).toMatchObject({ type: "top_up", amount: "30.00", balance_after: "30.00" });
  });

  it("sums services, invoices, hourly charges and credit for the month", async () => {
    const c = await customerWithKey(t.db, { credit: "100" });
    const product = await makeProduct(t.db);
    await makeService(t.db, { accountId: c.account.id, productId: product.id, status: "active", amount: "10.00" });
    await makeService(t.db, { accountId: c.account.id, productId: product.id, status: "active", amount: "2.50" });
    await makeService(t.db, { accountId: c.account.id, productId: product.id, status: "pending_payment" });
    await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "9.00" }] });
    const paid = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "3.00" }] });
    await ok("POST", `/invoices/${paid.id}/pay`, c.plaintext, {});
    await t.db.$transaction(async (tx) => {
      const { postCreditEntry } = await import("@/lib/billing/post-credit-entry");
      const { Prisma } = await import("@/lib/generated/prisma/client");
      await postCreditEntry(tx, { accountId: c.account.id, kind: "hourly_charge", amount: new Prisma.Decimal("-0.25"), description: "Hourly", at: clock });
    });
    const data = (await ok("GET", "/account/usage", c.plaintext)).data;
    expect(data).toEqual({
      services: { total: 3, by_status: { active: 2, pending_payment: 1 }, active_recurring_amount: "12.50" },
      invoices: { unpaid_count: 1, unpaid_total: "9.00", paid_this_month: "3.00" },
      hourly: { charged_this_month: "0.25", charges: 1 },
      credit_balance: "96.75",
      credit_currency: "EUR",
      currency: "EUR",
      period: { month: "2031-04" },
    });
  });
});
