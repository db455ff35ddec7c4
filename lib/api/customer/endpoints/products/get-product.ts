import { catalogueAvailability, defaultOrderableImage, getCatalogueEntry } from "@/lib/catalogue/catalogue";
import { displayCurrency } from "@/lib/catalogue/display-currency";
import { defineEndpoint } from "../../define-endpoint";
import { productDetail, productDetailSchema } from "./product-views";

export const getProductEndpoint = defineEndpoint({
  method: "GET",
  path: "/products/{id}",
  scope: "read",
  access: "catalogue:view",
  tag: "products",
  operationId: "getProduct",
  summary: "One product: cycles, options, OS images and locations with availability and surcharges",
  description:
    "`billing_cycles` are the cycles an order accepts from you. `os_images` holds only the images a new order may choose (each " +
    "`orderable: true`); `os_images_all` every image linked to the product. `locations[]` are the locations the product is sold in, " +
    "each with its availability now and its datacentre surcharge (per month; annual = x12; null when the location is not priced). " +
    "When `location_required` is true an order must name one of `locations[].value`. A disabled or unknown product is 404.",
  response: productDetailSchema,
  async handler({ auth, db, params, now }) {
    const ctx = { db, now, actor: { kind: "customer", accountId: auth.accountId } } as const;
    const { catalogue, entry } = await getCatalogueEntry(ctx, { productId: params.id });
    const [cv, availability] = await Promise.all([displayCurrency(ctx, { catalogue }), catalogueAvailability(ctx, { entries: [entry] })]);
    const image = defaultOrderableImage(entry.product);
    return productDetail(entry, cv, catalogue.priceBasis, availability.get(entry.product.id)!.locations, image?.id ?? null);
  },
});
