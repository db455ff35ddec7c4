import { z } from "zod";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { backendContext } from "@/lib/backends/context";
import { documentNotPayable, type BillingDocumentType } from "@/lib/billing/billing-errors";
import { convertProformaToInvoice } from "@/lib/billing/convert-proforma-to-invoice";
import { lockInvoice, lockProforma } from "@/lib/billing/lock-billing-document";
import { onInvoicePaid } from "@/lib/billing/on-invoice-paid";
import { resumeAfterInvoicePaid } from "@/lib/billing/renewals/resume-renewed-services";
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import { parseInput, zText } from "../form-input";
import type { OperatorContext } from "../operator-context";
import { documentRef, findDocumentOrThrow } from "./admin-document";

export const REFERENCE_MAX = 100;
export const CARD_PAYMENT_IN_FLIGHT = "A card payment of this document is being charged; wait for it to settle before recording a transfer.";

const FIELDS = z.object({ reference: zText("bank reference", REFERENCE_MAX) });

/** The operator's context; `provision` asks for the released services' builds after commit (default requestProvisioning; tests pass a spy). */
export interface MarkPaidContext extends OperatorContext<Db> {
  provision?: (serviceIds: readonly string[]) => Promise<unknown>;
}

export interface MarkedPaid {
  paymentId: string;
  amount: Prisma.Decimal;
  currency: string;
  /** The paid invoice: the document itself, or the invoice a proforma became. */
  invoice: { id: string; number: string };
  releasedServiceIds: string[];
}

/**
 * The operator records a bank transfer that pays an unpaid invoice or proforma in full: a `paid`
 * `bank_transfer` Payment for what was outstanding (the bank reference in `gatewayReference`), then
 * the same "document paid" path as a card or credit payment: an invoice `paid` and onInvoicePaid
 * (an order activated, renewals settled, waiting services released), a proforma converted to a paid
 * invoice (convertProformaToInvoice). The audit row in the same transaction. Under the document's
 * lock (lockInvoice/lockProforma), so two operators recording one transfer at once pay it once: the
 * second finds it paid and is refused. A card charge in flight on the document is waited for (409).
 * After commit the released services are asked to be built and renewed services resume.
 */
export async function markDocumentPaid(ctx: MarkPaidContext, input: { type: BillingDocumentType; id: string; reference: string }): Promise<MarkedPaid> {
  const { db, now, actor } = ctx;
  const { reference } = parseInput(FIELDS, input);
  const { type, id } = input;
  const found = await findDocumentOrThrow(db, { type, id });

  const result = await inTransaction(db, async (tx): Promise<MarkedPaid> => {
    const doc = type === "invoice" ? await lockInvoice(tx, id, found.accountId) : await lockProforma(tx, id, found.accountId);
    if (doc.status !== "unpaid") throw new DomainError("conflict", documentNotPayable(type, doc.status));
    const outstanding = doc.total.minus(doc.paidAmount);
    if (!outstanding.gt(0)) throw new DomainError("conflict", documentNotPayable(type, "settled"));
    if ((await tx.payment.count({ where: { ...documentRef(type, id), status: "processing" } })) > 0) throw new DomainError("conflict", CARD_PAYMENT_IN_FLIGHT);

    const payment = await tx.payment.create({
      data: {
        accountId: doc.accountId,
        ...documentRef(type, id),
        orderId: doc.orderId,
        purpose: "document",
        method: "bank_transfer",
        amount: outstanding,
        currency: doc.currency,
        status: "paid",
        gatewayReference: reference,
        createdAt: now,
      },
      select: { id: true },
    });
    let invoice: { id: string; number: string };
    let releasedServiceIds: string[];
    if (type === "invoice") {
      await tx.invoice.update({ where: { id }, data: { paidAmount: doc.total, status: "paid", paidAt: now } });
      releasedServiceIds = await onInvoicePaid(tx, id, now);
      invoice = { id, number: doc.number };
    } else {
      const updated = await tx.proforma.update({ where: { id }, data: { paidAmount: doc.total } });
      const converted = await convertProformaToInvoice(tx, updated, now);
      releasedServiceIds = converted.releasedServiceIds;
      invoice = { id: converted.invoice.id, number: converted.invoice.number };
    }
    await recordAuditEntry(tx, {
      actorUserId: actor.userId,
      action: "invoice.marked_paid",
      accountId: doc.accountId,
      targetType: type,
      targetId: id,
      details: { kind: type, number: doc.number, amount: outstanding.toFixed(2), currency: doc.currency, reference, paymentId: payment.id, invoiceNumber: invoice.number },
      ip: actor.ip,
      at: now,
    });
    return { paymentId: payment.id, amount: outstanding, currency: doc.currency, invoice, releasedServiceIds };
  });

  await (ctx.provision ?? requestProvisioning)(result.releasedServiceIds);
  await resumeAfterInvoicePaid(backendContext({ db }), result.invoice.id);
  return result;
}
