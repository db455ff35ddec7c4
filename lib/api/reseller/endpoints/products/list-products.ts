import { z } from "zod";
import { loadCatalogue } from "@/lib/catalogue/catalogue";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { productRow, productSchema } from "./product-row";

export const listProductsEndpoint = defineEndpoint({
  method: "GET",
  path: "/products",
  scope: "read",
  signed: false,
  operationId: "listProducts",
  summary: "The wholesale catalogue",
  description:
    "Every product with your wholesale price per cycle (override, then tier price book, then retail less your percentage), in the " +
    "supplier's base currency (top-level `currency`), VAT-exclusive. A null cycle is not sold to you. Options carry wholesale and retail figures.",
  response: z.array(productSchema),
  async handler({ auth, db, now }) {
    const catalogue = await loadCatalogue({ db, now, actor: { kind: "reseller", resellerId: auth.resellerId } });
    return reply(
      catalogue.entries.map((entry) => productRow(entry, catalogue.baseCurrency)),
      { meta: { currency: catalogue.baseCurrency } },
    );
  },
});
