import { WIRE_BILLING_CYCLES } from "@/lib/schemas/billing-cycles";
import { z } from "zod";
import { representativeFigure, type CatalogueEntry } from "@/lib/catalogue/catalogue";
import { AVAILABILITY_CODES, type LocationAvailability } from "@/lib/catalogue/compute-availability";
import type { DisplayCurrency } from "@/lib/catalogue/display-currency";
import type { CatalogueOsImage } from "@/lib/catalogue/load-catalogue-products";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { BILLING_CYCLES, ZERO, apiBillingCycle, type Decimal } from "@/lib/pricing";
import { moneyString } from "@/lib/format/money-string";

// The customer API's catalogue shapes: money as decimal strings in the caller's currency,
// cycles as docs/decisions.md#d31 writes them.

const money = z.string().describe("Decimal string");
const nullableMoney = money.nullable();

export const availabilityCodeSchema = z.enum(AVAILABILITY_CODES);

const apiCycle = (cycle: BillingCycle) => apiBillingCycle(cycle) as (typeof WIRE_BILLING_CYCLES)[number];

const cyclePriceFields = {
  monthly_price: nullableMoney.describe("Per month; null = the monthly cycle is not sold to you"),
  quarterly_price: nullableMoney,
  semi_annually_price: nullableMoney,
  annually_price: nullableMoney,
  hourly_price: nullableMoney.describe("Per hour; null = not sold by the hour"),
};

const PRICE_KEY: Record<BillingCycle, keyof typeof cyclePriceFields> = {
  monthly: "monthly_price",
  quarterly: "quarterly_price",
  semi_annually: "semi_annually_price",
  annually: "annually_price",
  hourly: "hourly_price",
};

function cyclePrices(figures: Partial<Record<BillingCycle, { amount: Decimal }>>, cv: DisplayCurrency) {
  const out = {} as Record<keyof typeof cyclePriceFields, string | null>;
  for (const cycle of BILLING_CYCLES) {
    const figure = figures[cycle];
    out[PRICE_KEY[cycle]] = figure ? moneyString(cv.convert(figure.amount, cycle)) : null;
  }
  return out;
}

export const productRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  kind: z.enum(["vps", "dedicated", "game", "ip_transit", "colocation", "generic"]),
  category: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  specs: z.record(z.string(), z.unknown()),
  currency: z.string().describe("Currency of every figure: your account's, or the supplier's base currency when no exchange rate is on file"),
  price_basis: z.enum(["retail", "wholesale"]).describe("`wholesale` for an active reseller's own account (the storefront checkout is priced at wholesale)"),
  ...cyclePriceFields,
  setup_fee: nullableMoney.describe("One-off per service on the monthly cycle (else the first cycle sold); null when nothing is sold"),
});

export function productRow(entry: CatalogueEntry, cv: DisplayCurrency, priceBasis: "retail" | "wholesale"): z.input<typeof productRowSchema> {
  const { product, sheet } = entry;
  const setup = representativeFigure(sheet.cycles);
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    kind: product.kind,
    category: product.category,
    specs: product.specs,
    currency: cv.currency,
    price_basis: priceBasis,
    ...cyclePrices(sheet.cycles, cv),
    setup_fee: setup ? moneyString(cv.convert(setup.setupFee, null)) : null,
  };
}

const osImageSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  family: z.string(),
  distro: z.string(),
  version: z.string(),
  logo_url: z.string().nullable(),
  is_default: z.boolean(),
  orderable: z.boolean().describe("The order gate: only orderable images can be sent as `configOptions.os_image_id`"),
});

function osImage(image: CatalogueOsImage, defaultId: string | null): z.input<typeof osImageSchema> {
  return {
    id: image.id,
    name: image.name,
    slug: image.slug,
    family: image.family,
    distro: image.distro,
    version: image.version,
    logo_url: image.logoUrl,
    is_default: image.id === defaultId,
    orderable: image.orderable,
  };
}

