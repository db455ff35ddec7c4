import { z } from "zod";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { lockInvoice } from "@/lib/billing/lock-billing-document";
import { issueCreditNote } from "@/lib/billing/issue-credit-note";
import { postCreditEntry } from "@/lib/billing/post-credit-entry";
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { parseInput, zText } from "../form-input";
import type { OperatorContext } from "../operator-context";
import { findDocumentOrThrow } from "./admin-document";

export const REFUND_REASON_MAX = 200;
export const ALREADY_REFUNDED = "This invoice has already been refunded.";
export const ONLY_PAID_REFUNDED = "Only a paid invoice can be refunded.";
export const NOTHING_TO_REFUND = "Nothing was paid on this invoice.";
export const REFUNDED_BY_SERVICE = "Everything paid on this invoice has been refunded already, for the services of its order that were never set up.";

const FIELDS = z.object({ reason: zText("reason", REFUND_REASON_MAX) });

export interface RefundedInvoice {
  id: string;
  number: string;
  amount: Prisma.Decimal;
  currency: string;
  ledgerEntryId: string;
  balanceAfter: Prisma.Decimal;
  /** The numbered credit note issued with the refund (lib/billing/issue-credit-note.ts). */
  creditNote: { id: string; number: string };
}

/**
 * The operator refunds a paid invoice to the account's credit (the owner's balance): one `refund`
 * ledger row for what was paid on it (postCreditEntry, so the cached balance moves with it), the
 * invoice `refunded`, its numbered credit note, the audit row, in one transaction under the invoice's lock, so a second refund,
 * at once or later, is refused. Nothing goes back to a card and the services it paid for are not
 * touched (suspend or terminate them on their pages). An invoice in another currency than the
 * account's credit is refused. What its order's services got back already (a build that failed, an
 * order cancelled before set-up: refund rows naming a service) is not refunded twice: the refund is
 * what was paid less that, and nothing is left → refused.
 */
export async function refundInvoiceToCredit(ctx: OperatorContext<Db>, input: { id: string; reason: string }): Promise<RefundedInvoice> {
  const { db, now, actor } = ctx;
  const { reason } = parseInput(FIELDS, input);
  const found = await findDocumentOrThrow(db, { type: "invoice", id: input.id });

  return inTransaction(db, async (tx) => {
    const invoice = await lockInvoice(tx, found.id, found.accountId);
    if (invoice.status === "refunded") throw new DomainError("conflict", ALREADY_REFUNDED);
    if (invoice.status !== "paid") throw new DomainError("conflict", ONLY_PAID_REFUNDED);
    if (!invoice.paidAmount.gt(0)) throw new DomainError("conflict", NOTHING_TO_REFUND);
    const account = await tx.clientAccount.findUniqueOrThrow({ where: { id: invoice.accountId }, select: { currency: true } });
    if (account.currency !== invoice.currency) throw new DomainError("invalid", `The account's credit is held in ${account.currency}; this invoice is in ${invoice.currency}.`);

    // The order's row lock, as refundUnbuiltService takes it: a service refund and this one never interleave.
    if (invoice.orderId) await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${invoice.orderId}::uuid FOR NO KEY UPDATE`;
    const refundedForServices = invoice.orderId
      ? ((await tx.creditLedgerEntry.aggregate({ where: { orderId: invoice.orderId, kind: "refund", serviceId: { not: null } }, _sum: { amount: true } }))._sum.amount ?? new Prisma.Decimal(0))
      : new Prisma.Decimal(0);
    const amount = invoice.paidAmount.minus(refundedForServices);
    if (!amount.gt(0)) throw new DomainError("conflict", REFUNDED_BY_SERVICE);

    const posted = await postCreditEntry(tx, {
      accountId: invoice.accountId,
      kind: "refund",
      amount,
      description: `Refund of invoice ${invoice.number}: ${reason}`,
      invoiceId: invoice.id,
      orderId: invoice.orderId,
      at: now,
    });
    await tx.invoice.update({ where: { id: invoice.id }, data: { status: "refunded" } });
    const creditNote = await issueCreditNote(tx, { invoiceId: invoice.id, ledgerEntryId: posted.id, amount, description: `Refund of invoice ${invoice.number}: ${reason}`, at: now });
    await recordAuditEntry(tx, {
      actorUserId: actor.userId,
      action: "invoice.refunded",
      accountId: invoice.accountId,
      targetType: "invoice",
      targetId: invoice.id,
      details: { kind: "invoice", number: invoice.number, amount: amount.toFixed(2), currency: invoice.currency, balanceAfter: posted.balanceAfter.toFixed(2), reason, ledgerEntryId: posted.id, creditNote: creditNote.number },
      ip: actor.ip,
      at: now,
    });
    return { id: invoice.id, number: invoice.number, amount, currency: invoice.currency, ledgerEntryId: posted.id, balanceAfter: posted.balanceAfter, creditNote: { id: creditNote.id, number: creditNote.number } };
  });
}
