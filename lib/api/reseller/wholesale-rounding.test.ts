import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renewalLines, renewedServiceInclude } from "@/lib/billing/renewals/raise-renewal";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { addCredit, makeProduct } from "@/lib/testing/factories";
import { readJson, resellerRequest, resellerWithKey, type ResellerRequestOptions } from "../testing/api-test-kit";
import { dispatchResellerApi } from "./dispatch";

// Issue 12, bug 4 (docs/decisions.md "Money is rounded once, at quote time"): GET /products
// showed wholesale prices with three places (VPS S quarterly 17.766, annual 65.988) while an
// order for the same product and cycle charged the cent. The demo's figures, on factories: retail
// less the reseller's own 6 %. What the listing shows must be what an order charges and stores,
// and nothing an order writes (order, items, services, invoice, ledger) may carry more places than
// the currency's cent, except an hourly rate (4 places).

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely

let t: TestDb;
let r: Awaited<ReturnType<typeof resellerWithKey>>;
let vps: Awaited<ReturnType<typeof makeProduct>>;
let option: { id: string };
const now = new Date("2026-06-01T10:00:00.000Z");
const dec = (v: number | string) => new Prisma.Decimal(String(v));

const call = async (method: string, path: string, options: ResellerRequestOptions = {}) =>
  readJson(
    await dispatchResellerApi(resellerRequest(method, path, { key: r.plaintext, ...(method === "GET" ? {} : { sign: { secret: r.secret, now } }), ...options }), {
      db: t.db,
      clock: () => now,
    }),
  ) as Promise<{ status: number; body: Json }>;

const CYCLE_KEY = { monthly: "monthly", quarterly: "quarterly", annually: "annual", hourly: "hourly" } as const;
type Cycle = keyof typeof CYCLE_KEY;

beforeAll(async () => {
  t = await createTestDb();
  r = await resellerWithKey(t.db);
  await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "credit" }, update: { paymentMode: "credit" } });
  await t.db.resellerProfile.update({ where: { id: r.profile.id }, data: { defaultDiscountPercent: new Prisma.Decimal("6.00") } });
  await addCredit(t.db, r.account.id, "1000.00");
  await t.db.vatRate.create({ data: { countryCode: "NL", ratePercent: new Prisma.Decimal("21"), effectiveFrom: new Date("2020-01-01T00:00:00Z") } });
  // VPS S's retail prices; the setup fee and the add-on leave three or four places once 6 % is off.
  vps = await makeProduct(t.db, { kind: "generic", name: "VPS S", prices: { monthly: "6.50", quarterly: "18.90", annually: "70.20", hourly: "0.0099" }, setupFee: "4.99" });
  option = await t.db.productOption.create({
    data: { name: "Extra IPv4", slug: "extra-ipv4-rounding", pricingType: "recurring", setupFee: new Prisma.Decimal("0.99"), prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal("2.15") }] } },
  });
  await t.db.productOptionAssignment.create({ data: { productId: vps.id, optionId: option.id } });
});

afterAll(async () => {
  await t?.close();
});

