import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { minorUnitDigits } from "@/lib/pricing";
import { issueCreditNote, type IssuedCreditNote } from "./issue-credit-note";
import { postCreditEntry } from "./post-credit-entry";

export type UnbuiltRefund =
  | { refunded: true; amount: Prisma.Decimal; currency: string; accountId: string; ledgerEntryId: string; creditNote: IssuedCreditNote | null }
  | { refunded: false; reason: "no_order" | "nothing_paid" | "currency" | "already_refunded"; detail: string | null };

/** Why a service's money goes back: its build failed, or the operator cancelled its order before it was built. */
export type UnbuiltRefundCause = { kind: "build_failed" } | { kind: "order_cancelled"; orderNumber: string; reason: string };

/** The description of a service's refund row, as the customer's ledger shows it. */
export function unbuiltRefundDescription(service: { id: string; name: string }, cause: UnbuiltRefundCause = { kind: "build_failed" }): string {
  return cause.kind === "build_failed"
    ? `Refund: service ${service.name} (${service.id}) could not be built`
    : `Refund: order ${cause.orderNumber} cancelled before service ${service.name} was set up: ${cause.reason}`;
}

/**
 * A service that cannot be built gets back what was charged for it, as a `refund` row on the credit
 * ledger (docs/decisions.md#r11, docs/billing.md "Services that cannot be built"). Call it only in the
 * transaction that moved the service into `provisioning_failed` with a conditional update that
 * matched: that claim is what makes the refund happen once, whoever else tries the same transition.
 *
 * What was charged: the `paid` payments of the service's order (its own, and those on the order's
 * invoices and proformas), split over the order's services in proportion to what each one costs
 * (its recurring amount, its setup fee and the add-ons bought with it), in minor units, the cents
 * left by the division going one each to the first services (creation order). The split depends on
 * the order alone, so the refunds of all of an order's services add up to exactly what was paid.
 * The refund goes to the credit account whose balance paid (a member's own account), else to the
 * service's account. Money paid in another currency than that account keeps credit in is not
 * converted: no ledger row; the reason is added to the service's `failureDetail` (operator text) and
 * returned, and the operator refunds by hand.
 *
 * With the refund comes a numbered credit note against the order's paid invoice (issueCreditNote).
 *
 * A service is refunded at most once: a build the operator retried (lib/admin/services) that fails
 * again, or an order the operator cancels after a build failed (lib/admin/orders), finds the first
 * refund row (kind `refund` with the service's id) and refunds nothing more.
 */
