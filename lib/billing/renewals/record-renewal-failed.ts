import type { Tx } from "@/lib/db/client";
import { recordAccountEvent } from "@/lib/mail/account-events";

/** `renewal.failed`'s reason when auto-credit (or a reseller's credit) could not pay the renewal. */
export const CREDIT_SHORT_REASON = "your credit balance did not cover it.";

/**
 * Raises `renewal.failed` for the service a renewal document renews (docs/billing.md "Renewals"), in
 * the caller's transaction: an automatic payment of it (credit, a saved card) did not settle it.
 * Documents that renew no service (an add-on on its own cycle, image storage) raise nothing.
 */
export async function recordRenewalFailed(tx: Tx, input: { document: { type: "invoice" | "proforma"; id: string }; reason: string; now: Date }): Promise<boolean> {
  const renewal = await tx.serviceRenewal.findFirst({
    where: { status: "open", ...(input.document.type === "invoice" ? { invoiceId: input.document.id } : { proformaId: input.document.id }) },
    select: { serviceId: true, service: { select: { accountId: true } } },
  });
  if (!renewal) return false;
  await recordAccountEvent(tx, { accountId: renewal.service.accountId, type: "renewal.failed", payload: { serviceId: renewal.serviceId, reason: input.reason }, now: input.now });
  return true;
}
