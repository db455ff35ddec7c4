import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { BillingContext } from "./billing-actor";
import { documentNotFound } from "./billing-errors";

const ITEMS = { orderBy: { id: "asc" }, select: { id: true, description: true, quantity: true, unitAmount: true, amount: true, serviceId: true } } as const;
const PAYMENTS = {
  orderBy: { createdAt: "asc" },
  select: { id: true, method: true, amount: true, currency: true, status: true, createdAt: true },
} as const;

/** The document with what remains to pay on it and whether it is settled. */
function withBalance<D extends { total: Prisma.Decimal; paidAmount: Prisma.Decimal }>(doc: D) {
  return { ...doc, remainingAmount: doc.total.minus(doc.paidAmount), settled: doc.paidAmount.gte(doc.total) };
}

/** An invoice of the account with its lines, payments, the proforma it came from and its credit notes; 404 otherwise. */
export async function getInvoiceOrThrow({ db, actor }: BillingContext, { id }: { id: string }) {
  const invoice = await db.invoice.findFirst({
    where: { id, accountId: actor.accountId },
    include: {
      items: ITEMS,
      payments: PAYMENTS,
      proformas: { select: { id: true, number: true } },
      creditNotes: { orderBy: [{ issuedAt: "asc" }, { number: "asc" }], select: { id: true, number: true, total: true, currency: true, description: true, issuedAt: true } },
    },
  });
  if (!invoice) throw new DomainError("not_found", documentNotFound("invoice"));
  return withBalance(invoice);
}

/** A proforma of the account with its lines, payments and the invoice it became; 404 otherwise. */
export async function getProformaOrThrow({ db, actor }: BillingContext, { id }: { id: string }) {
  const proforma = await db.proforma.findFirst({
    where: { id, accountId: actor.accountId },
    include: { items: ITEMS, payments: PAYMENTS, invoice: { select: { id: true, number: true, status: true } } },
  });
  if (!proforma) throw new DomainError("not_found", documentNotFound("proforma"));
  return withBalance(proforma);
}

export type InvoiceDetail = Awaited<ReturnType<typeof getInvoiceOrThrow>>;
export type ProformaDetail = Awaited<ReturnType<typeof getProformaOrThrow>>;