export async function refundUnbuiltService(tx: Tx, input: { serviceId: string; at: Date; cause?: UnbuiltRefundCause }): Promise<UnbuiltRefund> {
  const service = await tx.service.findUniqueOrThrow({ where: { id: input.serviceId }, select: { id: true, name: true, accountId: true, orderId: true, failureDetail: true } });
  if (!service.orderId) return { refunded: false, reason: "no_order", detail: null };
  const orderId = service.orderId;
  // The order's row lock (FOR NO KEY UPDATE, as every lock of an order): the operator's refund of the
  // order's invoice reads what its services got back under the same lock, so the two never both pay.
  await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${orderId}::uuid FOR NO KEY UPDATE`;
  const earlier = await tx.creditLedgerEntry.findFirst({ where: { serviceId: service.id, kind: "refund" }, select: { id: true } });
  if (earlier) return { refunded: false, reason: "already_refunded", detail: null };
  // The operator refunded the order's invoice already (everything paid on it less what services got
  // back, lib/admin/invoices/refund-invoice-to-credit.ts): nothing is left to give this service.
  const invoiceRefund = await tx.creditLedgerEntry.findFirst({ where: { orderId, kind: "refund", serviceId: null, invoiceId: { not: null } }, select: { id: true } });
  if (invoiceRefund) return { refunded: false, reason: "already_refunded", detail: null };
  const [invoices, proformas] = await Promise.all([
    tx.invoice.findMany({ where: { orderId }, select: { id: true, status: true, currency: true } }),
    tx.proforma.findMany({ where: { orderId }, select: { id: true } }),
  ]);
  const payments = await tx.payment.findMany({
    where: {
      status: "paid",
      OR: [{ orderId }, { invoiceId: { in: invoices.map((i) => i.id) } }, { proformaId: { in: proformas.map((p) => p.id) } }],
    },
    select: { id: true, amount: true, currency: true },
  });
  const paid = payments.reduce((s, p) => s.plus(p.amount), new Prisma.Decimal(0));
  if (paid.lte(0)) return { refunded: false, reason: "nothing_paid", detail: null };

  // Who paid from credit: the debits of these payments name the credit account.
  const debits = await tx.creditLedgerEntry.findMany({ where: { paymentId: { in: payments.map((p) => p.id) }, amount: { lt: 0 } }, select: { accountId: true } });
  const payers = [...new Set(debits.map((d) => d.accountId))];
  const accountId = payers.length === 1 ? payers[0]! : service.accountId;
  const account = await tx.clientAccount.findUniqueOrThrow({ where: { id: accountId }, select: { currency: true } });
  const currencies = [...new Set(payments.map((p) => p.currency))];
  if (currencies.length !== 1 || currencies[0] !== account.currency) {
    const detail = `paid in ${currencies.join(", ")}, credit kept in ${account.currency}: refund by hand`;
    // Said where the operator reads why the build failed (failureDetail is never shown to clients).
    await tx.service.update({ where: { id: service.id }, data: { failureDetail: `${service.failureDetail ?? ""} (refund: ${detail})`.trim().slice(0, 2000) } });
    return { refunded: false, reason: "currency", detail };
  }
  const currency = account.currency;

  const siblings = await tx.service.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      amount: true,
      orderItem: { select: { setupFee: true } },
      options: { where: { orderId: null }, select: { amount: true, setupFee: true } },
    },
  });
  const weights = siblings.map((s) => s.options.reduce((w, o) => w.plus(o.amount ?? 0).plus(o.setupFee), s.amount.plus(s.orderItem?.setupFee ?? 0)));
  const amount = shareOf(paid, weights, siblings.findIndex((s) => s.id === service.id), minorUnitDigits(currency));
  if (amount.lte(0)) return { refunded: false, reason: "nothing_paid", detail: null };

  const description = unbuiltRefundDescription(service, input.cause);
  const entry = await postCreditEntry(tx, {
    accountId,
    kind: "refund",
    amount,
    description,
    orderId,
    serviceId: service.id,
    paymentId: payments.length === 1 ? payments[0]!.id : null,
    at: input.at,
  });
  // The credit note goes against the order's paid invoice; an order paid without one (nothing billed
  // on a document) has no invoice to credit, and the ledger row is the whole record.
  const invoice = invoices.find((i) => i.status === "paid" && i.currency === currency);
  const creditNote = invoice ? await issueCreditNote(tx, { invoiceId: invoice.id, ledgerEntryId: entry.id, amount, description, at: input.at }) : null;
  return { refunded: true, amount, currency, accountId, ledgerEntryId: entry.id, creditNote };
}

/**
 * The `index`th part of `total` split by `weights` (equal parts when they are all zero), in minor
 * units: each part rounded down, then the minor units left over one each to the first parts. The
 * parts add up to `total` exactly.
 */
export function shareOf(total: Prisma.Decimal, weights: Prisma.Decimal[], index: number, digits: number): Prisma.Decimal {
  if (index < 0 || index >= weights.length) throw new Error("shareOf: no such part");
  const unit = new Prisma.Decimal(10).pow(-digits);
  const units = total.dividedBy(unit).floor();
  const w = weights.every((x) => x.lte(0)) ? weights.map(() => new Prisma.Decimal(1)) : weights.map((x) => Prisma.Decimal.max(x, 0));
  const sumW = w.reduce((a, b) => a.plus(b), new Prisma.Decimal(0));
  const base = w.map((x) => units.times(x).dividedBy(sumW).floor());
  const left = units.minus(base.reduce((a, b) => a.plus(b), new Prisma.Decimal(0))).toNumber();
  // `left` < number of parts: one each to the first parts with a weight.
  let extra = 0;
  for (let i = 0, given = 0; i <= index && given < left; i++) {
    if (w[i]!.lte(0)) continue;
    given++;
    if (i === index) extra = 1;
  }
  return base[index]!.plus(extra).times(unit);
}
