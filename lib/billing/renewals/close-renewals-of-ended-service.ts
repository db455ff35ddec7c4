import type { Tx } from "@/lib/db/client";

type OpenRenewal = { id: string; invoiceId: string | null; proformaId: string | null };
const OPEN_RENEWAL = { id: true, invoiceId: true, proformaId: true } as const;

/**
 * A terminated service is billed for nothing more: its open renewals (the service's own periods and
 * its add-ons' own-cycle periods) are cancelled, and so is each renewal's document when nothing has
 * been paid on it. A document with part of it paid stays open for the operator to settle or refund
 * by hand (its renewal is still cancelled, so paying the rest renews nothing). Runs in the
 * terminating transaction, so a payment that commits first wins the conditional updates.
 */
export async function closeRenewalsOfEndedService(tx: Tx, serviceId: string): Promise<{ renewals: number; documents: number }> {
  const [own, addons] = await Promise.all([
    tx.serviceRenewal.findMany({ where: { serviceId, status: "open" }, select: OPEN_RENEWAL }),
    tx.serviceOptionRenewal.findMany({ where: { serviceOption: { serviceId }, status: "open" }, select: OPEN_RENEWAL }),
  ]);
  const a = await cancelRenewals(tx, "service", own);
  const b = await cancelRenewals(tx, "addon", addons);
  return { renewals: a.renewals + b.renewals, documents: a.documents + b.documents };
}

/** The same for add-ons that ended while their service runs on (removed, or not offered by a new plan). */
export async function closeRenewalsOfEndedAddons(tx: Tx, serviceOptionIds: string[]): Promise<{ renewals: number; documents: number }> {
  if (serviceOptionIds.length === 0) return { renewals: 0, documents: 0 };
  const open = await tx.serviceOptionRenewal.findMany({ where: { serviceOptionId: { in: serviceOptionIds }, status: "open" }, select: OPEN_RENEWAL });
  return cancelRenewals(tx, "addon", open);
}

async function cancelRenewals(tx: Tx, kind: "service" | "addon", rows: OpenRenewal[]): Promise<{ renewals: number; documents: number }> {
  let renewals = 0;
  let documents = 0;
  for (const r of rows) {
    const where = { id: r.id, status: "open" as const };
    const data = { status: "cancelled" as const };
    const claimed = kind === "service" ? await tx.serviceRenewal.updateMany({ where, data }) : await tx.serviceOptionRenewal.updateMany({ where, data });
    if (claimed.count === 0) continue;
    renewals++;
    if (r.invoiceId) documents += (await tx.invoice.updateMany({ where: { id: r.invoiceId, status: "unpaid", paidAmount: 0 }, data })).count;
    if (r.proformaId) documents += (await tx.proforma.updateMany({ where: { id: r.proformaId, status: "unpaid", paidAmount: 0 }, data })).count;
  }
  return { renewals, documents };
}
