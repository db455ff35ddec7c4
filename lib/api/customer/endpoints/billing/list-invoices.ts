import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { INVOICE_STATUSES, listInvoices } from "@/lib/billing/list-invoices";
import { moneyString } from "@/lib/format/money-string";
import { defineEndpoint } from "../../define-endpoint";
import { BILLING_READ, documentListQuery, documentPagination } from "./billing-endpoint";
import { invoiceRowJson, invoiceRowSchema, paginationSchema } from "./billing-json";

const statStatus = z.object({ count: z.number().int(), total: z.string() });

export const listInvoicesEndpoint = defineEndpoint({
  ...BILLING_READ,
  path: "/invoices",
  operationId: "listInvoices",
  summary: "The account's invoices, newest first, with stats",
  description:
    "`?status=unpaid` (or `paid`, `cancelled`, `refunded`) filters the list. `data.pagination` is `{page, limit, total, pages}` " +
    "(default 20, `limit` above 200 is clamped). `data.stats` covers every invoice of the account whatever the filter: counts and " +
    "totals by status and `outstanding`, what is still to pay on unpaid invoices. Rows carry no payment breakdown; read " +
    "`GET /invoices/{id}` for it. Team members need `invoices.view`.",
  query: documentListQuery(INVOICE_STATUSES),
  response: z.object({
    invoices: z.array(invoiceRowSchema),
    pagination: paginationSchema,
    stats: z.object({
      count: z.number().int(),
      by_status: z.object({ unpaid: statStatus, paid: statStatus, cancelled: statStatus, refunded: statStatus }),
      outstanding: z.string(),
    }),
  }),
  async handler({ auth, db, now, query }) {
    const { invoices, total, stats } = await listInvoices({ db, now, actor: { accountId: auth.accountId } }, query);
    const s = (x: { count: number; total: Prisma.Decimal }) => ({ count: x.count, total: moneyString(x.total) });
    return {
      invoices: invoices.map(invoiceRowJson),
      pagination: documentPagination(query, total),
      stats: {
        count: stats.count,
        by_status: {
          unpaid: s(stats.byStatus.unpaid),
          paid: s(stats.byStatus.paid),
          cancelled: s(stats.byStatus.cancelled),
          refunded: s(stats.byStatus.refunded),
        },
        outstanding: moneyString(stats.outstanding),
      },
    };
  },
});
