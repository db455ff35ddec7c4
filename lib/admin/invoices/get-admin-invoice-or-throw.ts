import type { BillingDocumentType } from "@/lib/billing/billing-errors";
import { getInvoiceDocumentOrThrow, type BillingDocumentSheet } from "@/lib/billing/get-invoice-document-or-throw";
import type { AccountStatus, OrderStatus, OrderType, PaymentMethodKind, PaymentStatus, Prisma } from "@/lib/generated/prisma/client";
import { listAuditEntries, type AuditEntryRow } from "@/lib/audit/list-audit-entries";
import type { OperatorContext } from "../operator-context";
import { documentRef, findDocumentOrThrow } from "./admin-document";


export interface AdminDocumentPayment {
  id: string;
  method: PaymentMethodKind;
  amount: Prisma.Decimal;
  currency: string;
  status: PaymentStatus;
  /** The bank reference of a transfer, or the gateway's id of a card charge. */
  reference: string | null;
  failureReason: string | null;
  createdAt: Date;
}

export interface AdminInvoice {
  /** The printed document (lines, VAT, totals, the customer as printed): getInvoiceDocumentOrThrow, the model of the print page and the PDF. */
  document: BillingDocumentSheet;
  account: { id: string; name: string; company: string | null; status: AccountStatus; currency: string; creditBalance: Prisma.Decimal; ownerEmail: string };
  order: { id: string; orderNumber: string; orderType: OrderType; status: OrderStatus } | null;
  /** Every payment on the document (failed and in-flight charges too), oldest first. */
  payments: AdminDocumentPayment[];
  /** Credit given back for it (the console's refund, or a card payment that arrived after it was settled). */
  refunds: Array<{ id: string; amount: Prisma.Decimal; currency: string; description: string; createdAt: Date }>;
  /** The credit notes issued against an invoice (its refund, and its order's services refunded), oldest first. */
  creditNotes: Array<{ id: string; number: string; total: Prisma.Decimal; currency: string; description: string; issuedAt: Date }>;
  activity: AuditEntryRow[];
  /** Unpaid and past its due date. */
  overdue: boolean;
  /** What the document's state allows; the domain functions check again under the lock. */
  can: { markPaid: boolean; void: boolean; refund: boolean };
}

/**
 * One invoice or proforma of any account for the console: the printable model read as its
 * account, plus the account, the order, every payment with its reference, refunds and the operator
 * activity on it (latest 20, newest first). 404 for an unknown or malformed id. A read only.
 */
export async function getAdminInvoiceOrThrow({ db, now }: OperatorContext, { type, id }: { type: BillingDocumentType; id: string }): Promise<AdminInvoice> {
  const found = await findDocumentOrThrow(db, { type, id });
  const [document, account, order, payments, refunds, audit, creditNotes] = await Promise.all([
    getInvoiceDocumentOrThrow({ db, now, actor: { accountId: found.accountId } }, { type, id }),
    db.clientAccount.findUniqueOrThrow({
      where: { id: found.accountId },
      select: { id: true, name: true, company: true, status: true, currency: true, creditBalance: true, owner: { select: { email: true } } },
    }),
    found.orderId ? db.order.findUnique({ where: { id: found.orderId }, select: { id: true, orderNumber: true, orderType: true, status: true } }) : null,
    db.payment.findMany({
      where: documentRef(type, id),
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, method: true, amount: true, currency: true, status: true, gatewayReference: true, failureReason: true, createdAt: true },
    }),
    db.creditLedgerEntry.findMany({
      where: { ...documentRef(type, id), kind: "refund" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, amount: true, currency: true, description: true, createdAt: true },
    }),
    listAuditEntries({ db }, { scope: { targetType: type, targetId: id } }),
    type === "invoice"
      ? db.creditNote.findMany({
          where: { invoiceId: id },
          orderBy: [{ issuedAt: "asc" }, { number: "asc" }],
          select: { id: true, number: true, total: true, currency: true, description: true, issuedAt: true },
        })
      : [],
  ]);
  const unpaid = document.status === "unpaid";
  return {
    document,
    account: { id: account.id, name: account.name, company: account.company, status: account.status, currency: account.currency, creditBalance: account.creditBalance, ownerEmail: account.owner.email },
    order,
    payments: payments.map(({ gatewayReference, ...p }) => ({ ...p, reference: gatewayReference })),
    refunds,
    creditNotes,
    activity: audit,
    overdue: unpaid && document.dueDate < now,
    can: {
      markPaid: unpaid && document.remainingAmount.gt(0) && !payments.some((p) => p.status === "processing"),
      void: unpaid && document.paidAmount.isZero(),
      refund: type === "invoice" && document.status === "paid" && document.paidAmount.gt(0),
    },
  };
}
