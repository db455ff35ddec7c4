import type { DbOrTx } from "@/lib/db/client";

export interface SettledRenewal {
  serviceId: string;
  periodStart: Date;
  periodEnd: Date;
}

/**
 * The renewals an invoice pays (raised as that invoice, or as the proforma that became it), in the
 * paying transaction: each goes `paid`, and its service's nextDueDate moves on by one cycle — from
 * the period start to its end, conditional on the service still being due at the period start, so
 * paying twice or two payers at once advance it once — with the add-ons renewed on the same line.
 * A service suspended for the unpaid renewal is unsuspended after the commit (resumeRenewedServices).
 */
export async function settlePaidRenewals(tx: DbOrTx, invoiceId: string, at: Date): Promise<SettledRenewal[]> {
  const proformaIds = (await tx.proforma.findMany({ where: { invoiceId }, select: { id: true } })).map((p) => p.id);
  const open = await tx.serviceRenewal.findMany({
    where: { status: "open", OR: [{ invoiceId }, ...(proformaIds.length > 0 ? [{ proformaId: { in: proformaIds } }] : [])] },
    select: { id: true, serviceId: true, periodStart: true, periodEnd: true },
  });
  const renewals: SettledRenewal[] = [];
  for (const r of open) {
    const paid = await tx.serviceRenewal.updateMany({ where: { id: r.id, status: "open" }, data: { status: "paid", paidAt: at } });
    if (paid.count === 0) continue;
    renewals.push({ serviceId: r.serviceId, periodStart: r.periodStart, periodEnd: r.periodEnd });
    const { count } = await tx.service.updateMany({
      where: { id: r.serviceId, nextDueDate: r.periodStart },
      data: { nextDueDate: r.periodEnd },
    });
    if (count === 0) continue;
    await tx.serviceOption.updateMany({
      where: { serviceId: r.serviceId, status: "active", nextDueDate: r.periodStart },
      data: { nextDueDate: r.periodEnd },
    });
  }
  // Add-ons on their own cycle renewed by this invoice move on by one period too.
  const addons = await tx.serviceOptionRenewal.findMany({
    where: { status: "open", OR: [{ invoiceId }, ...(proformaIds.length > 0 ? [{ proformaId: { in: proformaIds } }] : [])] },
    select: { id: true, serviceOptionId: true, periodStart: true, periodEnd: true },
  });
  for (const r of addons) {
    const paid = await tx.serviceOptionRenewal.updateMany({ where: { id: r.id, status: "open" }, data: { status: "paid", paidAt: at } });
    if (paid.count === 0) continue;
    await tx.serviceOption.updateMany({ where: { id: r.serviceOptionId, status: "active", nextDueDate: r.periodStart }, data: { nextDueDate: r.periodEnd } });
  }
  return renewals;
}
