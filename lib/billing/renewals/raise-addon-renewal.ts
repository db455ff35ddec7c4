import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { nextDueDate } from "@/lib/orders/order-writes";
import { sqlTimestamp } from "@/lib/webhooks/sql-timestamp";
import { apiBillingCycle, roundMoney, ZERO } from "@/lib/pricing";
import type { AutoCreditOutcome } from "../apply-auto-credit";
import { collectRenewal, day, notRenewable } from "./raise-renewal";
import { raiseRecurringDocument } from "./raise-recurring-document";
import { loadRenewalSettings } from "./renewal-settings";

export interface RaisedAddonRenewal {
  renewalId: string;
  serviceOptionId: string;
  periodStart: Date;
  periodEnd: Date;
  document: { type: "invoice" | "proforma"; id: string; number: string };
  autoCredit: AutoCreditOutcome | null;
  settled: boolean;
}

/** An add-on's own cycle is its service's: the full-cycle route starts it the day it is bought. */
const cycleOf = (service: { billingCycle: BillingCycle }) => service.billingCycle;

/**
 * Raises the renewal document of an add-on on its own cycle — bought on the full-cycle route, so due
 * on its own date rather than with its service (those ride on the service's renewal) — for the period
 * [nextDueDate, nextDueDate + cycle), in one transaction, like raiseRenewal: account and service
 * locked, the period claimed by an insert into ServiceOptionRenewal (unique per add-on and period
 * start; a second caller gets null), an unpaid invoice or proforma with one line, VAT at the account
 * country's rate, due at the period start, then collectRenewal (auto-credit, a reseller's credit).
 * Null when the add-on is not renewable now or the period is already claimed.
 */
export async function raiseAddonRenewal(db: Db, serviceOptionId: string, options: { at: Date }): Promise<RaisedAddonRenewal | null> {
  const { at } = options;
  const head = await db.serviceOption.findUnique({ where: { id: serviceOptionId }, select: { service: { select: { id: true, accountId: true } } } });
  if (!head) return null;
  const settings = await loadRenewalSettings(db);
  return inTransaction(db, async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "ClientAccount" WHERE "id" = ${head.service.accountId}::uuid FOR NO KEY UPDATE`;
    await tx.$queryRaw`SELECT "id" FROM "Service" WHERE "id" = ${head.service.id}::uuid FOR NO KEY UPDATE`;
    const addon = await tx.serviceOption.findUniqueOrThrow({
      where: { id: serviceOptionId },
      include: { option: { select: { name: true } }, service: { include: { account: { select: { country: true } } } } },
    });
    const { service } = addon;
    if (notRenewable(service)) return null;
    if (addon.status !== "active" || !addon.amount || !addon.amount.gt(ZERO) || !addon.nextDueDate) return null;
    // Due with its service: the service's renewal carries it.
    if (addon.nextDueDate.getTime() === service.nextDueDate!.getTime()) return null;
    // The service ends before this period starts: nothing to renew.
    if (service.cancellationScheduledDate && service.cancellationScheduledDate <= addon.nextDueDate) return null;
    const periodStart = addon.nextDueDate;
    const periodEnd = nextDueDate(periodStart, cycleOf(service))!;

    const renewalId = randomUUID();
    const claimed = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "ServiceOptionRenewal" ("id", "serviceOptionId", "periodStart", "periodEnd", "status", "createdAt")
      VALUES (${renewalId}::uuid, ${serviceOptionId}::uuid, ${sqlTimestamp(periodStart)}, ${sqlTimestamp(periodEnd)}, 'open', ${sqlTimestamp(at)})
      ON CONFLICT ("serviceOptionId", "periodStart") DO NOTHING
      RETURNING "id"`;
    if (claimed.length === 0) return null;

    const label = service.hostname ?? service.name;
    const amount = roundMoney(addon.amount, service.currency);
    const lines = [
      {
        description: `Renewal: ${addon.quantity > 1 ? `${addon.quantity}× ` : ""}${addon.option.name} (${apiBillingCycle(service.billingCycle)}) — ${label}, ${day(periodStart)} to ${day(periodEnd)}`,
        quantity: 1,
        unitAmount: amount,
        amount,
        serviceId: service.id,
      },
    ];
    const document = await raiseRecurringDocument(tx, {
      accountId: service.accountId,
      country: service.account.country,
      currency: service.currency,
      lines,
      at,
      dueDate: periodStart,
      issueProformas: settings.issueProformas,
    });
    await tx.serviceOptionRenewal.update({ where: { id: renewalId }, data: document.type === "invoice" ? { invoiceId: document.id } : { proformaId: document.id } });
    const autoCredit = await collectRenewal(tx, { accountId: service.accountId, document, at });
    return { renewalId, serviceOptionId, periodStart, periodEnd, document, autoCredit, settled: autoCredit?.settled ?? false };
  });
}
