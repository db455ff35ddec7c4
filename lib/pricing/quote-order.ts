import type { DbOrTx } from "@/lib/db/client";
import type { BillingCycle, OptionPricingType } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { getBaseCurrency } from "./base-currency";
import { requireBillingCycle } from "./billing-cycles";
import { convertPrice, findExchangeRate } from "./exchange-rate";
import { loadProductPricing, loadWholesaleTerms } from "./load-pricing-data";
import { ZERO, dec, roundMoney, sum, type Decimal } from "./money";
import { assertHoldingCaps, assertMinimumOrder } from "./order-limits";
import type { DiscountRule, PriceRule } from "./price-rule";
import type { ProductPricing, WholesaleTerms } from "./pricing-data";
import { OptionQuantityError, UnavailableOptionsError } from "./pricing-errors";
import { resolveBuyer, type PricingBuyer, type ResolvedBuyer } from "./resolve-buyer";
import { resolveLocation } from "./resolve-location";
import { resolveOptionPrice } from "./resolve-option-price";
import { resolveProductPrice } from "./resolve-product-price";
import { findVatRate, vatOn } from "./vat-rate";

export interface QuoteOptionInput {
  optionId: string;
  /** Per service; default 1. */
  quantity?: number;
}

export interface QuoteItemInput {
  productId: string;
  /** As the client sent it (`semi-annually`); the enum spelling is accepted too. */
  billingCycle: string;
  /** Services to create; default 1. */
  quantity?: number;
  /** A location `value` (`ams1`). */
  location?: string | null;
  options?: QuoteOptionInput[];
}

export interface QuoteOrderInput {
  buyer: PricingBuyer;
  items: QuoteItemInput[];
  /** The moment prices, exchange rate and VAT rate are taken at. */
  at: Date;
  /**
   * Charge in this currency instead of the account's (e.g. the base currency for a reseller's
   * `credit` mode, whose balance is held in it).
   */
  currency?: string;
}

export interface QuoteOrderOptions {
  /** Check holding caps and the minimum order amount for reseller buyers (default true). */
  enforceLimits?: boolean;
  /** The buyer as the caller already resolved it (placeOrder's order context), to skip reading it again. */
  resolvedBuyer?: ResolvedBuyer;
  /** The platform base currency, when the caller already read it. */
  baseCurrency?: string;
}

export interface QuotedOption {
  optionId: string;
  name: string;
  pricingType: OptionPricingType;
  /** Per service, duplicates merged. */
  quantity: number;
  /** Recurring price of one unit per cycle (per hour on `hourly`); 0 for a one-time option. */
  unitPrice: Decimal;
  /** One-off of one unit: a recurring option's setup fee, a one-time option's price. */
  setupFee: Decimal;
  rule: PriceRule;
  setupFeeRule: PriceRule;
  /** unitPrice × quantity: what the add-on bills per cycle on one service (ServiceOption.amount). */
  recurringAmount: Decimal;
  /** setupFee × quantity, once per service. */
  setupAmount: Decimal;
}

export interface QuotedLocation {
  locationId: string;
  value: string;
  name: string;
  /** Per month as configured (Service.locationSurchargeMonthly). */
  surchargeMonthly: Decimal;
  /** On the line's cycle. */
  surcharge: Decimal;
  surchargeSetup: Decimal;
}

export interface QuoteLine {
  index: number;
  productId: string;
  productName: string;
  billingCycle: BillingCycle;
  quantity: number;
  /** Product price of one unit per cycle (per hour on `hourly`). */
  unitPrice: Decimal;
  unitPriceRule: PriceRule;
  /** Product setup fee of one unit. */
  setupFee: Decimal;
  setupFeeRule: PriceRule;
  /** The percentage off retail that applies to this product and its options, and its source. */
  discountPercent: Decimal;
  discountRule: DiscountRule;
  location: QuotedLocation | null;
  options: QuotedOption[];
  /** What one service bills per cycle, product and datacentre: unitPrice + surcharge (Service.amount). */
  serviceAmount: Decimal;
  /** One-off per service for product and datacentre: setupFee + surchargeSetup (OrderItem.setupFee). */
  serviceSetupFee: Decimal;
  /** serviceAmount + the options' recurringAmount. */
  recurringPerUnit: Decimal;
  /** serviceSetupFee + the options' setupAmount. */
  setupPerUnit: Decimal;
  /** (recurringPerUnit + setupPerUnit) × quantity, rounded to the currency's minor unit: the first cycle (first hour) and every one-off. */
  subtotal: Decimal;
  /** The same in the base currency. */
  baseSubtotal: Decimal;
}

