import type { DbOrTx } from "@/lib/db/client";
import { Prisma, type InvoiceStatus, type ProformaStatus } from "@/lib/generated/prisma/client";
import { applyCreditToInvoice } from "./apply-credit-to-invoice";
import { applyCreditToProforma } from "./apply-credit-to-proforma";
import type { BillingDocumentType } from "./billing-errors";
import { lockInvoice, lockProforma } from "./lock-billing-document";

/** the customer API spec "Bodies", Auto-credit: `autoCreditApplied {creditApplied, newBalance, remainingAmount, proformaPaid, invoice}`. */
export interface AutoCreditApplied {
  creditApplied: Prisma.Decimal;
  newBalance: Prisma.Decimal;
  remainingAmount: Prisma.Decimal;
  /** True when a proforma was paid in full (and converted); false for invoices and part-payments. */
  proformaPaid: boolean;
  /** The invoice paid (invoice documents) or the one the proforma became; null while a proforma is open. */
  invoice: { id: string; number: string; status: InvoiceStatus } | null;
}

export interface AutoCreditOutcome {
  applied: AutoCreditApplied;
  /** Nothing is outstanding any more (`settled: true` in the order response). */
  settled: boolean;
  /** The document's status after: invoice `paid`/`unpaid`, proforma `converted`/`unpaid`. */
  documentStatus: InvoiceStatus | ProformaStatus;
  paymentId: string;
  /** Services onInvoicePaid moved to `pending`: call requestProvisioning(ids) after the commit. */
  releasedServiceIds: string[];
}

/**
 * Auto-credit for an order's document, inside the caller's transaction (the order's): when the
 * document's account has `autoCredit` on and the document is unpaid, pays it from credit as far as
 * the balance allows (all of it, or a part when the balance is short). Returns null when nothing
 * was applied (auto-credit off, no credit, document not open, credit in another currency).
 * The credit spent is the document account's own, unless `creditAccountId` names the payer's
 * (credit is per user: pass the ordering member's own account when a member orders).
 * Locks the document, then the credit account, like the pay endpoints, so it can run beside them.
 */
export async function applyAutoCredit(
  tx: DbOrTx,
  input: {
    accountId: string;
    document: { type: BillingDocumentType; id: string };
    now: Date;
    creditAccountId?: string;
    /** Pay from credit whatever the account's auto-credit setting (a reseller in the programme's `credit` mode). */
    always?: boolean;
  },
): Promise<AutoCreditOutcome | null> {
  const { accountId, document, now } = input;
  if (!input.always) {
    const settings = await tx.clientAccount.findUniqueOrThrow({ where: { id: accountId }, select: { autoCredit: true } });
    if (!settings.autoCredit) return null;
  }

  const creditAccountId = input.creditAccountId ?? accountId;

  if (document.type === "invoice") {
    const invoice = await lockInvoice(tx, document.id, accountId);
    const amount = await spendableOn(tx, invoice, creditAccountId);
    if (!amount) return null;
    const r = await applyCreditToInvoice(tx, { invoice, creditAccountId, amount, now });
    return {
      applied: {
        creditApplied: amount,
        newBalance: r.newBalance,
        remainingAmount: r.remainingAmount,
        proformaPaid: false,
        invoice: { id: r.invoice.id, number: r.invoice.number, status: r.invoice.status },
      },
      settled: r.invoicePaid,
      documentStatus: r.invoice.status,
      paymentId: r.payment.id,
      releasedServiceIds: r.releasedServiceIds,
    };
  }
  const proforma = await lockProforma(tx, document.id, accountId);
  const amount = await spendableOn(tx, proforma, creditAccountId);
  if (!amount) return null;
  const r = await applyCreditToProforma(tx, { proforma, creditAccountId, amount, now });
  return {
    applied: { creditApplied: amount, newBalance: r.newBalance, remainingAmount: r.remainingAmount, proformaPaid: r.proformaPaid, invoice: r.invoice },
    settled: r.proformaPaid,
    documentStatus: r.proforma.status,
    paymentId: r.payment.id,
    releasedServiceIds: r.releasedServiceIds,
  };
}

/** How much credit goes to an open document: the outstanding amount or the whole (locked) balance, whichever is less. */
async function spendableOn(
  tx: DbOrTx,
  doc: { status: string; total: Prisma.Decimal; paidAmount: Prisma.Decimal; currency: string },
  creditAccountId: string,
): Promise<Prisma.Decimal | null> {
  if (doc.status !== "unpaid") return null;
  const outstanding = doc.total.minus(doc.paidAmount);
  if (!outstanding.gt(0)) return null;
  const credit = await tx.$queryRaw<{ creditBalance: Prisma.Decimal | string; currency: string }[]>`
    SELECT "creditBalance", "currency" FROM "ClientAccount" WHERE "id" = ${creditAccountId}::uuid FOR UPDATE`;
  const row = credit[0];
  if (!row || row.currency !== doc.currency) return null;
  const amount = Prisma.Decimal.min(new Prisma.Decimal(row.creditBalance), outstanding);
  return amount.gt(0) ? amount : null;
}
