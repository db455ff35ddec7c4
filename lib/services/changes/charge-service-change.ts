import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma, type BillingCycle } from "@/lib/generated/prisma/client";
import type { DocumentLineInput } from "@/lib/billing/create-invoice";
import { INSUFFICIENT_CREDIT, postCreditEntry } from "@/lib/billing/post-credit-entry";
import type { OrderContext } from "@/lib/orders/order-context";
import { assignDocumentNumbers } from "@/lib/billing/next-document-number";
import { raiseOrderEvent, raisePaidInvoice, raiseUnpaidDocument } from "@/lib/orders/order-writes";
import { ZERO, roundMoney, vatOn, type Decimal } from "@/lib/pricing";
import { sum } from "@/lib/pricing/money";

// Every caller in `saved_method` mode resolves the card first (resolveSavedMethod); this guards a new one that forgets.
export const SAVED_METHOD_NOT_SUPPORTED = "This change cannot be charged to a saved card";

export interface ChangeChargeInput {
  ctx: OrderContext;
  service: { id: string; productId: string; billingCycle: BillingCycle; resellerCustomerId: string | null; projectId: string | null };
  orderType: "addon" | "upgrade";
  /** Document lines, 2 places each; they add up to the change's amount excluding VAT. */
  lines: DocumentLineInput[];
  vatRate: Decimal;
  currency: string;
  /** 1 base = rate `currency` (the quote's); the order's base amount is derived with it. */
  exchangeRate: Decimal;
  baseCurrency: string;
  priceRule: string;
  /** Reseller options change: its idempotency key (unique per reseller, own namespace). */
  externalReference?: string | null;
  /** Reseller `saved_method` programmes: record the order and a `processing` card payment (charged after the commit by the caller). */
  card?: { paymentMethodId: string } | null;
  at: Date;
}

export interface ChangeCharge {
  orderId: string;
  orderNumber: string;
  amount: Decimal;
  vat: Decimal;
  total: Decimal;
  currency: string;
  baseAmount: Decimal;
  baseCurrency: string;
  /** Order.paymentMode (`storefront` for an active reseller's panel changes, null for customers). */
  paymentMode: string | null;
  paymentStatus: "paid" | "invoiced" | "processing";
  /** The card payment to settle (`processing`). */
  paymentId: string | null;
  document: { type: "invoice" | "proforma"; id: string; number: string; settled: boolean } | null;
}

/**
 * Charges a change of a service (add-ons, plan) in the caller's transaction, as an order of type
 * `addon`/`upgrade` with one line, collected like an order of its buyer: a reseller in `credit`
 * mode is debited now (postCreditEntry; a shortfall refuses naming both figures) and gets a paid
 * invoice (best effort) and `order.paid`; `invoice` mode and customers get an unpaid invoice or
 * proforma and `order.invoiced` (customer-api: credit is never applied automatically to upgrades).
 * Document numbers (order, invoice) are taken last, so the counters are held only until commit.
 * Returns null when nothing is owed: no order, no document.
 */