export interface OrderQuote {
  buyer: { kind: PricingBuyer["kind"]; channel: ResolvedBuyer["channel"]; accountId: string; resellerId: string | null; country: string };
  at: Date;
  baseCurrency: string;
  /** What the figures are in: the account (or requested) currency, or the base currency on fallback. */
  currency: string;
  /** 1 base = exchangeRate `currency`; store it with the order and reuse it for invoice and retries. */
  exchangeRate: Decimal;
  exchangeRateId: string | null;
  /** No rate was in force for the wanted currency, so the quote is in the base currency. */
  rateFallback: boolean;
  lines: QuoteLine[];
  /** Sum of line subtotals in the base currency, excluding VAT (the minimum order compares this). */
  baseAmount: Decimal;
  /** Sum of line subtotals, excluding VAT. */
  amount: Decimal;
  /** Percent, by the account's country at `at`. */
  vatRate: Decimal;
  vatCountry: string;
  vat: Decimal;
  total: Decimal;
}

function requireQuantity(value: number | undefined, field: string): number {
  const quantity = value ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1) {
    const message = "Quantity must be a whole number of at least 1";
    throw new DomainError("invalid", message, { details: [{ field, message }] });
  }
  return quantity;
}

/** Duplicate option ids merged (quantities summed, first position kept). */
function mergeOptions(options: QuoteOptionInput[], itemIndex: number): { optionId: string; quantity: number }[] {
  const merged = new Map<string, number>();
  options.forEach((o, i) => {
    const quantity = requireQuantity(o.quantity, `items[${itemIndex}].options[${i}].quantity`);
    merged.set(o.optionId, (merged.get(o.optionId) ?? 0) + quantity);
  });
  return [...merged].map(([optionId, quantity]) => ({ optionId, quantity }));
}

interface PricedOptionBase {
  optionId: string;
  name: string;
  pricingType: OptionPricingType;
  quantity: number;
  unitPrice: Decimal;
  setupFee: Decimal;
  rule: PriceRule;
  setupFeeRule: PriceRule;
}

/** One line priced in the base currency: only unit figures; sums are made after conversion. */
interface PricedLineBase {
  index: number;
  product: ProductPricing;
  cycle: BillingCycle;
  quantity: number;
  unitPrice: Decimal;
  unitPriceRule: PriceRule;
  setupFee: Decimal;
  setupFeeRule: PriceRule;
  discountPercent: Decimal;
  discountRule: DiscountRule;
  location: QuotedLocation | null;
  options: PricedOptionBase[];
}

function priceLine(
  index: number,
  item: QuoteItemInput,
  cycle: BillingCycle,
  quantity: number,
  product: ProductPricing,
  terms: WholesaleTerms | null,
): PricedLineBase {
  const resolved = resolveProductPrice(product, cycle, terms);
  const location = resolveLocation(product, item.location, cycle);

  const wanted = mergeOptions(item.options ?? [], index);
  const rejected = wanted.filter((w) => !product.options.some((o) => o.id === w.optionId && o.orderable)).map((w) => w.optionId);
  if (rejected.length > 0) throw new UnavailableOptionsError(rejected);
  const options = wanted.map(({ optionId, quantity: optionQuantity }) => {
    const option = product.options.find((o) => o.id === optionId)!;
    if (option.maxQuantity !== null && optionQuantity > option.maxQuantity) throw new OptionQuantityError(option, option.maxQuantity);
    const price = resolveOptionPrice(option, cycle, terms, resolved.discount, product.currency);
    return {
      optionId,
      name: option.name,
      pricingType: option.pricingType,
      quantity: optionQuantity,
      unitPrice: price.price.amount,
      setupFee: price.setupFee.amount,
      rule: price.price.rule,
      setupFeeRule: price.setupFee.rule,
    };
  });

  return {
    index,
    product,
    cycle,
    quantity,
    unitPrice: resolved.price.amount,
    unitPriceRule: resolved.price.rule,
    setupFee: resolved.setupFee.amount,
    setupFeeRule: resolved.setupFee.rule,
    discountPercent: resolved.discount.percent,
    discountRule: resolved.discount.rule,
    location,
    options,
  };
}

/**
 * Converts a price of a line into the quote's currency: a price on a cycle, or a one-off (`null`).
 * In the base currency the figures are already the rounded prices and pass as they are.
 */
type ConvertPrice = (amount: Decimal, cycle: BillingCycle | null) => Decimal;

/** A priced line in one currency: each price converted by `cv`, then every sum made from them. */
function presentLine(line: PricedLineBase, currency: string, cv: ConvertPrice, baseSubtotal: Decimal | null): QuoteLine {
  const location = line.location && {
    ...line.location,
    surchargeMonthly: cv(line.location.surchargeMonthly, "monthly"),
    surcharge: cv(line.location.surcharge, line.cycle),
    surchargeSetup: cv(line.location.surchargeSetup, null),
  };
  const options = line.options.map((o): QuotedOption => {
    const unitPrice = cv(o.unitPrice, line.cycle);
    const setupFee = cv(o.setupFee, null);
    return { ...o, unitPrice, setupFee, recurringAmount: unitPrice.times(o.quantity), setupAmount: setupFee.times(o.quantity) };
  });
  const unitPrice = cv(line.unitPrice, line.cycle);
  const setupFee = cv(line.setupFee, null);
  const serviceAmount = unitPrice.plus(location?.surcharge ?? ZERO);
  const serviceSetupFee = setupFee.plus(location?.surchargeSetup ?? ZERO);
  const recurringPerUnit = serviceAmount.plus(sum(options.map((o) => o.recurringAmount)));
  const setupPerUnit = serviceSetupFee.plus(sum(options.map((o) => o.setupAmount)));
  // Only an hourly line has places to lose here (its first hour is a 4-place rate); every other
  // figure is already a whole number of the currency's minor unit.
  const subtotal = roundMoney(recurringPerUnit.plus(setupPerUnit).times(line.quantity), currency);
  return {
    index: line.index,
    productId: line.product.id,
    productName: line.product.name,
    billingCycle: line.cycle,
    quantity: line.quantity,
    unitPrice,
    unitPriceRule: line.unitPriceRule,
    setupFee,
    setupFeeRule: line.setupFeeRule,
    discountPercent: line.discountPercent,
    discountRule: line.discountRule,
    location,
    options,
    serviceAmount,
    serviceSetupFee,
    recurringPerUnit,
    setupPerUnit,
    subtotal,
    baseSubtotal: baseSubtotal ?? subtotal,
  };
}

