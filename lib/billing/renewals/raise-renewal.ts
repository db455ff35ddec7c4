import { randomUUID } from "node:crypto";
import type { Db, Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import type { BillingCycle, Prisma, ServiceStatus } from "@/lib/generated/prisma/client";
import { nextDueDate } from "@/lib/orders/order-writes";
import { sqlTimestamp } from "@/lib/webhooks/sql-timestamp";
import { apiBillingCycle, roundMoney, ZERO } from "@/lib/pricing";
import { applyAutoCredit, type AutoCreditOutcome } from "../apply-auto-credit";
import type { DocumentLineInput } from "../create-invoice";
import { raiseRecurringDocument } from "./raise-recurring-document";
import { CREDIT_SHORT_REASON, recordRenewalFailed } from "./record-renewal-failed";
import { loadRenewalSettings } from "./renewal-settings";

export type RenewalSource = "nightly" | "customer";

export interface RaisedRenewal {
  renewalId: string;
  serviceId: string;
  periodStart: Date;
  periodEnd: Date;
  document: { type: "invoice" | "proforma"; id: string; number: string };
  /** Auto-credit applied to the document (null: off, no credit, other currency). */
  autoCredit: AutoCreditOutcome | null;
  /** Nothing is left to pay (auto-credit paid it all). */
  settled: boolean;
}

/** Why a service gets no renewal document now (null: it may be renewed). */
export type NotRenewable = "gone" | "status" | "hourly" | "no_due_date" | "cancellation_scheduled";

/**
 * A service whose cancellation is scheduled at or before its next due date ends with the paid
 * period (terminate-cancelled-services terminates it then), so it is never renewed.
 */
export function notRenewable(service: {
  status: ServiceStatus;
  billingCycle: BillingCycle;
  nextDueDate: Date | null;
  cancellationScheduledDate: Date | null;
}): NotRenewable | null {
  if (service.status !== "active" && service.status !== "suspended") return "status";
  if (service.billingCycle === "hourly") return "hourly";
  if (!service.nextDueDate) return "no_due_date";
  if (service.cancellationScheduledDate && service.cancellationScheduledDate <= service.nextDueDate) return "cancellation_scheduled";
  return null;
}

export interface RaiseRenewalOptions {
  at: Date;
  source: RenewalSource;
  /** Whose credit auto-credit spends: the account's own (undefined), a member's own account, or none (null: a member owning no account). */
  creditAccountId?: string | null;
  /** Runs inside the transaction after the service is locked, before anything is written; throw to refuse. */
  precheck?: (tx: Tx, service: { id: string; status: ServiceStatus; accountId: string }) => Promise<void>;
}

/**
 * Raises the renewal document of a service's next period [nextDueDate, nextDueDate + cycle) in one
 * transaction: claims the period with an insert into ServiceRenewal (unique on service + period:
 * a second caller, concurrent or later, inserts nothing and gets null), then an unpaid invoice —
 * or a proforma on proforma-first platforms — numbered by nextDocumentNumber, with the service's
 * amount and its co-terminous add-ons, VAT at the account country's rate in force, due at the
 * period start (or now, if that has passed), and auto-credit when the account has it on.
 * Locks the account before the document counter, the order code's order, so the two never deadlock.
 * Returns null when the service is not renewable or the period was already claimed.
 */
export async function raiseRenewal(db: Db, serviceId: string, options: RaiseRenewalOptions): Promise<RaisedRenewal | null> {
  const { at } = options;
  const head = await db.service.findUnique({ where: { id: serviceId }, select: { accountId: true } });
  if (!head) return null;
  const settings = await loadRenewalSettings(db);
  const raised = await inTransaction(db, async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "ClientAccount" WHERE "id" = ${head.accountId}::uuid FOR NO KEY UPDATE`;
    await tx.$queryRaw`SELECT "id" FROM "Service" WHERE "id" = ${serviceId}::uuid FOR NO KEY UPDATE`;
    const service = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, include: renewedServiceInclude });
    if (options.precheck) await options.precheck(tx, service);
    if (notRenewable(service)) return null;
    const periodStart = service.nextDueDate!;
    const periodEnd = nextDueDate(periodStart, service.billingCycle)!;

    const renewalId = randomUUID();
    const claimed = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "ServiceRenewal" ("id", "serviceId", "periodStart", "periodEnd", "status", "source", "createdAt")
      VALUES (${renewalId}::uuid, ${serviceId}::uuid, ${sqlTimestamp(periodStart)}, ${sqlTimestamp(periodEnd)}, 'open', ${options.source}, ${sqlTimestamp(at)})
      ON CONFLICT ("serviceId", "periodStart") DO NOTHING
      RETURNING "id"`;
    if (claimed.length === 0) return null;

    const lines = renewalLines(service, periodStart, periodEnd);
    const document = await raiseRecurringDocument(tx, {
      accountId: service.accountId,
      country: service.account.country,
      currency: service.currency,
      lines,
      at,
      dueDate: periodStart,
      issueProformas: settings.issueProformas,
    });
    await tx.serviceRenewal.update({
      where: { id: renewalId },
      data: document.type === "invoice" ? { invoiceId: document.id } : { proformaId: document.id },
    });
    const autoCredit = await collectRenewal(tx, { accountId: service.accountId, document, at, creditAccountId: options.creditAccountId });
    // The nightly renewal of an account that pays from credit failed when the credit fell short: told
    // once, as the period is claimed once. A customer renewing by hand sees the outcome on the spot.
    if (options.source === "nightly" && (await collectsAutomatically(tx, service.accountId)) && (await leftUnpaid(tx, document))) {
      await recordRenewalFailed(tx, { document, reason: CREDIT_SHORT_REASON, now: at });
    }
    return { renewalId, serviceId, periodStart, periodEnd, document, autoCredit, settled: autoCredit?.settled ?? false } satisfies RaisedRenewal;
  });
  return raised;
}

