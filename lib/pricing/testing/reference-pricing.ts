// A second, deliberately small implementation of the pricing rules, written from the text of
// reseller-api "What the service does" (and docs/pricing.md and docs/decisions.md where the spec
// leaves the rounding and the rule names open), for the property tests. It shares no code with
// lib/pricing: figures are integers in ten-thousandths (bigint), percentages integers in hundredths
// of a per cent, so a disagreement with the decimal.js implementation is a real difference, not a
// shared mistake. Every price is rounded once, half-up, to its currency's minor unit (an hourly rate
// to 4 places): ISO 4217's digits of the few currencies the generated catalogues use.

export type RefCycle = "monthly" | "quarterly" | "semi_annually" | "annually" | "hourly";
export const REF_CYCLES: readonly RefCycle[] = ["monthly", "quarterly", "semi_annually", "annually", "hourly"];
const MONTHS: Record<Exclude<RefCycle, "hourly">, bigint> = { monthly: 1n, quarterly: 3n, semi_annually: 6n, annually: 12n };

/** 1.0000 in figure units; 100.00 % in percent units. */
const UNIT = 10_000n;
const FULL = 10_000n;

/** ISO 4217 minor units of the currencies the property tests price in. */
export const REF_MINOR_DIGITS = { EUR: 2, USD: 2, GBP: 2, JPY: 0, KWD: 3 } as const;
export type RefCurrency = keyof typeof REF_MINOR_DIGITS;
export const REF_CURRENCIES = Object.keys(REF_MINOR_DIGITS) as RefCurrency[];

/** "12.3456" → 123456n (at most 4 places, not negative). */
export function toUnits(figure: string): bigint {
  const [whole, frac = ""] = figure.split(".");
  if (frac.length > 4) throw new Error(`more than 4 places: ${figure}`);
  return BigInt(whole!) * UNIT + BigInt(frac.padEnd(4, "0"));
}

/** 123456n → "12.3456". */
export function fromUnits(units: bigint): string {
  const sign = units < 0n ? "-" : "";
  const abs = units < 0n ? -units : units;
  return `${sign}${abs / UNIT}.${(abs % UNIT).toString().padStart(4, "0")}`;
}

/** "12.5" per cent → 1250n. */
export function toPercentUnits(percent: string): bigint {
  const [whole, frac = ""] = percent.split(".");
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, "0").slice(0, 2));
}

/** numerator / denominator rounded half-up (both positive or numerator 0). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const q = numerator / denominator;
  return (numerator % denominator) * 2n >= denominator ? q + 1n : q;
}

/** An exact figure as a fraction of figure units. */
interface Exact {
  n: bigint;
  d: bigint;
}

const exact = (units: bigint): Exact => ({ n: units, d: 1n });

function lessPercent(units: bigint, percent: bigint): Exact {
  return { n: units * (FULL - percent), d: FULL };
}

/** A price rounded once, half-up: an hourly rate to 4 places, anything else (`once`: a one-off) to the currency's minor unit. */
function price(figure: Exact, cycle: RefCycle | "once", currency: RefCurrency): bigint {
  if (cycle === "hourly") return divideHalfUp(figure.n, figure.d);
  const step = 10n ** BigInt(4 - REF_MINOR_DIGITS[currency]);
  return divideHalfUp(figure.n, figure.d * step) * step;
}

/** A monthly figure on another cycle: × months, or / 720 per hour (rounded to 4 places). */
function monthlyOn(units: bigint, cycle: RefCycle): bigint {
  return cycle === "hourly" ? divideHalfUp(units, 720n) : units * MONTHS[cycle];
}

export interface RefEntry {
  amount: string;
  setupFee: string | null;
}

export interface RefProduct {
  /** The supplier's base currency: every figure is in it. */
  currency: RefCurrency;
  categoryId: string | null;
  /** ProductPrice rows. */
  retail: Partial<Record<RefCycle, string>>;
  /** Cycles the category does not sell at retail. */
  categoryDisabled: RefCycle[];
  setupFee: string | null;
}

