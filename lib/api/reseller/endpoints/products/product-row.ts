import { z } from "zod";
import { representativeFigure, type CatalogueEntry } from "@/lib/catalogue/catalogue";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { BILLING_CYCLES, type Decimal } from "@/lib/pricing";

// The reseller API's Product (reseller-api "Product", "Product option"): wholesale figures as JSON
// numbers in the supplier's base currency, converted from the exact decimals only here.

/** A money figure as a JSON number (the decimal's nearest double; prices arrive rounded by lib/pricing: 2 places, 4 for an hourly rate). */
export const toNumber = (d: Decimal): number => d.toNumber();
const orNull = (d: Decimal | null | undefined): number | null => (d === null || d === undefined ? null : toNumber(d));

const figure = z.number().nullable();

/** The spec's keys per cycle (note `semiAnnual` and `annual` versus the order values). */
const CYCLE_KEY = { monthly: "monthly", quarterly: "quarterly", semi_annually: "semiAnnual", annually: "annual", hourly: "hourly" } as const;
const cycleFigures = {
  monthly: figure,
  quarterly: figure,
  semiAnnual: figure,
  annual: figure,
  hourly: figure.describe("Per hour"),
};
type CycleFigures = Record<(typeof CYCLE_KEY)[BillingCycle], number | null>;

function byCycle(values: Partial<Record<BillingCycle, Decimal | { amount: Decimal }>>): CycleFigures {
  const out = {} as CycleFigures;
  for (const cycle of BILLING_CYCLES) {
    const v = values[cycle];
    out[CYCLE_KEY[cycle]] = v === undefined ? null : toNumber("amount" in v ? v.amount : v);
  }
  return out;
}

export const productPricingSchema = z
  .object({ currency: z.string(), ...cycleFigures, setupFee: figure.describe("Setup fee of the monthly cycle (else the first cycle sold); null when nothing is sold") })
  .describe("Wholesale per cycle; null = not sold (an order on that cycle is refused). The non-null cycles are what POST /orders accepts");

export const productOptionSchema = z.object({
  id: z.string().describe("Send as options[].optionId"),
  name: z.string(),
  description: z.string().nullable(),
  pricingType: z.enum(["recurring", "one_time"]),
  maxQuantity: z.number().int().nullable(),
  pricing: z.object({
    currency: z.string(),
    ...cycleFigures,
    setupFee: figure,
    oneTime: figure.describe("One-time options: billed once on the setup side, no separate setup fee"),
    retail: z.object(cycleFigures),
    retailSetupFee: figure,
    retailOneTime: figure,
    discountRate: z.number().describe("Percent off retail applied when no price-book figure exists (the product's)"),
  }),
});

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable().describe("Category name"),
  kind: z.enum(["vps", "dedicated", "game", "ip_transit", "colocation", "generic"]),
  locationRequired: z.boolean().describe("configuration.location is required (see GET /products/{id}/schema for the values)"),
  currency: z.string().describe("Supplier base currency"),
  pricing: productPricingSchema,
  specs: z.record(z.string(), z.unknown()),
  options: z.array(productOptionSchema),
});

export function productRow(entry: CatalogueEntry, currency: string): z.input<typeof productSchema> {
  const { product, sheet } = entry;
  const discountRate = toNumber(sheet.discount.percent);
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    category: product.category?.name ?? null,
    kind: product.kind,
    locationRequired: product.locationRequired,
    currency,
    pricing: { currency, ...byCycle(sheet.cycles), setupFee: orNull(representativeFigure(sheet.cycles)?.setupFee) },
    specs: product.specs,
    options: sheet.options.map((o) => ({
      id: o.optionId,
      name: o.name,
      description: product.optionDescriptions[o.optionId] ?? null,
      pricingType: o.pricingType,
      maxQuantity: o.maxQuantity,
      pricing: {
        currency,
        ...byCycle(o.cycles),
        setupFee: o.pricingType === "recurring" ? orNull(representativeFigure(o.cycles)?.setupFee) : null,
        oneTime: orNull(o.oneTime?.amount),
        retail: byCycle(o.retail),
        retailSetupFee: orNull(o.retailSetupFee),
        retailOneTime: orNull(o.retailOneTime),
        discountRate,
      },
    })),
  };
}