const optionSchema = z.object({
  id: z.string().describe("Send as `items[].options[].optionId`"),
  name: z.string(),
  description: z.string().nullable(),
  pricing_type: z.enum(["recurring", "one_time"]),
  max_quantity: z.number().int().nullable(),
  ...cyclePriceFields,
  setup_fee: nullableMoney.describe("Recurring options: one-off per service (monthly cycle's, else the first cycle's); null for one-time options"),
  one_time_price: nullableMoney.describe("One-time options: billed once; null for recurring options"),
});

const productLocationSchema = z.object({
  value: z.string().describe("Send as the order's `location`"),
  name: z.string(),
  id: z.string(),
  flag: z.string(),
  country_code: z.string(),
  available: z.boolean(),
  code: availabilityCodeSchema,
  reason: z.string(),
  surcharge: z
    .object({ monthly: money.describe("Per month (annual = x12, per hour = /720)"), setup: money.describe("One-off per service") })
    .nullable()
    .describe("Datacentre surcharge, snapshotted onto the service; null when the location is not priced"),
});

export const productDetailSchema = productRowSchema.extend({
  billing_cycles: z.array(z.enum(WIRE_BILLING_CYCLES)).describe("Cycles an order accepts from you"),
  cycle_prices: z
    .array(z.object({ billing_cycle: z.enum(WIRE_BILLING_CYCLES), price: money, setup_fee: money }))
    .describe("Price and setup fee per cycle sold to you (an override or tier price may give each cycle its own setup fee)"),
  options: z.array(optionSchema),
  os_images: z.array(osImageSchema).describe("Images a new order may choose (the order gate): each `orderable: true`"),
  default_os_image_id: z.string().nullable(),
  os_images_all: z.array(osImageSchema).describe("Every image linked to the product, orderable or not"),
  locations: z.array(productLocationSchema).describe("Locations the product is sold in, with their availability now"),
  location_required: z.boolean().describe("An order must name one of `locations[].value`"),
});

export function productDetail(
  entry: CatalogueEntry,
  cv: DisplayCurrency,
  priceBasis: "retail" | "wholesale",
  availability: LocationAvailability[],
  defaultImageId: string | null,
): z.input<typeof productDetailSchema> {
  const { product, sheet } = entry;
  const descriptions = product.optionDescriptions;
  return {
    ...productRow(entry, cv, priceBasis),
    billing_cycles: BILLING_CYCLES.filter((c) => sheet.cycles[c]).map(apiCycle),
    cycle_prices: BILLING_CYCLES.flatMap((c) => {
      const figure = sheet.cycles[c];
      return figure
        ? [{ billing_cycle: apiCycle(c), price: moneyString(cv.convert(figure.amount, c)), setup_fee: moneyString(cv.convert(figure.setupFee, null)) }]
        : [];
    }),
    options: sheet.options.map((o) => {
      const setup = representativeFigure(o.cycles);
      return {
        id: o.optionId,
        name: o.name,
        description: descriptions[o.optionId] ?? null,
        pricing_type: o.pricingType,
        max_quantity: o.maxQuantity,
        ...cyclePrices(o.cycles, cv),
        setup_fee: o.pricingType === "recurring" && setup ? moneyString(cv.convert(setup.setupFee, null)) : null,
        one_time_price: o.oneTime ? moneyString(cv.convert(o.oneTime.amount, null)) : null,
      };
    }),
    os_images: product.osImages.filter((i) => i.orderable).map((i) => osImage(i, defaultImageId)),
    default_os_image_id: defaultImageId,
    os_images_all: product.osImages.map((i) => osImage(i, defaultImageId)),
    locations: product.locations
      .filter((l) => l.sold)
      .map((l) => {
        const here = availability.find((a) => a.locationId === l.locationId)!;
        const priced = l.surchargeMonthly !== null || l.surchargeSetup !== null;
        return {
          value: l.value,
          name: l.name,
          id: l.locationId,
          flag: l.flag,
          country_code: l.countryCode,
          available: here.available,
          code: here.code,
          reason: here.reason,
          surcharge: priced
            ? {
                monthly: moneyString(cv.convert(l.surchargeMonthly ?? ZERO, "monthly")),
                setup: moneyString(cv.convert(l.surchargeSetup ?? ZERO, null)),
              }
            : null,
        };
      }),
    location_required: product.locationRequired,
  };
}