export async function chargeServiceChange(tx: Tx, input: ChangeChargeInput): Promise<ChangeCharge | null> {
  const { ctx, at } = input;
  const amount = sum(input.lines.map((l) => l.amount));
  if (amount.lessThanOrEqualTo(ZERO)) return null;
  const card = ctx.mode === "saved_method" ? (input.card ?? null) : null;
  if (ctx.mode === "saved_method" && !card) throw new DomainError("conflict", SAVED_METHOD_NOT_SUPPORTED);
  const vat = vatOn(amount, input.vatRate, input.currency);
  const total = amount.plus(vat);
  // Order.baseAmount is money in the base currency, like an order's (docs/decisions.md).
  const baseAmount = roundMoney(input.exchangeRate.isZero() ? amount : amount.dividedBy(input.exchangeRate), input.baseCurrency);
  const payNow = ctx.mode === "credit";

  const order = await tx.order.create({
    data: {
      orderNumber: `pending-${randomUUID()}`,
      accountId: ctx.accountId,
      projectId: input.service.projectId,
      resellerId: ctx.resellerId,
      resellerCustomerId: input.service.resellerCustomerId,
      externalReference: input.externalReference ?? null,
      orderType: input.orderType,
      status: payNow ? "paid" : card ? "pending" : "invoiced",
      paymentStatus: payNow ? "paid" : card ? "processing" : "pending",
      paymentMode: ctx.paymentMode,
      currency: input.currency,
      exchangeRate: input.exchangeRate,
      baseCurrency: input.baseCurrency,
      baseAmount,
      amount,
      vatRate: input.vatRate,
      vat,
      total,
      createdAt: at,
      items: {
        create: {
          productId: input.service.productId,
          billingCycle: input.service.billingCycle,
          quantity: 1,
          unitPrice: amount,
          priceRule: input.priceRule,
        },
      },
    },
    select: { id: true },
  });

  let paymentId: string | null = null;
  if (payNow) {
    paymentId = (await tx.payment.create({ data: { accountId: ctx.accountId, orderId: order.id, method: "credit", amount: total, currency: input.currency, status: "paid", createdAt: at }, select: { id: true } })).id;
    try {
      await postCreditEntry(tx, { accountId: ctx.accountId, kind: "payment", amount: total.negated(), description: input.orderType === "upgrade" ? "Plan change" : "Add-on change", orderId: order.id, paymentId, at });
    } catch (err) {
      if (err instanceof DomainError && err.message === INSUFFICIENT_CREDIT) {
        const account = await tx.clientAccount.findUniqueOrThrow({ where: { id: ctx.accountId }, select: { creditBalance: true } });
        throw new DomainError(
          "invalid",
          `${INSUFFICIENT_CREDIT}: the change costs ${total.toFixed(2)} ${input.currency} and the balance is ${account.creditBalance.toFixed(2)} ${input.currency}`,
        );
      }
      throw err;
    }
  }
  if (card) {
    paymentId = (await tx.payment.create({ data: { accountId: ctx.accountId, orderId: order.id, paymentMethodId: card.paymentMethodId, method: "card", amount: total, currency: input.currency, status: "processing", createdAt: at }, select: { id: true } })).id;
    const { orderNumber } = await assignDocumentNumbers(tx, at, { orderId: order.id });
    return { orderId: order.id, orderNumber, amount, vat, total, currency: input.currency, baseAmount, baseCurrency: input.baseCurrency, paymentMode: ctx.paymentMode, paymentStatus: "processing", paymentId, document: null };
  }
  const { orderNumber } = await assignDocumentNumbers(tx, at, { orderId: order.id });
  const figures = { accountId: ctx.accountId, orderId: order.id, currency: input.currency, amount, vatRate: input.vatRate, vat, total };
  const customer = input.service.resellerCustomerId
    ? await tx.resellerCustomer.findUnique({ where: { id: input.service.resellerCustomerId }, select: { externalCustomerId: true } })
    : null;
  const event = {
    orderId: order.id,
    orderNumber,
    externalOrderId: null,
    externalCustomerId: customer?.externalCustomerId ?? null,
    paymentMode: ctx.paymentMode ?? "invoice",
    amount,
    vat,
    total,
    currency: input.currency,
    services: [],
  };
  let document: ChangeCharge["document"] = null;
  if (payNow) {
    const invoice = await raisePaidInvoice(tx, figures, input.lines, at, paymentId);
    if (invoice) document = { type: "invoice", ...invoice, settled: true };
    await raiseOrderEvent(tx, ctx.resellerId, "order.paid", { ...event, status: "paid", invoiceId: invoice?.id ?? null }, at);
  } else {
    const raised = await raiseUnpaidDocument(tx, figures, input.lines, at, ctx);
    document = { ...raised, settled: false };
    await raiseOrderEvent(tx, ctx.resellerId, "order.invoiced", { ...event, status: "invoiced", invoiceId: raised.type === "invoice" ? raised.id : null }, at);
  }
  return {
    orderId: order.id,
    orderNumber,
    amount,
    vat,
    total,
    currency: input.currency,
    baseAmount,
    baseCurrency: input.baseCurrency,
    paymentMode: ctx.paymentMode,
    paymentStatus: payNow ? "paid" : "invoiced",
    paymentId,
    document,
  };
}

export const money2 = (d: Prisma.Decimal) => d.toFixed(2);