export interface RefTier {
  defaultPercent: string;
  /** Per category; a category missing here is "left blank". */
  categoryPercents: Record<string, string>;
  prices: Partial<Record<RefCycle, RefEntry>>;
  optionPrices: Record<string, Partial<Record<RefCycle, RefEntry>>>;
}

export interface RefReseller {
  overrides: Partial<Record<RefCycle, RefEntry>>;
  /** Per-product percentage override, or null when not set. */
  productPercent: string | null;
  defaultPercent: string;
  tier: RefTier | null;
}

export type RefRule =
  | "reseller_override"
  | "tier_price_book"
  | "product_discount"
  | "tier_category_discount"
  | "tier_discount"
  | "reseller_discount"
  | "retail";

export interface RefPercentage {
  percent: bigint;
  rule: Exclude<RefRule, "reseller_override" | "tier_price_book">;
}

/** Step 3's percentage: per-product override if set, else the better of tier (category/default) and reseller. */
export function refPercentage(product: RefProduct, reseller: RefReseller | null): RefPercentage {
  if (!reseller) return { percent: 0n, rule: "retail" };
  if (reseller.productPercent !== null) return { percent: toPercentUnits(reseller.productPercent), rule: "product_discount" };
  const own = toPercentUnits(reseller.defaultPercent);
  let tier: RefPercentage | null = null;
  if (reseller.tier) {
    const byCategory = product.categoryId === null ? undefined : reseller.tier.categoryPercents[product.categoryId];
    tier =
      byCategory !== undefined
        ? { percent: toPercentUnits(byCategory), rule: "tier_category_discount" }
        : { percent: toPercentUnits(reseller.tier.defaultPercent), rule: "tier_discount" };
  }
  // "the better of": the larger percentage; a tie is labelled by the tier (docs/pricing.md).
  const best: RefPercentage = tier && tier.percent >= own ? tier : { percent: own, rule: "reseller_discount" };
  return best.percent === 0n ? { percent: 0n, rule: "retail" } : best;
}

export interface RefFigure {
  amount: string;
  rule: RefRule;
}

export type RefProductPrice = { sold: true; price: RefFigure; setupFee: RefFigure; percent: RefPercentage } | { sold: false };

/** Wholesale (reseller) or retail (reseller null) price of one unit of a product on a cycle. */
export function refProductPrice(product: RefProduct, cycle: RefCycle, reseller: RefReseller | null): RefProductPrice {
  const percent = refPercentage(product, reseller);
  const override = reseller?.overrides[cycle];
  const book = reseller?.tier?.prices[cycle];
  const retail = product.retail[cycle] !== undefined && !product.categoryDisabled.includes(cycle) ? product.retail[cycle]! : null;

  const onCycle = (figure: Exact) => fromUnits(price(figure, cycle, product.currency));
  const once = (figure: Exact) => fromUnits(price(figure, "once", product.currency));

  let unit: RefFigure;
  if (override) unit = { amount: onCycle(exact(toUnits(override.amount))), rule: "reseller_override" };
  else if (book) unit = { amount: onCycle(exact(toUnits(book.amount))), rule: "tier_price_book" };
  else if (retail !== null) unit = { amount: onCycle(lessPercent(toUnits(retail), percent.percent)), rule: percent.rule };
  else return { sold: false };

  let setupFee: RefFigure;
  if (override?.setupFee != null) setupFee = { amount: once(exact(toUnits(override.setupFee))), rule: "reseller_override" };
  else if (book?.setupFee != null) setupFee = { amount: once(exact(toUnits(book.setupFee))), rule: "tier_price_book" };
  else setupFee = { amount: once(lessPercent(toUnits(product.setupFee ?? "0"), percent.percent)), rule: percent.rule };
  return { sold: true, price: unit, setupFee, percent };
}

export interface RefOption {
  id: string;
  kind: "recurring" | "one_time";
  retail: Partial<Record<RefCycle, string>>;
  setupFee: string | null;
  oneTimePrice: string | null;
}

export type RefOptionPrice = { sold: true; price: RefFigure; setupFee: RefFigure } | { sold: false };

/**
 * An add-on's price with a product on a cycle: the tier option price when the tier sets one,
 * otherwise retail less the product's percentage; a cycle without its own price derives from the
 * monthly one (× months, / 720 per hour), for tier and retail prices alike. A one-time option is
 * billed once on the setup side and has no separate setup fee. `currency`: the product's.
 */
