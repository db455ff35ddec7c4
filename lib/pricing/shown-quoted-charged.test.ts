import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productRow } from "@/lib/api/reseller/endpoints/products/product-row";
import { loadCatalogue } from "@/lib/catalogue/catalogue";
import { displayCurrency } from "@/lib/catalogue/display-currency";
import { Prisma, type BillingCycle } from "@/lib/generated/prisma/client";
import { placeOrder } from "@/lib/orders";
import { addCredit, makeCustomer, makeLocation, makeReseller } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { quoteOrder } from "./quote-order";
import { REF_MINOR_DIGITS, fromUnits, type RefCurrency } from "./testing/reference-pricing";

// Shown = quoted = charged (docs/decisions.md "Money is rounded once, at quote time"), on
// generated catalogues in the database: retail prices with up to 4 places (as the admin accepts
// them), a setup fee, an add-on, a datacentre surcharge, the reseller's own, tier and per-product
// percentages, in a base currency with 0, 2 or 3 minor digits. What the catalogue shows (the price
// sheet behind the reseller API and the portal, and the reseller API's JSON number), what
// quoteOrder quotes and what placeOrder charges and stores are the same figures, and none has more
// places than the currency allows (4 for an hourly rate). The digits come from the reference
// model's own ISO 4217 table, not from lib/pricing.

const CURRENCIES = ["EUR", "JPY", "KWD"] as const satisfies readonly RefCurrency[];
type Currency = (typeof CURRENCIES)[number];
const CYCLES = ["monthly", "quarterly", "semi_annually", "annually", "hourly"] as const satisfies readonly BillingCycle[];
const MONTHS = { monthly: 1, quarterly: 3, semi_annually: 6, annually: 12 } as const;

const d = (v: string | number) => new Prisma.Decimal(String(v));
const allowed = (currency: Currency, cycle: BillingCycle | null) => (cycle === "hourly" ? 4 : REF_MINOR_DIGITS[currency]);
const fits = (value: Prisma.Decimal, currency: Currency, cycle: BillingCycle | null) => value.decimalPlaces() <= allowed(currency, cycle);

/** A stored figure: up to 4 places (at least 0.0001), as the admin forms accept. */
const figure = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 500 }).map((n) => `${n}.00`), weight: 1 },
  { arbitrary: fc.bigInt({ min: 1n, max: 5_000_000n }).map(fromUnits), weight: 3 },
);
/** A percentage with up to 2 places. */
const percent = fc.integer({ min: 0, max: 9_000 }).map((n) => (n / 100).toFixed(2));

const catalogueCase = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  cycle: fc.constantFrom(...CYCLES),
  price: figure,
  setupFee: fc.option(figure, { nil: null }),
  addOnMonthly: figure,
  addOnSetup: fc.option(figure, { nil: null }),
  surchargeMonthly: fc.option(figure, { nil: null }),
  surchargeSetup: fc.option(figure, { nil: null }),
  resellerPercent: percent,
  tierPercent: fc.option(percent, { nil: null }),
  productPercent: fc.option(percent, { nil: null }),
  quantity: fc.integer({ min: 1, max: 3 }),
});
type Case = typeof catalogueCase extends fc.Arbitrary<infer T> ? T : never;

let t: TestDb;
let locationId: string;
let locationValue: string;
let tierId: string;
const resellers = {} as Record<Currency, { resellerId: string; accountId: string }>;
let run = 0;
const start = new Date("2030-01-01T00:00:00Z");

async function setBaseCurrency(currency: string) {
  await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, baseCurrency: currency }, update: { baseCurrency: currency } });
}

/** A product sold on `cycle` at `price`, with an add-on priced monthly and a priced datacentre. */
async function makeCatalogue(c: Case) {
  const n = ++run;
  const option = await t.db.productOption.create({
    data: {
      name: `Add-on ${n}`,
      slug: `add-on-${n}`,
      pricingType: "recurring",
      setupFee: c.addOnSetup === null ? null : d(c.addOnSetup),
      prices: { create: [{ cycle: "monthly", amount: d(c.addOnMonthly) }] },
    },
  });
  const product = await t.db.product.create({
    data: {
      kind: "generic",
      name: `Plan ${n}`,
      slug: `plan-${n}`,
      setupFee: c.setupFee === null ? null : d(c.setupFee),
      specs: {},
      prices: { create: [{ cycle: c.cycle, amount: d(c.price) }] },
      options: { create: [{ optionId: option.id }] },
      locations: { create: [{ locationId, surchargeMonthly: c.surchargeMonthly === null ? null : d(c.surchargeMonthly), surchargeSetup: c.surchargeSetup === null ? null : d(c.surchargeSetup) }] },
    },
  });
  return { productId: product.id, optionId: option.id };
}