describe("GET /products shows what POST /orders charges", () => {
  it("lists wholesale prices to the cent (an hourly rate to 4 places)", async () => {
    const { status, body } = await call("GET", `/products/${vps.id}`);
    expect(status, JSON.stringify(body)).toBe(200);
    // 6.50, 18.90, 70.20 and 4.99 less 6 %: 6.11, 17.766, 65.988, 4.6906 — shown as they are charged.
    expect(body.data.pricing).toEqual({ currency: "EUR", monthly: 6.11, quarterly: 17.77, semiAnnual: null, annual: 65.99, hourly: 0.0093, setupFee: 4.69 });
    // The add-on: 2.15 a month less 6 % = 2.021; × 3 = 6.063; × 12 = 24.252; / 720 per hour; setup 0.9306.
    expect(body.data.options[0].pricing).toMatchObject({ monthly: 2.02, quarterly: 6.06, annual: 24.25, hourly: 0.0028, setupFee: 0.93 });
  });

  it.each<[Cycle, number]>([
    ["monthly", 1],
    ["quarterly", 3],
    ["annually", 2],
    ["hourly", 1],
  ])("an order on the %s cycle (quantity %i) charges the listed product and add-on prices", async (cycle, quantity) => {
    const listed = (await call("GET", `/products/${vps.id}`)).body.data;
    const price = dec(listed.pricing[CYCLE_KEY[cycle]]);
    const setupFee = dec(listed.pricing.setupFee);
    const addOn = dec(listed.options[0].pricing[CYCLE_KEY[cycle]]);
    const addOnSetup = dec(listed.options[0].pricing.setupFee);

    const { status, body } = await call("POST", "/orders", {
      body: { productId: vps.id, billingCycle: cycle, quantity, externalOrderId: `rounding-${cycle}`, options: [{ optionId: option.id }] },
    });
    expect(status, JSON.stringify(body)).toBe(201);
    // The listed figures, added up, are the amount: nothing is left to round, except the first
    // hour of an hourly order (a 4-place rate), which is rounded once, on the line.
    const listedSum = price.plus(setupFee).plus(addOn).plus(addOnSetup).times(quantity);
    expect(body.data.amount).toBe((cycle === "hourly" ? listedSum.toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP) : listedSum).toNumber());
    expect(body.data.options).toEqual([{ optionId: option.id, name: "Extra IPv4", quantity: 1, unitPrice: addOn.toNumber(), setupFee: addOnSetup.toNumber() }]);

    // What the order stores, and what every later cycle of its services bills, is the listed price.
    const order = await t.db.order.findUniqueOrThrow({ where: { id: body.data.orderId }, include: { items: { include: { options: true } }, services: { include: { options: true } } } });
    expect(order.items.map((i) => [i.unitPrice.toString(), i.setupFee.toString()])).toEqual([[price.toString(), setupFee.toString()]]);
    expect(order.items[0]!.options.map((o) => [o.unitPrice.toString(), o.setupFee.toString()])).toEqual([[addOn.toString(), addOnSetup.toString()]]);
    expect(order.services).toHaveLength(quantity);
    for (const s of order.services) {
      expect(s.amount.toString()).toBe(price.toString());
      expect(s.options.map((o) => o.amount?.toString())).toEqual([addOn.toString()]);
    }
    if (cycle === "hourly") return;
    // Each renewal charges the listed price again: the service's line and the add-on's.
    const renewed = await t.db.service.findFirstOrThrow({ where: { orderId: body.data.orderId }, include: renewedServiceInclude });
    const lines = renewalLines(renewed, renewed.nextDueDate!, new Date(renewed.nextDueDate!.getTime() + 86_400_000));
    expect(lines.map((l) => [l.unitAmount.toString(), l.amount.toString()])).toEqual([
      [price.toString(), price.toString()],
      [addOn.toString(), addOn.toString()],
    ]);
  });

  it("stores no order, service, invoice or ledger amount with more places than the cent (hourly rates aside)", async () => {
    const cent = (d: Prisma.Decimal | null | undefined) => d === null || d === undefined || d.decimalPlaces() <= 2;
    const orders = await t.db.order.findMany({ where: { accountId: r.account.id }, include: { items: { include: { options: true } } } });
    expect(orders).toHaveLength(4);
    const offending: string[] = [];
    const check = (what: string, d: Prisma.Decimal | null | undefined) => {
      if (!cent(d)) offending.push(`${what} ${d!.toString()}`);
    };
    for (const o of orders) {
      for (const [k, v] of Object.entries({ amount: o.amount, vat: o.vat, total: o.total, baseAmount: o.baseAmount })) check(`order.${k}`, v);
      for (const i of o.items) {
        if (i.billingCycle !== "hourly") check("item.unitPrice", i.unitPrice);
        check("item.setupFee", i.setupFee);
        for (const io of i.options) {
          if (i.billingCycle !== "hourly") check("itemOption.unitPrice", io.unitPrice);
          check("itemOption.setupFee", io.setupFee);
        }
      }
    }
    const services = await t.db.service.findMany({ where: { accountId: r.account.id }, include: { options: true } });
    for (const s of services.filter((s) => s.billingCycle !== "hourly")) {
      check("service.amount", s.amount);
      for (const so of s.options) check("serviceOption.amount", so.amount);
    }
    for (const so of services.flatMap((s) => s.options)) check("serviceOption.setupFee", so.setupFee);
    const invoices = await t.db.invoice.findMany({ where: { accountId: r.account.id }, include: { items: true } });
    expect(invoices).toHaveLength(4);
    for (const inv of invoices) {
      for (const [k, v] of Object.entries({ subtotal: inv.subtotal, vatAmount: inv.vatAmount, total: inv.total, paidAmount: inv.paidAmount })) check(`invoice.${k}`, v);
      for (const item of inv.items) check("invoiceItem.amount", item.amount);
    }
    const ledger = await t.db.creditLedgerEntry.findMany({ where: { accountId: r.account.id } });
    expect(ledger.length).toBeGreaterThanOrEqual(5);
    for (const e of ledger) {
      check("ledger.amount", e.amount);
      check("ledger.balanceAfter", e.balanceAfter);
    }
    expect(offending).toEqual([]);
    // The ledger debits exactly the invoices' totals.
    const debited = ledger.filter((e) => e.amount.isNegative()).reduce((s, e) => s.plus(e.amount), dec(0));
    expect(debited.negated().toString()).toBe(invoices.reduce((s, i) => s.plus(i.total), dec(0)).toString());
  });
});
