import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { monthlyEquivalent, sumPerMonth } from "./billing-cycles";
import { dec, minorUnitDigits, roundUnit, sum } from "./money";
import type { CycleAbsolutePrices, CyclePrices, OptionPricing, ProductPricing, WholesaleTerms } from "./pricing-data";
import { CycleNotSoldError, OptionCycleNotSoldError } from "./pricing-errors";
import { resolveDiscount } from "./resolve-discount";
import { resolveOptionPrice } from "./resolve-option-price";
import { resolveProductPrice } from "./resolve-product-price";
import {
  REF_CURRENCIES,
  REF_CYCLES,
  REF_MINOR_DIGITS,
  fromUnits,
  refOptionPrice,
  refPercentage,
  refProductPrice,
  refRunRate,
  type RefCycle,
  type RefEntry,
  type RefOption,
  type RefProduct,
  type RefReseller,
  type RefServiceStatus,
} from "./testing/reference-pricing";
import { tierDiscountFor } from "./tier-discount-for";

// Property tests: lib/pricing against the independent reference in testing/reference-pricing.ts
// on generated catalogues and reseller terms. Stored figures carry up to 4 places (as the admin
// allows), percentages 2; the catalogue's currency is one of a few with 0, 2 or 3 minor digits.

const RUNS = { numRuns: 400 };

const figure = fc.oneof(
  { arbitrary: fc.constant(0n), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 2_000 }).map((n) => BigInt(n) * 10_000n), weight: 3 },
  { arbitrary: fc.bigInt({ min: 1n, max: 100_000_000n }), weight: 4 },
).map(fromUnits);

