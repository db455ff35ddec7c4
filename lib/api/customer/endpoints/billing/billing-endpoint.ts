import { z } from "zod";
import { INVALID_AMOUNT, parsePaymentAmount } from "@/lib/billing/billing-errors";
import { customerPageQuery, customerPagination } from "@/lib/schemas/pagination";
import type { paginationSchema } from "./billing-json";

// What the invoice and proforma endpoints share. The declarations below are spread into each
// endpoint, which adds its path, names, response and handler.

/** The reads (`GET /invoices`, `/invoices/{id}`, `/proformas`, `/proformas/{id}`): `read` and `invoices.view`. */
export const BILLING_READ = { method: "GET", scope: "read", access: "invoices:view", tag: "billing" } as const;

/** The body of both pay endpoints: `{}` pays the whole outstanding amount, `{amount}` part of it. */
export const payBodySchema = z.object({
  amount: z
    .union([z.string(), z.number()], { error: "amount must be a decimal string or number" })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const amount = parsePaymentAmount(value);
      if (!amount) ctx.addIssue({ code: "custom", message: INVALID_AMOUNT });
      return amount ?? undefined;
    })
    .describe("What to pay, e.g. \"10.00\"; omit to pay the whole outstanding amount. At most 2 decimal places."),
});

/**
 * The two pay endpoints (`POST /invoices/{id}/pay`, `/proformas/{id}/pay`): the `billing` scope,
 * `invoices.pay`, the credit-payment cool-down per document, and the same body.
 */
export const BILLING_PAY = { method: "POST", scope: "billing", access: "invoices:pay", cooldown: "creditPayment", tag: "billing", body: payBodySchema } as const;

/** The query of a document list: `?page`, `?limit` (20 by default, clamped to 200) and `?status`, one of `statuses`. */
export function documentListQuery<S extends string>(statuses: readonly S[]) {
  return z.object({ ...customerPageQuery({ defaultLimit: 20 }), status: z.enum(statuses).optional() });
}

/** A document list's `pagination`: `{page, limit, total, pages}`. */
export function documentPagination(query: { page: number; limit: number }, total: number) {
  return customerPagination({ page: query.page, limit: query.limit, total }) as z.infer<typeof paginationSchema>;
}
