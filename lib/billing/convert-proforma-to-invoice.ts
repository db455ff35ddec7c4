import type { Tx } from "@/lib/db/client";
import type { Invoice, Proforma } from "@/lib/generated/prisma/client";
import { nextDocumentNumber } from "./next-document-number";
import { onInvoicePaid } from "./on-invoice-paid";

/**
 * A fully paid proforma becomes an invoice, in the transaction that paid it: a new `paid` invoice
 * numbered by nextDocumentNumber('invoice') with the proforma's lines and figures, the proforma
 * `converted` and pointing at it, the proforma's payments linked to the invoice too (so the
 * invoice shows how it was paid), then onInvoicePaid. The caller holds the proforma's lock.
 */
export async function convertProformaToInvoice(
  tx: Tx,
  proforma: Proforma,
  now: Date,
): Promise<{ invoice: Invoice; releasedServiceIds: string[] }> {
  const items = await tx.proformaItem.findMany({ where: { proformaId: proforma.id }, orderBy: { id: "asc" } });
  const invoice = await tx.invoice.create({
    data: {
      number: await nextDocumentNumber(tx, "invoice", now),
      accountId: proforma.accountId,
      orderId: proforma.orderId,
      status: "paid",
      currency: proforma.currency,
      subtotal: proforma.subtotal,
      vatRate: proforma.vatRate,
      vatAmount: proforma.vatAmount,
      total: proforma.total,
      paidAmount: proforma.paidAmount,
      dueDate: proforma.dueDate,
      issuedAt: now,
      paidAt: now,
      items: {
        create: items.map((i) => ({ serviceId: i.serviceId, description: i.description, quantity: i.quantity, unitAmount: i.unitAmount, amount: i.amount })),
      },
    },
  });
  await tx.proforma.update({ where: { id: proforma.id }, data: { status: "converted", invoiceId: invoice.id } });
  await tx.payment.updateMany({ where: { proformaId: proforma.id }, data: { invoiceId: invoice.id } });
  const releasedServiceIds = await onInvoicePaid(tx, invoice.id, now);
  return { invoice, releasedServiceIds };
}
