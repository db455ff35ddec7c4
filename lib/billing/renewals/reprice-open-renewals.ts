import type { Tx } from "@/lib/db/client";
import { findVatRate, vatOn } from "@/lib/pricing";
import { sum } from "@/lib/pricing/money";
import { assertAddsUp, lineData } from "../create-invoice";
import { lockInvoice, lockProforma } from "../lock-billing-document";
import { renewalLines, renewedServiceInclude } from "./raise-renewal";

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
  const renewals = await tx.serviceRenewal.findMany({ where: { serviceId, status: "open" }, orderBy: { periodStart: "asc" } });
  if (renewals.length === 0) return [];
  const service = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, include: renewedServiceInclude });
  const vat = await findVatRate(tx, service.account.country, at);
  const repriced: string[] = [];
  for (const renewal of renewals) {
    const lines = renewalLines(service, renewal.periodStart, renewal.periodEnd);
    const subtotal = sum(lines.map((l) => l.amount));
    const vatAmount = vatOn(subtotal, vat.ratePercent);
    const figures = { subtotal, vatRate: vat.ratePercent, vatAmount, total: subtotal.plus(vatAmount) };
    assertAddsUp({ ...figures, lines, accountId: service.accountId, currency: service.currency, at, dueDate: at });
    // The paying code locks the document first: a payment either went through before this (the
    // document is no longer untouched and is skipped) or sees the new total.
    if (renewal.invoiceId) {
      const invoice = await lockInvoice(tx, renewal.invoiceId, service.accountId);
      if (invoice.status !== "unpaid" || !invoice.paidAmount.isZero()) continue;
      await tx.invoiceItem.deleteMany({ where: { invoiceId: invoice.id } });
      await tx.invoice.update({ where: { id: invoice.id }, data: { ...figures, items: { createMany: { data: lines.map(lineData) } } } });
      repriced.push(invoice.id);
    } else if (renewal.proformaId) {
      const proforma = await lockProforma(tx, renewal.proformaId, service.accountId);
      if (proforma.status !== "unpaid" || !proforma.paidAmount.isZero()) continue;
      await tx.proformaItem.deleteMany({ where: { proformaId: proforma.id } });
      await tx.proforma.update({ where: { id: proforma.id }, data: { ...figures, items: { createMany: { data: lines.map(lineData) } } } });
      repriced.push(proforma.id);
    }
  }
  return repriced;
}