const percent = fc
  .oneof(
    // A small pool, so tier and reseller percentages tie often.
    { arbitrary: fc.constantFrom(0, 1_000, 1_250, 10_000), weight: 3 },
    { arbitrary: fc.integer({ min: 0, max: 100 }).map((n) => n * 100), weight: 2 },
    { arbitrary: fc.integer({ min: 0, max: 10_000 }), weight: 2 },
  )
  .map((n) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`);

const cycle = fc.constantFrom(...REF_CYCLES);
const entry: fc.Arbitrary<RefEntry> = fc.record({ amount: figure, setupFee: fc.option(figure, { nil: null }) });

function perCycle<T>(value: fc.Arbitrary<T>): fc.Arbitrary<Partial<Record<RefCycle, T>>> {
  return fc.record(Object.fromEntries(REF_CYCLES.map((c) => [c, value])) as Record<RefCycle, fc.Arbitrary<T>>, { requiredKeys: [] });
}

const CATEGORIES = ["cat-a", "cat-b", "cat-c"];

const product: fc.Arbitrary<RefProduct> = fc.record({
  currency: fc.constantFrom(...REF_CURRENCIES),
  categoryId: fc.option(fc.constantFrom(...CATEGORIES), { nil: null }),
  retail: perCycle(figure),
  categoryDisabled: fc.subarray([...REF_CYCLES]),
  setupFee: fc.option(figure, { nil: null }),
});

const OPTION_IDS = ["opt-1", "opt-2"];

const option: fc.Arbitrary<RefOption> = fc.record({
  id: fc.constantFrom(...OPTION_IDS),
  kind: fc.constantFrom("recurring" as const, "one_time" as const),
  retail: perCycle(figure),
  setupFee: fc.option(figure, { nil: null }),
  oneTimePrice: fc.option(figure, { nil: null }),
});

const reseller: fc.Arbitrary<RefReseller> = fc.record({
  overrides: fc.oneof(fc.constant({}), perCycle(entry)),
  productPercent: fc.option(percent, { nil: null }),
  defaultPercent: percent,
  tier: fc.option(
    fc.record({
      defaultPercent: percent,
      categoryPercents: fc.dictionary(fc.constantFrom(...CATEGORIES), percent),
      prices: fc.oneof(fc.constant({}), perCycle(entry)),
      optionPrices: fc.dictionary(fc.constantFrom(...OPTION_IDS), fc.oneof(fc.constant({}), perCycle(entry))),
    }),
    { nil: null },
  ),
});

const buyer = fc.option(reseller, { nil: null, freq: 4 });

// The reference model → the snapshots lib/pricing reads (what load-pricing-data builds).

function cyclePrices(figures: Partial<Record<RefCycle, string>>): CyclePrices {
  return Object.fromEntries(Object.entries(figures).map(([c, amount]) => [c, dec(amount)]));
}

function absolute(entries: Partial<Record<RefCycle, RefEntry>>): CycleAbsolutePrices {
  return Object.fromEntries(
    Object.entries(entries).map(([c, e]) => [c, { amount: dec(e.amount), setupFee: e.setupFee === null ? null : dec(e.setupFee) }]),
  );
}

function toProduct(p: RefProduct, options: RefOption[] = []): ProductPricing {
  return {
    id: "product-1",
    name: "Plan",
    currency: p.currency,
    enabled: true,
    categoryId: p.categoryId,
    disabledCycles: p.categoryDisabled,
    retail: cyclePrices(p.retail),
    setupFee: p.setupFee === null ? null : dec(p.setupFee),
    locationRequired: false,
    locations: [],
    options: options.map(toOption),
  };
}

function toOption(o: RefOption): OptionPricing {
  return {
    id: o.id,
    name: o.id,
    pricingType: o.kind,
    maxQuantity: null,
    orderable: true,
    retail: cyclePrices(o.retail),
    setupFee: o.setupFee === null ? null : dec(o.setupFee),
    oneTimePrice: o.oneTimePrice === null ? null : dec(o.oneTimePrice),
  };
}

function toTerms(p: RefProduct, r: RefReseller | null): WholesaleTerms | null {
  if (!r) return null;
  const tier = r.tier && {
    defaultDiscountPercent: dec(r.tier.defaultPercent),
    categoryDiscounts: Object.entries(r.tier.categoryPercents).map(([categoryId, pct]) => ({ categoryId, percent: dec(pct) })),
  };
  return {
    overrides: absolute(r.overrides),
    tierPrices: absolute(r.tier?.prices ?? {}),
    productDiscountPercent: r.productPercent === null ? null : dec(r.productPercent),
    tierDiscount: tierDiscountFor(tier, p.categoryId),
    resellerDiscountPercent: dec(r.defaultPercent),
    tierOptionPrices: Object.fromEntries(Object.entries(r.tier?.optionPrices ?? {}).map(([id, e]) => [id, absolute(e)])),
  };
}

function attempt<T>(fn: () => T): { ok: true; value: T } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error };
  }
}

describe("wholesale resolution against the reference", () => {
  it("price, setup fee and rule of a product on a cycle; an unpriced cycle is refused", () => {
    fc.assert(
      fc.property(product, cycle, buyer, (p, c, r) => {
        const expected = refProductPrice(p, c, r);
        const actual = attempt(() => resolveProductPrice(toProduct(p), c as BillingCycle, toTerms(p, r)));
        if (!expected.sold) {
          expect(actual.ok).toBe(false);
          if (!actual.ok) {
            expect(actual.error).toBeInstanceOf(CycleNotSoldError);
            expect((actual.error as Error).message).toBe(`Product is not sold on the '${c === "semi_annually" ? "semi-annually" : c}' billing cycle`);
          }
          return;
        }
        expect(actual.ok).toBe(true);
        if (!actual.ok) return;
        const got = actual.value;
        expect({ amount: got.price.amount.toFixed(4), rule: got.price.rule }).toEqual(expected.price);
        expect({ amount: got.setupFee.amount.toFixed(4), rule: got.setupFee.rule }).toEqual(expected.setupFee);
      }),
      RUNS,
    );
  });

  it("the percentage off retail and its rule", () => {
    fc.assert(
      fc.property(product, buyer, (p, r) => {
        const expected = refPercentage(p, r);
        const got = resolveDiscount(toTerms(p, r));
        expect({ percent: got.percent.times(100).toFixed(0), rule: got.rule }).toEqual({ percent: expected.percent.toString(), rule: expected.rule });
      }),
      RUNS,
    );
  });

  it("nothing is priced at zero by accident: a zero price comes from a zero figure, a 100 % discount or less than half the minor unit", () => {
    fc.assert(
      fc.property(product, cycle, buyer, (p, c, r) => {
        const got = attempt(() => resolveProductPrice(toProduct(p), c as BillingCycle, toTerms(p, r)));
        if (!got.ok || !got.value.price.amount.isZero()) return;
        const { rule } = got.value.price;
        const absolute = rule === "reseller_override" || rule === "tier_price_book";
        const source = rule === "reseller_override" ? r!.overrides[c]!.amount : rule === "tier_price_book" ? r!.tier!.prices[c]!.amount : p.retail[c]!;
        const exact = absolute ? dec(source) : dec(source).times(dec(100).minus(got.value.discount.percent)).dividedBy(100);
        const half = dec(10).pow(-(c === "hourly" ? 4 : REF_MINOR_DIGITS[p.currency])).dividedBy(2);
        expect(dec(source).isZero() || (!absolute && got.value.discount.percent.equals(100)) || exact.lessThan(half)).toBe(true);
      }),
      RUNS,
    );
  });

  it("no price carries more places than its currency's minor unit (4 for an hourly rate)", () => {
    fc.assert(
      fc.property(product, option, cycle, buyer, (p, o, c, r) => {
        const terms = toTerms(p, r);
        const places = (cyc: BillingCycle | null) => (cyc === "hourly" ? 4 : minorUnitDigits(p.currency));
        const got = attempt(() => resolveProductPrice(toProduct(p, [o]), c as BillingCycle, terms));
        if (!got.ok) return;
        expect(got.value.price.amount.decimalPlaces()).toBeLessThanOrEqual(places(c as BillingCycle));
        expect(got.value.setupFee.amount.decimalPlaces()).toBeLessThanOrEqual(places(null));
        const add = attempt(() => resolveOptionPrice(toOption(o), c as BillingCycle, terms, got.value.discount, p.currency));
        if (!add.ok) return;
        expect(add.value.price.amount.decimalPlaces()).toBeLessThanOrEqual(places(c as BillingCycle));
        expect(add.value.setupFee.amount.decimalPlaces()).toBeLessThanOrEqual(places(null));
      }),
      RUNS,
    );
  });

  it("a buyer without terms pays retail, as a price in the currency, on the cycles sold at retail", () => {
    fc.assert(
      fc.property(product, cycle, (p, c) => {
        const got = attempt(() => resolveProductPrice(toProduct(p), c as BillingCycle, null));
        const sold = p.retail[c] !== undefined && !p.categoryDisabled.includes(c);
        expect(got.ok).toBe(sold);
        const expected = refProductPrice(p, c, null);
        if (got.ok && expected.sold) expect(got.value.price.amount.toFixed(4)).toBe(expected.price.amount);
        if (got.ok) expect(got.value.price.amount.minus(dec(p.retail[c]!)).abs().lessThanOrEqualTo(dec(10).pow(-(c === "hourly" ? 4 : REF_MINOR_DIGITS[p.currency])).dividedBy(2))).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("add-on pricing against the reference", () => {
  it("price, setup fee and rule of an option with a product on a cycle", () => {
    fc.assert(
      fc.property(product, option, cycle, buyer, (p, o, c, r) => {
        const percentage = refPercentage(p, r);
        const expected = refOptionPrice(o, c, r, percentage, p.currency);
        const actual = attempt(() => resolveOptionPrice(toOption(o), c as BillingCycle, toTerms(p, r), resolveDiscount(toTerms(p, r)), p.currency));
        if (!expected.sold) {
          expect(actual.ok).toBe(false);
          if (!actual.ok) expect(actual.error).toBeInstanceOf(OptionCycleNotSoldError);
          return;
        }
        expect(actual.ok).toBe(true);
        if (!actual.ok) return;
        expect({ amount: actual.value.price.amount.toFixed(4), rule: actual.value.price.rule }).toEqual(expected.price);
        expect({ amount: actual.value.setupFee.amount.toFixed(4), rule: actual.value.setupFee.rule }).toEqual(expected.setupFee);
        if (o.kind === "one_time") expect(actual.value.price.amount.isZero()).toBe(true);
      }),
      RUNS,
    );
  });

  it("an option uses the product's step-3 percentage even when the product is priced by an override", () => {
    fc.assert(
      fc.property(product, option, cycle, reseller, (p, o, c, r) => {
        const withOverride: RefReseller = { ...r, overrides: { ...r.overrides, [c]: { amount: "1", setupFee: null } }, tier: r.tier && { ...r.tier, optionPrices: {} } };
        const terms = toTerms(p, withOverride)!;
        const productPrice = resolveProductPrice(toProduct(p), c as BillingCycle, terms);
        expect(productPrice.price.rule).toBe("reseller_override");
        const got = attempt(() => resolveOptionPrice(toOption(o), c as BillingCycle, terms, productPrice.discount, p.currency));
        const expected = refOptionPrice(o, c, withOverride, refPercentage(p, withOverride), p.currency);
        expect(got.ok).toBe(expected.sold);
        if (got.ok && expected.sold) expect(got.value.setupFee.amount.toFixed(4)).toBe(expected.setupFee.amount);
      }),
      { numRuns: 200 },
    );
  });
});

describe("run-rate normalisation", () => {
  it("per-cycle figures per month, rounded once, equal the reference's exact twelfths", () => {
    const status = fc.constantFrom<RefServiceStatus>("pending_payment", "pending", "active", "suspended", "provisioning_failed", "terminated", "cancelled");
    const held = fc.array(
      fc.record({ status, cycle, amount: figure, addOns: fc.array(fc.record({ amount: figure, cancelled: fc.boolean() }), { maxLength: 2 }) }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(held, (services) => {
        // What computeRunRate does with the rows its query returns (released services and cancelled add-ons filtered out).
        const rows = services
          .filter((s) => s.status !== "terminated" && s.status !== "cancelled")
          .map((s) => ({ amount: dec(s.amount).plus(sum(s.addOns.filter((a) => !a.cancelled).map((a) => dec(a.amount)))), cycle: s.cycle as BillingCycle }));
        expect(roundUnit(sumPerMonth(rows)).toFixed(4)).toBe(refRunRate(services, []));
      }),
      RUNS,
    );
  });

  it("monthlyEquivalent agrees with sumPerMonth figure by figure", () => {
    fc.assert(
      fc.property(cycle, figure, (c, amount) => {
        const one = [{ amount: dec(amount), cycle: c as BillingCycle }];
        expect(roundUnit(monthlyEquivalent(dec(amount), c as BillingCycle)).toFixed(4)).toBe(roundUnit(sumPerMonth(one)).toFixed(4));
      }),
      RUNS,
    );
  });
});
