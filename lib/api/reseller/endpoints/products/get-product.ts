import { getCatalogueEntry } from "@/lib/catalogue/catalogue";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { productRow, productSchema } from "./product-row";

export const getProductEndpoint = defineEndpoint({
  method: "GET",
  path: "/products/{productId}",
  scope: "read",
  signed: false,
  operationId: "getProduct",
  summary: "One product at wholesale",
  description: "404 when the product is not in the catalogue (unknown or withdrawn). Top-level `currency` is the supplier's base currency.",
  response: productSchema,
  async handler({ auth, db, params, now }) {
    const { catalogue, entry } = await getCatalogueEntry({ db, now, actor: { kind: "reseller", resellerId: auth.resellerId } }, { productId: params.productId });
    return reply(productRow(entry, catalogue.baseCurrency), { meta: { currency: catalogue.baseCurrency } });
  },
});
