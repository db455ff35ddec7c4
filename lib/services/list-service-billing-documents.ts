import type { Prisma } from "@/lib/generated/prisma/client";
import { serviceInScopeOrThrow, type ServiceContext } from "./service-context";

const INVOICE = { id: true, number: true, status: true, currency: true, total: true, paidAmount: true, issuedAt: true, dueDate: true } as const;
const PROFORMA = { id: true, number: true, status: true, currency: true, total: true, issuedAt: true, dueDate: true, invoice: { select: { id: true, number: true } } } as const;

export type ServiceInvoiceRow = Prisma.InvoiceGetPayload<{ select: typeof INVOICE }>;
export type ServiceProformaRow = Prisma.ProformaGetPayload<{ select: typeof PROFORMA }>;

/** How many of each the service page lists; the billing pages have the rest. */
const LIMIT = 20;

/**
 * The invoices and proformas that bill one service (a line of theirs names it: the order, renewals,
 * upgrades, add-ons), newest first, for the service page's Billing tab. The service must be in the
 * actor's scope; the documents are the account's own.
 */
export async function listServiceBillingDocuments(ctx: Pick<ServiceContext, "db" | "actor">, input: { serviceId: string }): Promise<{ invoices: ServiceInvoiceRow[]; proformas: ServiceProformaRow[] }> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const orderBy = [{ issuedAt: "desc" as const }, { number: "desc" as const }];
  const [invoices, proformas] = await Promise.all([
    ctx.db.invoice.findMany({ where: { accountId: service.accountId, items: { some: { serviceId: service.id } } }, orderBy, take: LIMIT, select: INVOICE }),
    ctx.db.proforma.findMany({ where: { accountId: service.accountId, items: { some: { serviceId: service.id } } }, orderBy, take: LIMIT, select: PROFORMA }),
  ]);
  return { invoices, proformas };
}
