import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { makeCustomer, makeLocation, makeProduct, makeReseller, makeService } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import {
  CycleNotSoldError,
  LocationRequiredError,
  LocationUnavailableError,
  MinimumOrderError,
  OptionQuantityError,
  QuantityLimitError,
  UnavailableOptionsError,
} from "./pricing-errors";
import { quoteOrder, type QuoteItemInput, type QuoteOrderInput } from "./quote-order";

let t: TestDb;
const AT = new Date("2030-03-01T12:00:00Z");
const uid = () => randomBytes(3).toString("hex");

// Server: category disables hourly; retail monthly 100, quarterly 280, hourly 0.2; setup 50;
// sold in a0 (surcharge 0) and f5 (5 a month, 25 once); a location is required.
// Cloud: no category; monthly 10, hourly 0.015; no setup fee; location optional.
let ids: {
  server: string;
  cloud: string;
  disabled: string;
  a0: string;
  f5: string;
  ipv4: string;
  backups: string;
  legacy: string;
  migration: string;
  foreign: string;
  tier: string;
};

async function reseller(country: string, opts: { tier?: boolean; discount?: string; currency?: string } = {}) {
  const r = await makeReseller(t.db);
  await t.db.clientAccount.update({ where: { id: r.account.id }, data: { country, currency: opts.currency ?? "EUR" } });
  await t.db.resellerProfile.update({
    where: { id: r.profile.id },
    data: { tierId: opts.tier === false ? null : ids.tier, defaultDiscountPercent: opts.discount ?? "6" },
  });
  return r;
}

