import type { Tx } from "@/lib/db/client";
import { findVatRate, vatOn } from "@/lib/pricing";
import { sum } from "@/lib/pricing/money";
import { assertAddsUp, lineData } from "../create-invoice";
import { lockInvoice, lockProforma } from "../lock-billing-document";
import { renewalLines, renewedServiceInclude } from "./raise-renewal";

/**
 * Locks the unpaid documents of the service's open renewals, as a payment does first. A caller that
 * will re-price them after writing the service row takes these locks before it: a payment holds the
 * document's lock when it moves the service's due date, so the other order could deadlock.
 */
export async function lockOpenRenewalDocuments(tx: Tx, serviceId: string) {
  const renewals = await tx.serviceRenewal.findMany({ where: { serviceId, status: "open" }, include: { service: { select: { accountId: true } } }, orderBy: { periodStart: "asc" } });
  const locked = [];
  for (const renewal of renewals) {
    const { accountId } = renewal.service;
    if (renewal.invoiceId) locked.push({ renewal, invoice: await lockInvoice(tx, renewal.invoiceId, accountId), proforma: null });
    else if (renewal.proformaId) locked.push({ renewal, invoice: null, proforma: await lockProforma(tx, renewal.proformaId, accountId) });
  }
  return locked;
}

/**
 * Re-prices the service's open renewal documents after its plan changed (customer API: "after a
 * completed upgrade any open unpaid invoice of the service is re-priced and re-taxed at the current
 * VAT rate"). Each open ServiceRenewal's unpaid invoice or proforma gets the lines a renewal raised
 * now would have — the service's amount (the new plan's price for its cycle) and its active
 * add-ons due with it — and VAT at the account country's rate in force at `at`, exactly as
 * raiseRecurringDocument prices a new one. A document something was already paid on keeps its
 * figures: changing what a payment was made against is left to the operator. Runs in the caller's
 * transaction (the plan change completing); returns the ids of the documents re-priced.
 */
export async function repriceOpenRenewals(tx: Tx, serviceId: string, at: Date): Promise<string[]> {
  const documents = await lockOpenRenewalDocuments(tx, serviceId);
  if (documents.length === 0) return [];
  const service = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, include: renewedServiceInclude });
  const vat = await findVatRate(tx, service.account.country, at);
  const repriced: string[] = [];
  for (const { renewal, invoice, proforma } of documents) {
    const document = invoice ?? proforma!;
    if (document.status !== "unpaid" || !document.paidAmount.isZero()) continue;
    const lines = renewalLines(service, renewal.periodStart, renewal.periodEnd);
    const subtotal = sum(lines.map((l) => l.amount));
    const vatAmount = vatOn(subtotal, vat.ratePercent, service.currency);
    const figures = { subtotal, vatRate: vat.ratePercent, vatAmount, total: subtotal.plus(vatAmount) };
    assertAddsUp({ ...figures, lines, accountId: service.accountId, currency: service.currency, at, dueDate: at });
    const items = { createMany: { data: lines.map(lineData) } };
    if (invoice) {
      await tx.invoiceItem.deleteMany({ where: { invoiceId: invoice.id } });
      await tx.invoice.update({ where: { id: invoice.id }, data: { ...figures, items } });
    } else {
      await tx.proformaItem.deleteMany({ where: { proformaId: document.id } });
      await tx.proforma.update({ where: { id: document.id }, data: { ...figures, items } });
    }
    repriced.push(document.id);
  }
  return repriced;
}
