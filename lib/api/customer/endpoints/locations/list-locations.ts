import { z } from "zod";
import { isUuid } from "@/lib/schemas/uuid";
import { listCatalogueLocations } from "@/lib/catalogue/list-catalogue-locations";
import { defineEndpoint } from "../../define-endpoint";

/** customer-api Limits: `GET /locations` `productId` max 50. */
export const MAX_LOCATION_PRODUCT_IDS = 50;

const productIds = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined
      ? undefined
      : (Array.isArray(value) ? value : [value])
          .flatMap((v) => v.split(","))
          .map((v) => v.trim())
          .filter((v) => v !== ""),
  )
  .refine((ids) => ids === undefined || ids.length <= MAX_LOCATION_PRODUCT_IDS, `At most ${MAX_LOCATION_PRODUCT_IDS} product ids may be given`)
  .refine((ids) => ids === undefined || ids.every(isUuid), "Every productId must be a UUID")
  .describe(`Product ids, repeated (\`?productId=a&productId=b\`) or comma-separated; at most ${MAX_LOCATION_PRODUCT_IDS}`);

export const listLocationsEndpoint = defineEndpoint({
  method: "GET",
  path: "/locations",
  scope: "read",
  access: "catalogue:view",
  tag: "products",
  operationId: "listLocations",
  summary: "Locations where products can be built",
  description:
    "A location is listed while some product (of `productId`, else of the catalogue) is sold there and can be ordered; `product_ids` " +
    "names those products. `value` is what an order sends as `location`. `sold_out: true` when every product listing the location is " +
    "out of capacity there. More than 50 product ids, or one that is not a UUID, is 400; unknown ids are ignored.",
  query: z.object({ productId: productIds }),
  response: z.object({
    locations: z.array(
      z.object({
        value: z.string(),
        name: z.string(),
        id: z.string(),
        flag: z.string(),
        country_code: z.string(),
        product_ids: z.array(z.string()),
        shared: z.boolean().optional().describe("Partner-resold capacity (not offered yet)"),
        sold_out: z.boolean(),
      }),
    ),
    count: z.number().int(),
  }),
  async handler({ auth, db, query, now }) {
    const rows = await listCatalogueLocations({ db, now, actor: { kind: "customer", accountId: auth.accountId } }, {
      productIds: query.productId?.length ? query.productId : undefined,
    });
    return {
      locations: rows.map((r) => ({
        value: r.value,
        name: r.name,
        id: r.locationId,
        flag: r.flag,
        country_code: r.countryCode,
        product_ids: r.productIds,
        sold_out: r.soldOut,
      })),
      count: rows.length,
    };
  },
});