beforeAll(async () => {
  t = await createTestDb();
  const category = await t.db.productCategory.create({ data: { name: "Servers", slug: `servers-${uid()}`, disabledCycles: ["hourly"] } });
  const server = await makeProduct(t.db, { categoryId: category.id, prices: { monthly: "100", quarterly: "280", hourly: "0.2" }, setupFee: "50" });
  const cloud = await makeProduct(t.db, { prices: { monthly: "10", hourly: "0.015" } });
  const disabled = await makeProduct(t.db);
  await t.db.product.update({ where: { id: disabled.id }, data: { enabled: false } });
  await t.db.product.update({ where: { id: server.id }, data: { locationRequired: true } });
  const a0 = await makeLocation(t.db, { sortOrder: 1 });
  const f5 = await makeLocation(t.db, { sortOrder: 2 });
  await t.db.productLocation.createMany({
    data: [
      { productId: server.id, locationId: a0.id, surchargeMonthly: "0" },
      { productId: server.id, locationId: f5.id, surchargeMonthly: "5", surchargeSetup: "25" },
      { productId: cloud.id, locationId: a0.id },
    ],
  });
  const option = (name: string, data: Partial<Prisma.ProductOptionCreateInput>) =>
    t.db.productOption.create({ data: { name, slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${uid()}`, pricingType: "recurring", ...data } });
  const ipv4 = await option("Extra IPv4", { maxQuantity: 4, setupFee: "1", prices: { create: [{ cycle: "monthly", amount: "2" }] } });
  const backups = await option("Backups", { maxQuantity: 1, prices: { create: [{ cycle: "monthly", amount: "3" }] } });
  const legacy = await option("Legacy", { active: false, prices: { create: [{ cycle: "monthly", amount: "1" }] } });
  const migration = await option("Migration", { pricingType: "one_time", oneTimePrice: "79", setupFee: "10" });
  const foreign = await option("Foreign", { prices: { create: [{ cycle: "monthly", amount: "1" }] } });
  await t.db.productOptionAssignment.createMany({
    data: [
      { productId: server.id, optionId: ipv4.id },
      { productId: server.id, optionId: backups.id, active: false },
      { productId: server.id, optionId: legacy.id },
      { productId: server.id, optionId: migration.id },
      { productId: cloud.id, optionId: ipv4.id },
    ],
  });
  const tier = await t.db.tier.create({
    data: { name: `Silver-${uid()}`, sortOrder: 2, minMonthlyRunRate: "500", defaultDiscountPercent: "8", categoryDiscounts: { create: [{ categoryId: category.id, percent: "12" }] } },
  });
  await t.db.vatRate.createMany({
    data: [
      { countryCode: "NL", ratePercent: "21", effectiveFrom: new Date("2021-01-01T00:00:00Z") },
      { countryCode: "DE", ratePercent: "19", effectiveFrom: new Date("2021-01-01T00:00:00Z") },
    ],
  });
  await t.db.exchangeRate.create({ data: { baseCurrency: "EUR", quoteCurrency: "USD", rate: "1.1", effectiveAt: new Date("2030-01-01T00:00:00Z") } });
  ids = {
    server: server.id,
    cloud: cloud.id,
    disabled: disabled.id,
    a0: a0.value,
    f5: f5.value,
    ipv4: ipv4.id,
    backups: backups.id,
    legacy: legacy.id,
    migration: migration.id,
    foreign: foreign.id,
    tier: tier.id,
  };
});
afterAll(async () => {
  await t.close();
});

const serverOrder = (over: Partial<QuoteItemInput> = {}): QuoteItemInput => ({
  productId: ids.server,
  billingCycle: "monthly",
  quantity: 2,
  location: ids.f5,
  options: [
    { optionId: ids.ipv4, quantity: 2 },
    { optionId: ids.migration },
    { optionId: ids.ipv4 },
  ],
  ...over,
});

async function refusal(input: QuoteOrderInput): Promise<DomainError> {
  try {
    await quoteOrder(t.db, input);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const money = (d: Prisma.Decimal) => d.toFixed(4);

describe("quoteOrder: a customer pays retail", () => {
  it("prices product, datacentre, merged add-ons and one-time option, with NL VAT", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL" });
    const q = await quoteOrder(t.db, { buyer: { kind: "customer", accountId: account.id }, items: [serverOrder()], at: AT });
    expect(q.buyer).toEqual({ kind: "customer", channel: "customer", accountId: account.id, resellerId: null, country: "NL" });
    const [line] = q.lines;
    expect(line).toMatchObject({ productId: ids.server, billingCycle: "monthly", quantity: 2, unitPriceRule: "retail", setupFeeRule: "retail", discountRule: "retail" });
    expect([line!.unitPrice, line!.setupFee, line!.discountPercent].map(money)).toEqual(["100.0000", "50.0000", "0.0000"]);
    expect(line!.location).toMatchObject({ value: ids.f5 });
    expect([line!.location!.surchargeMonthly, line!.location!.surcharge, line!.location!.surchargeSetup].map(money)).toEqual(["5.0000", "5.0000", "25.0000"]);
    // Duplicate ids merged in first position, quantities summed; the one-time option on the setup side.
    expect(line!.options.map((o) => [o.optionId, o.quantity, money(o.unitPrice), money(o.setupFee), money(o.recurringAmount), money(o.setupAmount), o.rule])).toEqual([
      [ids.ipv4, 3, "2.0000", "1.0000", "6.0000", "3.0000", "retail"],
      [ids.migration, 1, "0.0000", "79.0000", "0.0000", "79.0000", "retail"],
    ]);
    expect([line!.serviceAmount, line!.serviceSetupFee, line!.recurringPerUnit, line!.setupPerUnit].map(money)).toEqual([
      "105.0000",
      "75.0000",
      "111.0000",
      "157.0000",
    ]);
    // (111 + 157) × 2 = 536; VAT 21 % = 112.56.
    expect([q.amount, q.baseAmount, q.vatRate, q.vat, q.total].map((d) => d.toFixed(2))).toEqual(["536.00", "536.00", "21.00", "112.56", "648.56"]);
    expect([q.currency, q.baseCurrency, q.exchangeRate.toString(), q.rateFallback, q.vatCountry]).toEqual(["EUR", "EUR", "1", false, "NL"]);
  });

  it("prices an hourly line per hour: add-ons at monthly / 720, the first hour in the amount", async () => {
    const { account } = await makeCustomer(t.db, { country: "US" });
    const q = await quoteOrder(t.db, {
      buyer: { kind: "customer", accountId: account.id },
      items: [{ productId: ids.cloud, billingCycle: "hourly", options: [{ optionId: ids.ipv4 }] }],
      at: AT,
    });
    const line = q.lines[0]!;
    expect([line.unitPrice, line.options[0]!.unitPrice, line.recurringPerUnit, line.setupPerUnit].map(money)).toEqual(["0.0150", "0.0028", "0.0178", "1.0000"]);
    expect(line.location).toBeNull();
    expect([q.amount.toFixed(2), q.vat.toFixed(2), q.vatRate.toString()]).toEqual(["1.02", "0.00", "0"]);
  });

  it("sums several lines, each rounded to 2 places", async () => {
    const { account } = await makeCustomer(t.db, { country: "NL" });
    const q = await quoteOrder(t.db, {
      buyer: { kind: "customer", accountId: account.id },
      items: [
        { productId: ids.cloud, billingCycle: "hourly" },
        { productId: ids.cloud, billingCycle: "hourly" },
        { productId: ids.server, billingCycle: "quarterly", location: ids.a0 },
      ],
      at: AT,
    });
    expect(q.lines.map((l) => l.subtotal.toFixed(2))).toEqual(["0.02", "0.02", "330.00"]);
    expect(q.amount.toFixed(2)).toBe("330.04");
  });

  it("writes nothing", async () => {
    const { account } = await makeCustomer(t.db);
    const before = [await t.db.order.count(), await t.db.service.count()];
    await quoteOrder(t.db, { buyer: { kind: "customer", accountId: account.id }, items: [serverOrder()], at: AT });
    expect([await t.db.order.count(), await t.db.service.count()]).toEqual(before);
  });
});

describe("quoteOrder: a reseller pays wholesale", () => {
  it("applies the tier's category percentage to product and options, not to the datacentre; DE VAT", async () => {
    const r = await reseller("DE");
    const q = await quoteOrder(t.db, { buyer: { kind: "reseller", resellerId: r.profile.id }, items: [serverOrder()], at: AT });
    expect(q.buyer).toMatchObject({ kind: "reseller", channel: "reseller", resellerId: r.profile.id, country: "DE" });
    const line = q.lines[0]!;
    expect([line.unitPriceRule, line.setupFeeRule, line.discountRule, line.discountPercent.toString()]).toEqual([
      "tier_category_discount",
      "tier_category_discount",
      "tier_category_discount",
      "12",
    ]);
    expect([line.unitPrice, line.setupFee, line.location!.surcharge, line.location!.surchargeSetup].map(money)).toEqual(["88.0000", "44.0000", "5.0000", "25.0000"]);
    expect(line.options.map((o) => [money(o.unitPrice), money(o.setupFee), o.rule, o.setupFeeRule])).toEqual([
      ["1.7600", "0.8800", "tier_category_discount", "tier_category_discount"],
      ["0.0000", "69.5200", "tier_category_discount", "tier_category_discount"],
    ]);
    // per unit: recurring 88 + 5 + 3 × 1.76 = 98.28; setup 44 + 25 + 3 × 0.88 + 69.52 = 141.16.
    expect([line.recurringPerUnit, line.setupPerUnit].map(money)).toEqual(["98.2800", "141.1600"]);
    expect([q.amount, q.vat, q.total].map((d) => d.toFixed(2))).toEqual(["478.88", "90.99", "569.87"]);
  });

  it.each([
    ["a reseller override (with its setup fee)", { override: ["250", "0"] }, "250.0000", "reseller_override", "0.0000", "reseller_override"],
    ["the tier price book", { book: ["260", null] }, "260.0000", "tier_price_book", "44.0000", "tier_category_discount"],
    ["a per-product percentage", { discount: "3" }, "271.6000", "product_discount", "48.5000", "product_discount"],
    ["the tier's category percentage", {}, "246.4000", "tier_category_discount", "44.0000", "tier_category_discount"],
  ] as const)("names the rule on a quarterly line: %s", async (_name, levers, price, rule, setup, setupRule) => {
    const r = await reseller("DE");
    const lever = levers as { override?: readonly [string, string]; book?: readonly [string, string | null]; discount?: string };
    if (lever.override) {
      await t.db.resellerPriceOverride.create({ data: { resellerId: r.profile.id, productId: ids.server, cycle: "quarterly", amount: lever.override[0], setupFee: lever.override[1] } });
    }
    let tierId: string | null = null;
    if (lever.book) {
      // A tier of its own so the entry does not leak into other tests.
      const tier = await t.db.tier.create({
        data: { name: `Book-${uid()}`, sortOrder: 9, minMonthlyRunRate: "0", defaultDiscountPercent: "8", prices: { create: [{ productId: ids.server, cycle: "quarterly", amount: lever.book[0], setupFee: lever.book[1] }] } },
      });
      const category = (await t.db.product.findUniqueOrThrow({ where: { id: ids.server } })).categoryId!;
      await t.db.tierCategoryDiscount.create({ data: { tierId: tier.id, categoryId: category, percent: "12" } });
      tierId = tier.id;
      await t.db.resellerProfile.update({ where: { id: r.profile.id }, data: { tierId } });
    }
    if (lever.discount) await t.db.resellerProductDiscount.create({ data: { resellerId: r.profile.id, productId: ids.server, percent: lever.discount } });
    const q = await quoteOrder(t.db, { buyer: { kind: "reseller", resellerId: r.profile.id }, items: [serverOrder({ billingCycle: "quarterly", options: [], quantity: 1 })], at: AT });
    const line = q.lines[0]!;
    expect([money(line.unitPrice), line.unitPriceRule, money(line.setupFee), line.setupFeeRule]).toEqual([price, rule, setup, setupRule]);
  });

  it("sells a cycle the category disables when the reseller has an override for it", async () => {
    const r = await reseller("DE");
    await t.db.resellerPriceOverride.create({ data: { resellerId: r.profile.id, productId: ids.server, cycle: "hourly", amount: "0.15" } });
    const q = await quoteOrder(t.db, { buyer: { kind: "reseller", resellerId: r.profile.id }, items: [serverOrder({ billingCycle: "hourly", options: [] })], at: AT });
    expect([money(q.lines[0]!.unitPrice), q.lines[0]!.unitPriceRule]).toEqual(["0.1500", "reseller_override"]);
    // The surcharge per hour: 5 / 720.
    expect(money(q.lines[0]!.location!.surcharge)).toBe("0.0069");
  });

  it("uses the reseller's own percentage where it beats the tier's, and no tier at all", async () => {
    const better = await reseller("DE", { discount: "10" });
    const cloud = { productId: ids.cloud, billingCycle: "monthly" };
    const q1 = await quoteOrder(t.db, { buyer: { kind: "reseller", resellerId: better.profile.id }, items: [cloud], at: AT });
    expect([money(q1.lines[0]!.unitPrice), q1.lines[0]!.unitPriceRule]).toEqual(["9.0000", "reseller_discount"]);
    const worse = await reseller("DE", { discount: "6" });
    const q2 = await quoteOrder(t.db, { buyer: { kind: "reseller", resellerId: worse.profile.id }, items: [cloud], at: AT });
    expect([money(q2.lines[0]!.unitPrice), q2.lines[0]!.unitPriceRule]).toEqual(["9.2000", "tier_discount"]);
    const untiered = await reseller("DE", { tier: false, discount: "0" });
    const q3 = await quoteOrder(t.db, { buyer: { kind: "reseller", resellerId: untiered.profile.id }, items: [cloud], at: AT });
    expect([money(q3.lines[0]!.unitPrice), q3.lines[0]!.unitPriceRule]).toEqual(["10.0000", "retail"]);
  });

  it("quotes an active reseller at the client-panel checkout at wholesale (storefront), a suspended one at retail", async () => {
    const r = await reseller("DE");
    const item = { productId: ids.cloud, billingCycle: "monthly" };
    const store = await quoteOrder(t.db, { buyer: { kind: "customer", accountId: r.account.id }, items: [item], at: AT });
    expect([store.buyer.channel, store.buyer.resellerId, store.lines[0]!.unitPriceRule]).toEqual(["storefront", r.profile.id, "tier_discount"]);
    await t.db.resellerProfile.update({ where: { id: r.profile.id }, data: { status: "suspended" } });
    const retail = await quoteOrder(t.db, { buyer: { kind: "customer", accountId: r.account.id }, items: [item], at: AT });
    expect([retail.buyer.channel, retail.buyer.resellerId, retail.lines[0]!.unitPriceRule]).toEqual(["customer", null, "retail"]);
  });
});

describe("quoteOrder: currency", () => {
  it("converts each figure at the rate in force and reports it", async () => {
    const { account } = await makeCustomer(t.db, { country: "US", currency: "USD" });
    const q = await quoteOrder(t.db, { buyer: { kind: "customer", accountId: account.id }, items: [serverOrder({ quantity: 1 })], at: AT });
    expect([q.currency, q.exchangeRate.toString(), q.rateFallback]).toEqual(["USD", "1.1", false]);
    expect(q.exchangeRateId).toMatch(/^[0-9a-f-]{36}$/);
    const line = q.lines[0]!;
    expect([line.unitPrice, line.setupFee, line.location!.surcharge, line.options[0]!.unitPrice].map(money)).toEqual(["110.0000", "55.0000", "5.5000", "2.2000"]);
    expect([q.baseAmount.toFixed(2), q.amount.toFixed(2)]).toEqual(["268.00", "294.80"]);
  });

  it("falls back to the base currency when no rate exists", async () => {
    const { account } = await makeCustomer(t.db, { country: "US", currency: "SEK" });
    const q = await quoteOrder(t.db, { buyer: { kind: "customer", accountId: account.id }, items: [serverOrder({ quantity: 1 })], at: AT });
    expect([q.currency, q.exchangeRate.toString(), q.rateFallback, q.exchangeRateId]).toEqual(["EUR", "1", true, null]);
    expect(q.amount.toFixed(2)).toBe("268.00");
  });

  it("takes the rate in force at the quote's time", async () => {
    const { account } = await makeCustomer(t.db, { country: "US", currency: "USD" });
    const early = await quoteOrder(t.db, { buyer: { kind: "customer", accountId: account.id }, items: [serverOrder({ quantity: 1 })], at: new Date("2029-12-31T00:00:00Z") });
    expect([early.currency, early.rateFallback]).toEqual(["EUR", true]);
  });

  it("charges in a requested currency instead of the account's (a reseller's credit balance is in base)", async () => {
    const r = await reseller("DE", { currency: "USD" });
    const usd = await quoteOrder(t.db, { buyer: { kind: "reseller", resellerId: r.profile.id }, items: [{ productId: ids.cloud, billingCycle: "monthly" }], at: AT });
    expect([usd.currency, money(usd.lines[0]!.unitPrice)]).toEqual(["USD", "10.1200"]);
    const eur = await quoteOrder(t.db, { buyer: { kind: "reseller", resellerId: r.profile.id }, items: [{ productId: ids.cloud, billingCycle: "monthly" }], at: AT, currency: "EUR" });
    expect([eur.currency, money(eur.lines[0]!.unitPrice), eur.exchangeRate.toString()]).toEqual(["EUR", "9.2000", "1"]);
  });
});

describe("quoteOrder: refusals", () => {
  it("refuses a cycle no rule prices, naming it as the client wrote it", async () => {
    const { account } = await makeCustomer(t.db);
    const buyer = { kind: "customer", accountId: account.id } as const;
    const hourly = await refusal({ buyer, items: [serverOrder({ billingCycle: "hourly" })], at: AT });
    expect(hourly).toBeInstanceOf(CycleNotSoldError);
    expect(hourly.message).toBe("Product is not sold on the 'hourly' billing cycle");
    const semi = await refusal({ buyer, items: [{ productId: ids.cloud, billingCycle: "semi-annually" }], at: AT });
    expect([semi.kind, semi.message]).toEqual(["invalid", "Product is not sold on the 'semi-annually' billing cycle"]);
    const r = await reseller("DE", { discount: "50" });
    const wholesale = await refusal({ buyer: { kind: "reseller", resellerId: r.profile.id }, items: [{ productId: ids.cloud, billingCycle: "annually" }], at: AT });
    expect(wholesale.message).toBe("Product is not sold on the 'annually' billing cycle");
  });

  it("refuses a missing or unsold location", async () => {
    const { account } = await makeCustomer(t.db);
    const buyer = { kind: "customer", accountId: account.id } as const;
    expect(await refusal({ buyer, items: [serverOrder({ location: undefined })], at: AT })).toBeInstanceOf(LocationRequiredError);
    const e = await refusal({ buyer, items: [serverOrder({ location: "nowhere" })], at: AT });
    expect(e).toBeInstanceOf(LocationUnavailableError);
    expect([e.code, e.message]).toEqual(["LOCATION_UNAVAILABLE", `Location 'nowhere' is not available for this product; accepted values: ${ids.a0}, ${ids.f5}`]);
  });

  it("names every option id that is unknown, inactive or not on the product, in request order", async () => {
    const { account } = await makeCustomer(t.db);
    const e = await refusal({
      buyer: { kind: "customer", accountId: account.id },
      items: [serverOrder({ options: [{ optionId: ids.backups }, { optionId: ids.ipv4 }, { optionId: ids.legacy }, { optionId: ids.foreign }, { optionId: "not-a-uuid" }, { optionId: ids.foreign }] })],
      at: AT,
    });
    expect(e).toBeInstanceOf(UnavailableOptionsError);
    expect((e as UnavailableOptionsError).optionIds).toEqual([ids.backups, ids.legacy, ids.foreign, "not-a-uuid"]);
    expect(e.message).toBe(`Options not available for this product: ${ids.backups}, ${ids.legacy}, ${ids.foreign}, not-a-uuid`);
    expect(e.kind).toBe("invalid");
  });

  it("enforces maxQuantity per service after merging duplicates", async () => {
    const { account } = await makeCustomer(t.db);
    const buyer = { kind: "customer", accountId: account.id } as const;
    const e = await refusal({ buyer, items: [serverOrder({ options: [{ optionId: ids.ipv4, quantity: 3 }, { optionId: ids.ipv4, quantity: 2 }] })], at: AT });
    expect(e).toBeInstanceOf(OptionQuantityError);
    expect(e.message).toBe("Option 'Extra IPv4' allows at most 4 per service");
    const ok = await quoteOrder(t.db, { buyer, items: [serverOrder({ options: [{ optionId: ids.ipv4, quantity: 2 }, { optionId: ids.ipv4, quantity: 2 }] })], at: AT });
    expect(ok.lines[0]!.options[0]!.quantity).toBe(4);
  });

  it.each([
    ["no items", [], "invalid", "An order needs at least one item"],
    ["an unknown cycle", [{ productId: "x", billingCycle: "weekly" }], "invalid", "Unknown billing cycle"],
    ["quantity 0", [{ productId: "x", billingCycle: "monthly", quantity: 0 }], "invalid", "Quantity must be a whole number of at least 1"],
    ["a fractional option quantity", [{ productId: "PRODUCT", billingCycle: "monthly", location: "F5", options: [{ optionId: "IPV4", quantity: 1.5 }] }], "invalid", "Quantity must be"],
    ["an unknown product", [{ productId: "00000000-0000-4000-8000-000000000000", billingCycle: "monthly" }], "not_found", "Product not found"],
    ["a malformed product id", [{ productId: "nope", billingCycle: "monthly" }], "not_found", "Product not found"],
    ["a disabled product", [{ productId: "DISABLED", billingCycle: "monthly" }], "not_found", "Product not found"],
  ] as const)("refuses %s", async (_name, items, kind, message) => {
    const { account } = await makeCustomer(t.db);
    const resolved = items.map((i) => ({
      ...i,
      productId: i.productId === "PRODUCT" ? ids.server : i.productId === "DISABLED" ? ids.disabled : i.productId,
      location: "location" in i ? ids.f5 : undefined,
      options: "options" in i ? i.options.map((o) => ({ ...o, optionId: ids.ipv4 })) : undefined,
    }));
    const e = await refusal({ buyer: { kind: "customer", accountId: account.id }, items: resolved, at: AT });
    expect(e.kind).toBe(kind);
    expect(e.message).toContain(message);
  });

  it("refuses an unknown buyer", async () => {
    const none = "00000000-0000-4000-8000-000000000000";
    expect((await refusal({ buyer: { kind: "customer", accountId: none }, items: [serverOrder()], at: AT })).kind).toBe("not_found");
    expect((await refusal({ buyer: { kind: "reseller", resellerId: none }, items: [serverOrder()], at: AT })).message).toBe("Reseller not found");
  });
});

describe("quoteOrder: holding caps and the minimum order", () => {
  it("refuses beyond a holding cap; terminated and cancelled services hold nothing; lines of one product add up", async () => {
    const r = await reseller("DE");
    await t.db.resellerProductCap.create({ data: { resellerId: r.profile.id, productId: ids.cloud, maxUnits: 3 } });
    for (const status of ["active", "suspended", "terminated", "cancelled"] as const) {
      await makeService(t.db, { accountId: r.account.id, productId: ids.cloud, status });
    }
    const buyer = { kind: "reseller", resellerId: r.profile.id } as const;
    const one = { productId: ids.cloud, billingCycle: "monthly" };
    await expect(quoteOrder(t.db, { buyer, items: [one], at: AT })).resolves.toBeDefined();
    const e = await refusal({ buyer, items: [{ ...one, quantity: 2 }], at: AT });
    expect(e).toBeInstanceOf(QuantityLimitError);
    expect([e.kind, e.message]).toEqual(["conflict", "Quantity limit reached"]);
    expect(e).toMatchObject({ productId: ids.cloud, maxUnits: 3, held: 2, requested: 2 });
    expect(await refusal({ buyer, items: [one, one], at: AT })).toBeInstanceOf(QuantityLimitError);
    await expect(quoteOrder(t.db, { buyer, items: [one, one], at: AT }, { enforceLimits: false })).resolves.toBeDefined();
    // Another reseller is not capped by it.
    const other = await reseller("DE");
    await expect(quoteOrder(t.db, { buyer: { kind: "reseller", resellerId: other.profile.id }, items: [{ ...one, quantity: 5 }], at: AT })).resolves.toBeDefined();
  });

  it("refuses a reseller order below the programme minimum (base amount, excluding VAT), not a customer's", async () => {
    await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, minimumOrderAmount: "478.89" }, update: { minimumOrderAmount: "478.89" } });
    try {
      const r = await reseller("DE");
      const buyer = { kind: "reseller", resellerId: r.profile.id } as const;
      const e = await refusal({ buyer, items: [serverOrder()], at: AT });
      expect(e).toBeInstanceOf(MinimumOrderError);
      expect([e.kind, e.message]).toEqual(["invalid", "Order amount 478.88 EUR is below the minimum order amount of 478.89 EUR"]);
      await t.db.resellerProgramme.update({ where: { id: 1 }, data: { minimumOrderAmount: "478.88" } });
      expect((await quoteOrder(t.db, { buyer, items: [serverOrder()], at: AT })).baseAmount.toFixed(2)).toBe("478.88");
      await t.db.resellerProgramme.update({ where: { id: 1 }, data: { minimumOrderAmount: "10000" } });
      const { account } = await makeCustomer(t.db);
      await expect(quoteOrder(t.db, { buyer: { kind: "customer", accountId: account.id }, items: [serverOrder()], at: AT })).resolves.toBeDefined();
    } finally {
      await t.db.resellerProgramme.update({ where: { id: 1 }, data: { minimumOrderAmount: null } });
    }
  });
});
