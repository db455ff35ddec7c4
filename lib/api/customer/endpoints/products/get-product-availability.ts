import { z } from "zod";
import { getProductAvailability as productAvailability } from "@/lib/catalogue/catalogue";
import { defineEndpoint } from "../../define-endpoint";
import { availabilityCodeSchema } from "./product-views";

const answer = { available: z.boolean(), code: availabilityCodeSchema, reason: z.string() };

export const getProductAvailabilityEndpoint = defineEndpoint({
  method: "GET",
  path: "/products/{id}/availability",
  scope: "read",
  access: "catalogue:view",
  tag: "products",
  operationId: "getProductAvailability",
  summary: "Can the product be ordered now, overall or in one location",
  description:
    "Always 200 for a product you can see (an unknown id is 404); read-only and safe to poll. `code`: `available`; `no_capacity` (the " +
    "location cannot build it now; another may); `location_unavailable` (the product is not sold in `location`); `forced_unavailable` " +
    "(withdrawn for now by the operator); `plan_disabled` (cannot be ordered at all: no cycle sold to you, no orderable OS image, or its " +
    "module switched off); `no_location` (sold in no location); `sold_out` (no capacity in any location it is sold in); `unknown` (capacity " +
    "could not be checked: `available` is true, it never refuses an order). `reason` is a sentence for people. Without `location` the " +
    "answer is the product's overall state; `locations[]` always lists every location it is sold in.",
  query: z.object({ location: z.string().max(100).optional().describe("A location `value`") }),
  response: z.object({
    ...answer,
    product_id: z.string(),
    location: z.string().nullable(),
    location_required: z.boolean(),
    locations: z.array(z.object({ value: z.string(), name: z.string(), ...answer })),
  }),
  async handler({ auth, db, params, query, now }) {
    const location = query.location?.trim() || null;
    const a = await productAvailability({ db, now, actor: { kind: "customer", accountId: auth.accountId } }, { productId: params.id, location });
    return {
      available: a.available,
      code: a.code,
      reason: a.reason,
      product_id: a.productId,
      location: a.location,
      location_required: a.locationRequired,
      locations: a.locations.map((l) => ({ value: l.value, name: l.name, available: l.available, reason: l.reason, code: l.code })),
    };
  },
});
