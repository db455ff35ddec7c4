import { WIRE_BILLING_CYCLES } from "@/lib/schemas/billing-cycles";
import { z } from "zod";
import { AVAILABILITY_CODES } from "@/lib/catalogue/compute-availability";
import { getProductOrderSchema } from "@/lib/catalogue/product-order-schema";
import { apiBillingCycle } from "@/lib/pricing";
import { defineEndpoint } from "../../define-endpoint";
import { toNumber } from "./product-row";


export const getProductSchemaEndpoint = defineEndpoint({
  method: "GET",
  path: "/products/{productId}/schema",
  scope: "read",
  signed: false,
  operationId: "getProductSchema",
  summary: "What an order for the product must carry",
  description:
    "`billingCycles` is derived from the retail price columns minus the cycles disabled on the category, so a cycle priced for you only " +
    "by an override or your tier's price book is missing here while POST /orders accepts it: where they disagree the non-null `pricing` " +
    "entries of GET /products/{id} win. `requiredFields` always holds `billingCycle`, and `location` when the product requires a " +
    "datacentre. `locationPricing` is present when the product prices its locations: send an entry's `value` as `configuration.location`; " +
    "surcharges are per month in the base currency (x months in the cycle, /720 per hour). `osImages` lists the orderable images of " +
    "native VPS products (send `osImageId`); `hostnamePattern` is RFC 1123. `orderSchema` is null and `pluginDefaults` empty for products " +
    "that are not plugin-provisioned (all of them, for now).",
  response: z.object({
    productId: z.string(),
    productName: z.string(),
    category: z.string().nullable(),
    billingEnabled: z.boolean().nullable().describe("Some cycle is priced for you"),
    billingCycles: z.array(z.enum(WIRE_BILLING_CYCLES)),
    orderSchema: z.object({ fields: z.array(z.unknown()), layout: z.unknown() }).nullable(),
    pluginDefaults: z.record(z.string(), z.unknown()),
    requiredFields: z.array(z.string()),
    osImages: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        slug: z.string(),
        family: z.string(),
        distro: z.string(),
        version: z.string(),
        isDefault: z.boolean(),
      }),
    ),
    osImageField: z.literal("osImageId"),
    hostnamePattern: z.string(),
    locationField: z.literal("location"),
    locationRequired: z.boolean(),
    locationPricing: z
      .array(
        z.object({
          value: z.string(),
          name: z.string(),
          countryCode: z.string(),
          flag: z.string(),
          surchargeMonthly: z.number(),
          surchargeSetup: z.number(),
          available: z.boolean(),
          code: z.enum(AVAILABILITY_CODES),
        }),
      )
      .optional(),
  }),
  async handler({ auth, db, params, now }) {
    const s = await getProductOrderSchema({ db, now, actor: { kind: "reseller", resellerId: auth.resellerId } }, { productId: params.productId });
    return {
      productId: s.productId,
      productName: s.productName,
      category: s.category,
      billingEnabled: s.billingEnabled,
      billingCycles: s.billingCycles.map((c) => apiBillingCycle(c) as (typeof WIRE_BILLING_CYCLES)[number]),
      orderSchema: s.orderSchema,
      pluginDefaults: s.pluginDefaults,
      requiredFields: s.requiredFields,
      osImages: s.osImages.map((i) => ({
        id: i.id,
        name: i.name,
        slug: i.slug,
        family: i.family,
        distro: i.distro,
        version: i.version,
        isDefault: i.isDefault,
      })),
      osImageField: s.osImageField,
      hostnamePattern: s.hostnamePattern,
      locationField: s.locationField,
      locationRequired: s.locationRequired,
      ...(s.locationPricing
        ? {
            locationPricing: s.locationPricing.map((l) => ({
              value: l.value,
              name: l.name,
              countryCode: l.countryCode,
              flag: l.flag,
              surchargeMonthly: toNumber(l.surchargeMonthly),
              surchargeSetup: toNumber(l.surchargeSetup),
              available: l.available,
              code: l.code,
            })),
          }
        : {}),
    };
  },
});
