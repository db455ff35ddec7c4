import type { Tx } from "@/lib/db/client";
import { recordAccountEvent } from "@/lib/mail/account-events";
import { activatePaidOrder } from "@/lib/orders/activate-paid-order";
import { settlePaidRenewals } from "./renewals/settle-paid-renewals";

/**
 * What an invoice being paid releases, in the transaction that paid it. An order's invoice
 * activates its order (activatePaidOrder: order `paid`, services `pending` with their cycle
 * starting now, add-ons `active`, `order.paid` for the reseller). Any other service of its items
 * still waiting in `pending_payment` becomes `pending` (the customer API spec States: "document paid" →
 * `pending`, then `installing`…). Both steps are conditional updates, so a service or order another
 * transaction already moved on is left alone and reported once. Returns the ids of the services to
 * build; after the commit the caller asks for them with `requestProvisioning(ids)`
 * (lib/services/request-provisioning.ts). Never call requestProvisioning inside the transaction.
 * A renewal invoice (lib/billing/renewals) moves its service's nextDueDate on by one cycle here.
 */
export async function onInvoicePaid(tx: Tx, invoiceId: string, at: Date = new Date()): Promise<string[]> {
  const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: invoiceId }, select: { orderId: true, accountId: true } });
  await recordAccountEvent(tx, { accountId: invoice.accountId, type: "payment.received", payload: { invoiceId }, now: at });
  const fromOrder = invoice.orderId ? (await activatePaidOrder(tx, { orderId: invoice.orderId, invoiceId, at })).serviceIds : [];
  await settlePaidRenewals(tx, invoiceId, at);
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "Service" SET "status" = 'pending', "updatedAt" = now()
    WHERE "status" = 'pending_payment'
      AND "id" IN (SELECT "serviceId" FROM "InvoiceItem" WHERE "invoiceId" = ${invoiceId}::uuid AND "serviceId" IS NOT NULL)
    RETURNING "id"`;
  return [...new Set([...fromOrder, ...rows.map((r) => r.id)])].sort();
}