/**
 * Pays a just-raised renewal document from credit where that is how the account pays: auto-credit when
 * the account has it on, and always, whatever that setting, for an active reseller whose programme
 * collects from credit (its renewals are debited as its orders are, as far as the balance goes; the
 * rest stays open and the grace period applies). `creditAccountId`: whose credit auto-credit spends
 * (undefined: the account's own; null: nobody's, a member owning no account).
 */
export async function collectRenewal(
  tx: Tx,
  input: { accountId: string; document: { type: "invoice" | "proforma"; id: string }; at: Date; creditAccountId?: string | null },
): Promise<AutoCreditOutcome | null> {
  const resellerCredit = await collectsFromResellerCredit(tx, input.accountId);
  if (input.creditAccountId === null && !resellerCredit) return null;
  return applyAutoCredit(tx, {
    accountId: input.accountId,
    document: input.document,
    now: input.at,
    always: resellerCredit,
    ...(input.creditAccountId && !resellerCredit ? { creditAccountId: input.creditAccountId } : {}),
  });
}

/** Renewals of the account are paid from credit without anyone asking: auto-credit, or a reseller's `credit` mode. */
async function collectsAutomatically(tx: Tx, accountId: string): Promise<boolean> {
  const account = await tx.clientAccount.findUnique({ where: { id: accountId }, select: { autoCredit: true } });
  return Boolean(account?.autoCredit) || (await collectsFromResellerCredit(tx, accountId));
}

async function leftUnpaid(tx: Tx, document: { type: "invoice" | "proforma"; id: string }): Promise<boolean> {
  const select = { status: true, total: true, paidAmount: true } as const;
  const doc = document.type === "invoice" ? await tx.invoice.findUnique({ where: { id: document.id }, select }) : await tx.proforma.findUnique({ where: { id: document.id }, select });
  return doc?.status === "unpaid" && doc.total.gt(doc.paidAmount);
}

/** The account is an active reseller's and the programme's payment mode is `credit`. */
async function collectsFromResellerCredit(tx: Tx, accountId: string): Promise<boolean> {
  const [profile, programme] = await Promise.all([
    tx.resellerProfile.findUnique({ where: { accountId }, select: { status: true } }),
    tx.resellerProgramme.findUnique({ where: { id: 1 }, select: { paymentMode: true } }),
  ]);
  return profile?.status === "active" && (programme?.paymentMode ?? "credit") === "credit";
}

/** What renewalLines reads of a service (its active add-ons in `options`, oldest first). */
export const renewedServiceInclude = {
  product: { select: { name: true } },
  account: { select: { country: true } },
  options: { where: { status: "active" }, include: { option: { select: { name: true } } }, orderBy: { createdAt: "asc" } },
} satisfies Prisma.ServiceInclude;

type RenewedService = Prisma.ServiceGetPayload<{
  include: { product: { select: { name: true } }; options: { include: { option: { select: { name: true } } } } };
}>;

/**
 * The service for the period, then each active recurring add-on whose cycle ends with the service's,
 * each at its stored amount as money in the service's currency (roundMoney: what was quoted, or, for a
 * service ordered before prices were rounded at quote time, its amount rounded once here).
 */
export function renewalLines(service: RenewedService, periodStart: Date, periodEnd: Date): DocumentLineInput[] {
  const label = service.hostname ?? service.name;
  const period = `${day(periodStart)} to ${day(periodEnd)}`;
  const money = (amount: Prisma.Decimal) => roundMoney(amount, service.currency);
  const lines: DocumentLineInput[] = [
    {
      description: `Renewal: ${service.product.name} (${apiBillingCycle(service.billingCycle)}) — ${label}, ${period}`,
      quantity: 1,
      unitAmount: money(service.amount),
      amount: money(service.amount),
      serviceId: service.id,
    },
  ];
  for (const o of service.options) {
    if (!o.amount || !o.amount.gt(ZERO)) continue;
    if (!o.nextDueDate || o.nextDueDate.getTime() !== periodStart.getTime()) continue;
    lines.push({
      description: `Renewal: ${o.quantity > 1 ? `${o.quantity}× ` : ""}${o.option.name} — ${label}, ${period}`,
      quantity: 1,
      unitAmount: money(o.amount),
      amount: money(o.amount),
      serviceId: service.id,
    });
  }
  return lines;
}

export function day(d: Date): string {
  return d.toISOString().slice(0, 10);
}