/**
 * Prices an order without writing anything: the "dry run" of order review, and the figures the
 * order code charges and snapshots. Customers pay retail; resellers (and an active reseller at the
 * client-panel checkout) pay wholesale. Every figure says which rule produced it.
 *
 * Checks, in order: items and quantities (400), products (404 when unknown or disabled), per line
 * the cycle (400 not sold), location (400 required / LOCATION_UNAVAILABLE), options (400 naming
 * rejected ids, maxQuantity, cycle), then for resellers the holding caps (409) and the programme
 * minimum (400) unless `enforceLimits` is false.
 *
 * Figures are in the base currency, converted figure by figure to the account currency (or
 * `input.currency`) at the rate in force at `at`; with no rate the quote stays in the base currency.
 * Every price is rounded to its currency's minor unit (an hourly rate to 4 places) before anything
 * is summed, so the figures quoted are those the catalogue shows and the order charges
 * (docs/decisions.md). VAT is by the account's country at `at`, for customers and resellers alike
 * (docs/pricing.md).
 */
export async function quoteOrder(db: DbOrTx, input: QuoteOrderInput, options: QuoteOrderOptions = {}): Promise<OrderQuote> {
  if (input.items.length === 0) {
    const message = "An order needs at least one item";
    throw new DomainError("invalid", message, { details: [{ field: "items", message }] });
  }
  const cycles = input.items.map((item, i) => requireBillingCycle(item.billingCycle, input.items.length > 1 ? `items[${i}].billingCycle` : "billingCycle"));
  const quantities = input.items.map((item, i) => requireQuantity(item.quantity, `items[${i}].quantity`));

  const buyer = options.resolvedBuyer ?? (await resolveBuyer(db, input.buyer));
  const baseCurrency = options.baseCurrency ?? (await getBaseCurrency(db));
  const products = await loadProductPricing(db, input.items.map((i) => i.productId), baseCurrency);
  for (const item of input.items) {
    const product = products.get(item.productId);
    if (!product || !product.enabled) throw new DomainError("not_found", "Product not found");
  }
  const terms = buyer.reseller ? await loadWholesaleTerms(db, buyer.reseller, products.values()) : null;

  const priced = input.items.map((item, i) =>
    priceLine(i, item, cycles[i]!, quantities[i]!, products.get(item.productId)!, terms?.get(item.productId) ?? null),
  );

  const wanted = input.currency ?? buyer.currency;
  const rate = await findExchangeRate(db, baseCurrency, wanted, input.at);
  const exchangeRate = rate?.rate ?? dec(1);
  const currency = rate ? wanted : baseCurrency;
  const asPriced: ConvertPrice = (d) => d;
  const convertFigure: ConvertPrice = currency !== baseCurrency ? (d, cycle) => convertPrice(d, exchangeRate, currency, cycle) : asPriced;

  const baseLines = priced.map((line) => presentLine(line, baseCurrency, asPriced, null));
  const lines = priced.map((line, i) => presentLine(line, currency, convertFigure, baseLines[i]!.subtotal));
  const baseAmount = sum(baseLines.map((l) => l.subtotal));
  const amount = sum(lines.map((l) => l.subtotal));

  const vatRate = await findVatRate(db, buyer.country, input.at);
  const vat = vatOn(amount, vatRate.ratePercent, currency);

  if (buyer.reseller && options.enforceLimits !== false) {
    await assertHoldingCaps(db, buyer.reseller, lines.map((l) => ({ productId: l.productId, quantity: l.quantity })));
    await assertMinimumOrder(db, baseAmount);
  }

  return {
    buyer: { kind: buyer.kind, channel: buyer.channel, accountId: buyer.accountId, resellerId: buyer.reseller?.id ?? null, country: vatRate.countryCode },
    at: input.at,
    baseCurrency,
    currency,
    exchangeRate,
    exchangeRateId: rate?.exchangeRateId ?? null,
    rateFallback: !rate,
    lines,
    baseAmount,
    amount,
    vatRate: vatRate.ratePercent,
    vatCountry: vatRate.countryCode,
    vat,
    total: amount.plus(vat),
  };
}
