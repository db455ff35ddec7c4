import { z } from "zod";
import { loadCatalogue } from "@/lib/catalogue/catalogue";
import { displayCurrency } from "@/lib/catalogue/display-currency";
import { defineEndpoint } from "../../define-endpoint";
import { productRow, productRowSchema } from "./product-views";

export const listProductsEndpoint = defineEndpoint({
  method: "GET",
  path: "/products",
  scope: "read",
  access: "catalogue:view",
  tag: "products",
  operationId: "listProducts",
  summary: "The product catalogue with your prices",
  description:
    "Every product you can order, in catalogue order. Prices are what you pay (retail; an active reseller's own account is priced at its " +
    "wholesale), per cycle, as decimal strings in `currency` (your account currency at the rate in force, else the supplier's base currency). " +
    "A null price means the cycle is not sold to you. Datacentre surcharges and options are on `GET /products/{id}`.",
  response: z.object({ products: z.array(productRowSchema) }),
  async handler({ auth, db, now }) {
    const ctx = { db, now, actor: { kind: "customer", accountId: auth.accountId } } as const;
    const catalogue = await loadCatalogue(ctx);
    const cv = await displayCurrency(ctx, { catalogue });
    return { products: catalogue.entries.map((entry) => productRow(entry, cv, catalogue.priceBasis)) };
  },
});