export function refOptionPrice(option: RefOption, cycle: RefCycle, reseller: RefReseller | null, percent: RefPercentage, currency: RefCurrency): RefOptionPrice {
  const book = reseller?.tier?.optionPrices[option.id];
  const onCycle = (figure: Exact) => fromUnits(price(figure, cycle, currency));
  const once = (figure: Exact) => fromUnits(price(figure, "once", currency));
  if (option.kind === "one_time") {
    const entry = book?.[cycle] ?? book?.monthly;
    let oneOff: RefFigure;
    if (entry) oneOff = { amount: once(exact(toUnits(entry.amount))), rule: "tier_price_book" };
    else if (option.oneTimePrice !== null) oneOff = { amount: once(lessPercent(toUnits(option.oneTimePrice), percent.percent)), rule: percent.rule };
    else return { sold: false };
    return { sold: true, price: { amount: "0.0000", rule: oneOff.rule }, setupFee: oneOff };
  }

  let bookPrice: bigint | null = null;
  let bookSetup: string | null = null;
  if (book?.[cycle]) {
    bookPrice = toUnits(book[cycle]!.amount);
    bookSetup = book[cycle]!.setupFee;
  } else if (book?.monthly) {
    bookPrice = monthlyOn(toUnits(book.monthly.amount), cycle);
    bookSetup = book.monthly.setupFee;
  }

  let unit: RefFigure;
  if (bookPrice !== null) {
    unit = { amount: onCycle(exact(bookPrice)), rule: "tier_price_book" };
  } else {
    const own = option.retail[cycle];
    const retail = own !== undefined ? toUnits(own) : option.retail.monthly !== undefined ? monthlyOn(toUnits(option.retail.monthly), cycle) : null;
    if (retail === null) return { sold: false };
    unit = { amount: onCycle(lessPercent(retail, percent.percent)), rule: percent.rule };
  }
  const setupFee: RefFigure =
    bookPrice !== null && bookSetup !== null
      ? { amount: once(exact(toUnits(bookSetup))), rule: "tier_price_book" }
      : { amount: once(lessPercent(toUnits(option.setupFee ?? "0"), percent.percent)), rule: percent.rule };
  return { sold: true, price: unit, setupFee };
}

export type RefServiceStatus =
  | "pending_payment"
  | "pending"
  | "active"
  | "suspended"
  | "provisioning_failed"
  | "terminated"
  | "cancelled";

export interface RefHeldService {
  status: RefServiceStatus;
  cycle: RefCycle;
  amount: string;
  /** Add-on amounts and whether each is cancelled. */
  addOns: { amount: string; cancelled: boolean }[];
}

export interface RefPaidOrder {
  paid: boolean;
  ageDays: number;
  items: { quantity: number; setupFee: string; options: { quantity: number; setupFee: string }[] }[];
}

/**
 * Monthly run-rate: recurring value of held services per month (quarterly 1/3, semi-annually 1/6,
 * annual 1/12, hourly × 730) plus one-off spend in the last 30 days; terminated and cancelled
 * services do not count, suspended ones do. Held exactly in twelfths and rounded once (4 places).
 */
export function refRunRate(services: RefHeldService[], orders: RefPaidOrder[]): string {
  let twelfths = 0n;
  for (const s of services) {
    if (s.status === "terminated" || s.status === "cancelled") continue;
    let perCycle = toUnits(s.amount);
    for (const addOn of s.addOns) if (!addOn.cancelled) perCycle += toUnits(addOn.amount);
    twelfths += s.cycle === "hourly" ? perCycle * 730n * 12n : (perCycle * 12n) / MONTHS[s.cycle];
  }
  for (const o of orders) {
    if (!o.paid || o.ageDays >= 30) continue;
    for (const item of o.items) {
      let perUnit = toUnits(item.setupFee);
      for (const opt of item.options) perUnit += toUnits(opt.setupFee) * BigInt(opt.quantity);
      twelfths += perUnit * BigInt(item.quantity) * 12n;
    }
  }
  return fromUnits(divideHalfUp(twelfths, 12n));
}
