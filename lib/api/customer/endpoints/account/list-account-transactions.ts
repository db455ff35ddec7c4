import { z } from "zod";
import { listCreditTransactions } from "@/lib/billing/list-credit-transactions";
import { moneyString } from "@/lib/format/money-string";
import { customerPageQuery, customerPagination } from "@/lib/schemas/pagination";
import { reply } from "../../../reply";
import { creditActorOf } from "../../customer-auth";
import { defineEndpoint } from "../../define-endpoint";

export const listAccountTransactionsEndpoint = defineEndpoint({
  method: "GET",
  path: "/account/transactions",
  scope: "read",
  access: "credit:view",
  tag: "account",
  operationId: "listAccountTransactions",
  summary: "Your credit ledger, newest first",
  description:
    "Every movement of your own credit (credit is per user): `type` is `top_up`, `payment`, `refund`, `adjustment` or " +
    "`hourly_charge`; `amount` is positive when credit was added and negative when spent; `balance_after` is the balance right " +
    "after it. `data` is the array and `pagination` `{page, limit, total, totalPages}` sits beside it (default 20, max 200).",
  query: z.object(customerPageQuery({ defaultLimit: 20 })),
  response: z.array(
    z.object({
      id: z.string(),
      type: z.enum(["top_up", "payment", "refund", "adjustment", "hourly_charge"]),
      amount: z.string(),
      balance_after: z.string(),
      currency: z.string(),
      description: z.string(),
      invoice_id: z.string().nullable(),
      proforma_id: z.string().nullable(),
      order_id: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  async handler({ auth, db, now, query }) {
    const { transactions, total } = await listCreditTransactions({ db, now, actor: creditActorOf(auth) }, query);
    return reply(
      transactions.map((t) => ({
        id: t.id,
        type: t.kind,
        amount: moneyString(t.amount),
        balance_after: moneyString(t.balanceAfter),
        currency: t.currency,
        description: t.description,
        invoice_id: t.invoiceId,
        proforma_id: t.proformaId,
        order_id: t.orderId,
        created_at: t.createdAt.toISOString(),
      })),
      { pagination: customerPagination({ page: query.page, limit: query.limit, total }, "totalPages") },
    );
  },
});