beforeAll(async () => {
  t = await createTestDb();
  const location = await makeLocation(t.db);
  locationId = location.id;
  locationValue = location.value;
  tierId = (await t.db.tier.create({ data: { name: "Generated", sortOrder: 1, minMonthlyRunRate: d(0), defaultDiscountPercent: d(0) } })).id;
  await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "credit" }, update: { paymentMode: "credit" } });
  for (const currency of CURRENCIES) {
    const r = await makeReseller(t.db);
    await t.db.clientAccount.update({ where: { id: r.account.id }, data: { currency, country: "US" } });
    await addCredit(t.db, r.account.id, "100000000");
    resellers[currency] = { resellerId: r.profile.id, accountId: r.account.id };
  }
});

afterAll(async () => {
  await t?.close();
});

describe("shown = quoted = charged, to the currency's minor unit", () => {
  it("a reseller's price list, its quote and the order it places agree figure for figure", async () => {
    await fc.assert(
      fc.asyncProperty(catalogueCase, async (c) => {
        const at = new Date(start.getTime() + ++run * 60_000);
        await setBaseCurrency(c.currency);
        const { resellerId, accountId } = resellers[c.currency];
        await t.db.tier.update({ where: { id: tierId }, data: { defaultDiscountPercent: d(c.tierPercent ?? "0") } });
        await t.db.resellerProfile.update({ where: { id: resellerId }, data: { defaultDiscountPercent: d(c.resellerPercent), tierId: c.tierPercent === null ? null : tierId } });
        const { productId, optionId } = await makeCatalogue(c);
        if (c.productPercent !== null) await t.db.resellerProductDiscount.create({ data: { resellerId, productId, percent: d(c.productPercent) } });
        const buyer = { kind: "reseller" as const, resellerId };

        // Shown: the price sheet (portal price list and reseller API), and the API's JSON numbers.
        const catalogue = await loadCatalogue({ db: t.db, now: at, actor: buyer }, { ids: [productId] });
        const entry = catalogue.entries[0]!;
        const shown = entry.sheet.cycles[c.cycle]!;
        const shownAddOn = entry.sheet.options[0]!.cycles[c.cycle]!;
        const shownLocation = entry.product.locations[0]!;
        const json = productRow(entry, catalogue.baseCurrency);
        const key = { monthly: "monthly", quarterly: "quarterly", semi_annually: "semiAnnual", annually: "annual", hourly: "hourly" } as const;
        expect(d(json.pricing[key[c.cycle]]!).equals(shown.amount)).toBe(true);
        expect(d(json.options[0]!.pricing[key[c.cycle]]!).equals(shownAddOn.amount)).toBe(true);
        for (const [value, cycle] of [
          [shown.amount, c.cycle],
          [shown.setupFee, null],
          [shownAddOn.amount, c.cycle],
          [shownAddOn.setupFee, null],
          [shownLocation.surchargeMonthly, "monthly"],
          [shownLocation.surchargeSetup, null],
        ] as const) {
          if (value !== null) expect(fits(value, c.currency, cycle), `${value.toString()} in ${c.currency}`).toBe(true);
        }

        // Quoted.
        const item = { productId, billingCycle: c.cycle, quantity: c.quantity, location: locationValue, options: [{ optionId }] };
        const quote = await quoteOrder(t.db, { buyer, items: [item], at }, { enforceLimits: false });
        const line = quote.lines[0]!;
        expect(quote.currency).toBe(c.currency);
        expect([line.unitPrice, line.setupFee, line.options[0]!.unitPrice, line.options[0]!.setupFee].map(String)).toEqual(
          [shown.amount, shown.setupFee, shownAddOn.amount, shownAddOn.setupFee].map(String),
        );
        const surchargeMonthly = shownLocation.surchargeMonthly ?? d(0);
        expect(line.location!.surchargeMonthly.toString()).toBe(surchargeMonthly.toString());
        expect(line.location!.surchargeSetup.toString()).toBe((shownLocation.surchargeSetup ?? d(0)).toString());
        // The surcharge on the cycle is the shown monthly figure × months (an hourly rate: / 720, 4 places).
        const onCycle = c.cycle === "hourly" ? surchargeMonthly.dividedBy(720).toDecimalPlaces(4, Prisma.Decimal.ROUND_HALF_UP) : surchargeMonthly.times(MONTHS[c.cycle]);
        expect(line.location!.surcharge.toString()).toBe(onCycle.toString());
        for (const amount of [quote.amount, quote.vat, quote.total, quote.baseAmount, line.subtotal]) expect(fits(amount, c.currency, null)).toBe(true);
        // Nothing is left to round on a line but the first hour of an hourly order.
        const perUnit = line.unitPrice.plus(line.setupFee).plus(onCycle).plus(line.location!.surchargeSetup).plus(line.options[0]!.unitPrice).plus(line.options[0]!.setupFee);
        if (c.cycle !== "hourly") expect(line.subtotal.toString()).toBe(perUnit.times(c.quantity).toString());

        // Charged: the order, its items and services, its invoice and the ledger.
        const placed = await placeOrder({ db: t.db, now: at, actor: buyer, provision: async () => {} }, { items: [item], externalOrderId: `generated-${run}` });
        const order = await t.db.order.findUniqueOrThrow({
          where: { id: placed.order.id },
          include: { items: { include: { options: true } }, services: { include: { options: true } }, invoices: { include: { items: true } } },
        });
        expect([order.amount, order.vat, order.total].map(String)).toEqual([quote.amount, quote.vat, quote.total].map(String));
        expect(order.items[0]!.unitPrice.toString()).toBe(shown.amount.toString());
        expect(order.items[0]!.options[0]!.unitPrice.toString()).toBe(shownAddOn.amount.toString());
        for (const s of order.services) {
          expect(s.amount.toString()).toBe(shown.amount.plus(onCycle).toString());
          expect(s.options[0]!.amount!.toString()).toBe(shownAddOn.amount.toString());
        }
        const ledger = await t.db.creditLedgerEntry.findMany({ where: { orderId: order.id } });
        // A free order changes no balance, so it writes no ledger row (debitOrder); any other is one debit of its total.
        expect(ledger.map((e) => e.amount.toString())).toEqual(order.total.isZero() ? [] : [order.total.negated().toString()]);
        const invoice = order.invoices[0]!;
        expect(invoice.total.toString()).toBe(order.total.toString());
        for (const amount of [order.amount, order.vat, order.total, order.baseAmount, invoice.subtotal, invoice.vatAmount, invoice.total, ...invoice.items.map((i) => i.amount), ...ledger.map((e) => e.amount)]) {
          expect(fits(amount, c.currency, null), `${amount.toString()} in ${c.currency}`).toBe(true);
        }
        expect(fits((await t.db.clientAccount.findUniqueOrThrow({ where: { id: accountId } })).creditBalance, c.currency, null)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it("a customer catalogue converted to the account currency shows what the quote charges in it", async () => {
    const customers = {} as Record<Currency, string>;
    for (const currency of CURRENCIES) customers[currency] = (await makeCustomer(t.db, { currency, country: "US" })).account.id;
    const rate = fc.integer({ min: 1, max: 50_000_000 }).map((n) => d(n).dividedBy(100_000)); // 0.00001 to 500, 5 places
    await fc.assert(
      fc.asyncProperty(catalogueCase, fc.constantFrom(...CURRENCIES), rate, async (c, accountCurrency, r) => {
        const at = new Date(start.getTime() + ++run * 60_000);
        await setBaseCurrency(c.currency);
        if (accountCurrency !== c.currency) await t.db.exchangeRate.create({ data: { baseCurrency: c.currency, quoteCurrency: accountCurrency, rate: r, effectiveAt: at } });
        const { productId, optionId } = await makeCatalogue(c);
        const buyer = { kind: "customer" as const, accountId: customers[accountCurrency] };

        const catalogue = await loadCatalogue({ db: t.db, now: at, actor: buyer }, { ids: [productId] });
        const money = await displayCurrency({ db: t.db, now: at, actor: buyer }, { catalogue });
        expect(money.currency).toBe(accountCurrency);
        const entry = catalogue.entries[0]!;
        const shown = {
          price: money.convert(entry.sheet.cycles[c.cycle]!.amount, c.cycle),
          setupFee: money.convert(entry.sheet.cycles[c.cycle]!.setupFee, null),
          addOn: money.convert(entry.sheet.options[0]!.cycles[c.cycle]!.amount, c.cycle),
          surchargeMonthly: money.convert(entry.product.locations[0]!.surchargeMonthly ?? d(0), "monthly"),
        };
        const quote = await quoteOrder(t.db, { buyer, items: [{ productId, billingCycle: c.cycle, quantity: c.quantity, location: locationValue, options: [{ optionId }] }], at });
        const line = quote.lines[0]!;
        expect(quote.currency).toBe(accountCurrency);
        expect([line.unitPrice, line.setupFee, line.options[0]!.unitPrice, line.location!.surchargeMonthly].map(String)).toEqual(
          [shown.price, shown.setupFee, shown.addOn, shown.surchargeMonthly].map(String),
        );
        for (const [value, cycle] of [
          [line.unitPrice, c.cycle],
          [line.setupFee, null],
          [line.options[0]!.unitPrice, c.cycle],
          [line.options[0]!.setupFee, null],
          [line.location!.surcharge, c.cycle],
          [line.location!.surchargeSetup, null],
          [line.subtotal, null],
          [quote.amount, null],
        ] as const) {
          expect(fits(value, accountCurrency, cycle), `${value.toString()} in ${accountCurrency}`).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
  });
});
