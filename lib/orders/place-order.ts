import type { DbOrTx, Tx } from "@/lib/db/client";
import { recordAccountEvent } from "@/lib/mail/account-events";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { INSUFFICIENT_CREDIT, postCreditEntry } from "@/lib/billing/post-credit-entry";
import { chargeSafely, defaultGatewayResolver, type PaymentGateway } from "@/lib/payments/payment-gateway";
import { assertHoldingCaps, assertMinimumOrder, dec, quoteOrder, type OrderQuote } from "@/lib/pricing";
import { createResellerCustomer } from "@/lib/resellers/customers/create-reseller-customer";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import { resolveOrderContext, type OrderContext } from "./order-context";
import type { OrderBuyer, OrderItemInput, OrderRunContext, PlaceOrderInput } from "./order-input";
import { loadOrderRecord, type OrderRecord } from "./order-record";
import { assignDocumentNumbers } from "@/lib/billing/next-document-number";
import {
  hasHoldingCaps,
  insertOrder,
  insertServices,
  lockResellerProfile,
  quoteDocumentLines,
  raiseOrderEvent,
  raisePaidInvoice,
  raiseUnpaidDocument,
  serviceLinesFromQuote,
} from "./order-writes";
import { validateOrderItems, type ValidatedItem } from "./validate-order-items";
import { activateChargedOrder, failChargedOrder, type SavedMethod, resolveSavedMethod } from "./saved-method";

export const PROVISIONING_FAILED_ERROR = "Payment succeeded but the service could not be created; do not retry, contact support quoting the order id";

export interface PlacedDocument {
  type: "invoice" | "proforma";
  id: string;
  number: string;
  /** Paid when raised (pay-now modes) or still to pay (`invoice` mode, customer checkout). */
  settled: boolean;
}

export interface PlaceOrderResult {
  /** false: an order with this idempotency key / externalOrderId existed; nothing was charged again. */
  created: boolean;
  order: OrderRecord;
  /**
   * The document this call raised, or null (replays, hourly orders, failed charges). The seam for
   * auto-credit: a caller may pay an unsettled document from credit right after (lib/billing).
   */
  document: PlacedDocument | null;
  /** saved_method: why the gateway refused the charge. */
  paymentError: string | null;
  /** The charge went through but the services could not be created (HTTP 502; the charge stands). */
  provisioningFailed: boolean;
}

const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 };

/** The order an idempotency key (customer) or externalOrderId (reseller) already names, if any. */
export async function findOrderByKey(db: DbOrTx, ctx: Pick<OrderContext, "accountId" | "resellerId" | "channel">, input: PlaceOrderInput): Promise<string | null> {
  if (ctx.channel === "reseller" && input.externalOrderId) {
    const found = await db.order.findUnique({ where: { resellerId_externalOrderId: { resellerId: ctx.resellerId!, externalOrderId: input.externalOrderId } }, select: { id: true } });
    return found?.id ?? null;
  }
  if (ctx.channel !== "reseller" && input.idempotencyKey) {
    const found = await db.order.findUnique({ where: { accountId_idempotencyKey: { accountId: ctx.accountId, idempotencyKey: input.idempotencyKey } }, select: { id: true } });
    return found?.id ?? null;
  }
  return null;
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}

function fieldNamer(buyerKind: "customer" | "reseller", items: OrderItemInput[]) {
  return (index: number, field: string) => {
    const name = buyerKind === "reseller" && ["hostname", "osImageId", "user_data", "ssh_keys"].includes(field) ? `configuration.${field}` : field;
    return items.length > 1 ? `items[${index}].${name}` : name;
  };
}

/** The order a key already names, as it is now. A customer-bound reseller key sees only its customer's orders, replays included. */
async function replay(db: DbOrTx, buyer: OrderBuyer, orderId: string): Promise<PlaceOrderResult> {
  const order = await loadOrderRecord(db, orderId);
  if (buyer.kind === "reseller" && buyer.boundCustomerId && order.resellerCustomer?.id !== buyer.boundCustomerId) {
    throw new DomainError("conflict", "This externalOrderId is already used by another order");
  }
  return { created: false, order, document: null, paymentError: null, provisioningFailed: false };
}

function insufficientCredit(total: Prisma.Decimal, balance: Prisma.Decimal, currency: string): DomainError {
  return new DomainError(
    "invalid",
    `${INSUFFICIENT_CREDIT}: the order costs ${total.toFixed(2)} ${currency} and the balance is ${balance.toFixed(2)} ${currency}`,
  );
}

/** Debits the order's total from credit, or refuses naming both figures (the transaction then rolls back). */
async function debitOrder(tx: Tx, ctx: OrderContext, orderId: string, total: Prisma.Decimal, currency: string, at: Date, hourly: boolean, paymentId: string) {
  if (total.isZero()) return;
  try {
    await postCreditEntry(tx, {
      accountId: ctx.accountId,
      kind: hourly ? "hourly_charge" : "payment",
      amount: total.negated(),
      // The order number is taken after the debit (see placeInTransaction); the row links the order by id.
      description: hourly ? "Hourly products: first hour" : "Order payment",
      orderId,
      paymentId,
      at,
    });
  } catch (err) {
    if (err instanceof DomainError && err.message === INSUFFICIENT_CREDIT) {
      const account = await tx.clientAccount.findUniqueOrThrow({ where: { id: ctx.accountId }, select: { creditBalance: true } });
      throw insufficientCredit(total, account.creditBalance, currency);
    }
    throw err;
  }
}

/**
 * Places an order for a customer (client panel, customer API; an active reseller here is a
 * storefront order at wholesale) or a reseller (reseller API), in one transaction:
 *
 * 1. before the transaction: idempotency look-up (replay), buyer and collection mode, the quote
 *    (lib/pricing quoteOrder: cycle, location, options, prices, VAT, currency) and every other check
 *    (hostname, OS image, user_data, SSH keys, availability): nothing is charged for a refused order;
 * 2. in the transaction: row locks on the reseller profile and the account, the idempotency key
 *    again (a concurrent twin committed first → replay), holding caps and minimum order (resellers
 *    and storefront), the customer record, then by mode —
 *    `credit`/`hourly_credit`: ledger debit, paid order, services `pending`, paid invoice (best effort);
 *    `invoice`/`document`: unpaid invoice (or proforma), services `pending_payment`;
 *    `saved_method`: the order and `pending_payment` services, charged after commit (saved-method.ts);
 *    plus the reseller's order event;
 * 3. after commit: provisioning is requested for the services that are paid.
 *
 * A unique violation on the idempotency key (two first calls at once) is settled by the database:
 * the loser's transaction rolls back entirely and it answers the winner's order. `ctx.actor` is the
 * buyer; a replay of an order outside a customer-bound reseller key's customer is refused (409).
 */
export async function placeOrder(ctx: OrderRunContext, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const { db, now, actor } = ctx;
  const orderCtx = await resolveOrderContext(db, actor, input.projectRef ?? null);
  const known = await findOrderByKey(db, orderCtx, input);
  if (known) return replay(db, actor, known);

  if (orderCtx.mode === "document" && input.items.some((i) => i.billingCycle === "hourly")) {
    if (input.items.some((i) => i.billingCycle !== "hourly")) {
      throw new DomainError("invalid", "Hourly and non-hourly products cannot be ordered together; place two orders", {
        details: [{ field: "billingCycle", message: "Mixes hourly and non-hourly items" }],
      });
    }
    orderCtx.mode = "hourly_credit";
  }

  const quote = await quoteOrder(
    db,
    {
      buyer: orderCtx.pricingBuyer,
      items: input.items.map((i) => ({ productId: i.productId, billingCycle: i.billingCycle, quantity: i.quantity, location: i.location, options: i.options })),
      at: now,
      // A reseller's credit is held in the base currency: check and deduction are in it.
      currency: orderCtx.mode === "credit" ? orderCtx.baseCurrency : undefined,
    },
    { enforceLimits: false, resolvedBuyer: orderCtx.resolvedBuyer, baseCurrency: orderCtx.baseCurrency },
  );
  const items = await validateOrderItems(db, orderCtx.accountId, input.items, quote, fieldNamer(actor.kind, input.items), {
    scopedProjectId: actor.kind === "customer" ? (actor.scopedProjectId ?? null) : null,
  });

  if (orderCtx.mode === "hourly_credit") {
    const account = await db.clientAccount.findUniqueOrThrow({ where: { id: orderCtx.accountId }, select: { creditBalance: true, currency: true } });
    const minimum = dec(orderCtx.hourlyMinimumCredit);
    if (account.creditBalance.lessThan(minimum)) {
      throw new DomainError(
        "invalid",
        `Hourly products need a credit balance of at least ${minimum.toFixed(2)} ${account.currency}; the balance is ${account.creditBalance.toFixed(2)} ${account.currency}`,
      );
    }
  }

  let savedMethod: SavedMethod | null = null;
  if (orderCtx.mode === "saved_method") savedMethod = await resolveSavedMethod(db, orderCtx.accountId, input.paymentMethodId ?? null, ctx.gateways ?? defaultGatewayResolver);

  let placed: { orderId: string; document: PlacedDocument | null; provisionIds: string[]; paymentId: string | null; replayed: boolean };
  try {
    placed = await db.$transaction((tx) => placeInTransaction(tx, orderCtx, input, quote, items, now, savedMethod?.id ?? null), TX_OPTIONS);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await findOrderByKey(db, orderCtx, input);
    if (!winner) throw err;
    return replay(db, actor, winner);
  }
  if (placed.replayed) return replay(db, actor, placed.orderId);

  if (orderCtx.mode === "saved_method") {
    return chargeAndActivate(ctx, placed.orderId, placed.paymentId!, savedMethod!, quote);
  }

  if (placed.provisionIds.length > 0) await (ctx.provision ?? requestProvisioning)(placed.provisionIds);
  return { created: true, order: await loadOrderRecord(db, placed.orderId), document: placed.document, paymentError: null, provisioningFailed: false };
}

/**
 * The transaction of placeOrder. Ordered so that the rows every order of a buyer (or of the
 * platform) queues for are locked as late as possible: reads and inserts of new rows first, then
 * the credit debit (the account row), the order number and the invoice number (document counters),
 * held only until the commit right after. The profile lock is taken up front only when a holding
 * cap applies (caps must be checked under it). An idempotency key taken by a concurrent twin makes
 * the order insert wait for the twin and fail on the unique constraint: placeOrder then replays.
 */
async function placeInTransaction(tx: Tx, ctx: OrderContext, input: PlaceOrderInput, quote: OrderQuote, items: ValidatedItem[], now: Date, paymentMethodId: string | null) {
  if (ctx.resellerId) {
    const productIds = quote.lines.map((l) => l.productId);
    if (await hasHoldingCaps(tx, ctx.resellerId, productIds)) {
      await lockResellerProfile(tx, ctx.resellerId);
      const twin = await findOrderByKey(tx, ctx, input);
      if (twin) return { orderId: twin, document: null, provisionIds: [], paymentId: null, replayed: true };
      await assertHoldingCaps(tx, { id: ctx.resellerId, accountId: ctx.accountId }, quote.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })));
    }
    await assertMinimumOrder(tx, quote.baseAmount, { minimumOrderAmount: ctx.minimumOrderAmount });
  }

  const resellerCustomer = await resolveResellerCustomer(tx, ctx, input, now);
  const payNow = ctx.mode === "credit" || ctx.mode === "hourly_credit";
  const { orderId, itemIds } = await insertOrder(tx, {
    ctx,
    quote,
    items,
    status: payNow ? "paid" : ctx.mode === "saved_method" ? "pending" : "invoiced",
    paymentStatus: payNow ? "paid" : ctx.mode === "saved_method" ? "processing" : "pending",
    externalOrderId: ctx.channel === "reseller" ? (input.externalOrderId ?? null) : null,
    idempotencyKey: ctx.channel !== "reseller" ? (input.idempotencyKey ?? null) : null,
    requestHash: input.requestHash ?? null,
    resellerCustomerId: resellerCustomer?.id ?? null,
    at: now,
  });
  const services = await insertServices(tx, {
    orderId,
    accountId: ctx.accountId,
    projectId: ctx.projectId,
    resellerCustomerId: resellerCustomer?.id ?? null,
    lines: serviceLinesFromQuote(quote, items, itemIds),
    status: payNow ? "pending" : "pending_payment",
    at: now,
  });
  const figures = { accountId: ctx.accountId, orderId, currency: quote.currency, amount: quote.amount, vatRate: quote.vatRate, vat: quote.vat, total: quote.total };
  const lines = quoteDocumentLines(quote, items, services, itemIds);
  // `credit`: the paid invoice is written now, numbered with the order at the end (best effort).
  const paidInvoice = ctx.mode === "credit" ? await raisePaidInvoice(tx, figures, lines, now, null, { deferNumber: true }) : null;

  // Pay-now modes record the payment now; `saved_method` records the attempt the card charge settles.
  let paymentId: string | null = null;
  if (payNow || ctx.mode === "saved_method") {
    const payment = await tx.payment.create({
      data: {
        accountId: ctx.accountId,
        orderId,
        invoiceId: paidInvoice?.id ?? null,
        paymentMethodId,
        method: payNow ? "credit" : "card",
        amount: quote.total,
        currency: quote.currency,
        status: payNow ? "paid" : "processing",
        createdAt: now,
      },
      select: { id: true },
    });
    paymentId = payment.id;
  }

  // From here on, rows other orders wait for: keep it short. The debit locks the buyer's account
  // row, the numbers the platform's counters (both numbers in one statement), held to the commit.
  if (payNow) await debitOrder(tx, ctx, orderId, quote.total, quote.currency, now, ctx.mode === "hourly_credit", paymentId!);
  const numbers = await assignDocumentNumbers(tx, now, { orderId, invoiceId: paidInvoice?.id ?? null });
  const orderNumber = numbers.orderNumber;
  // Resellers hear of their orders by webhook; the account's people by email (docs/email.md).
  if (!ctx.resellerId) await recordAccountEvent(tx, { accountId: ctx.accountId, type: "order.received", payload: { orderId }, now });

  const event = {
    orderId,
    orderNumber,
    externalOrderId: ctx.channel === "reseller" ? (input.externalOrderId ?? null) : null,
    externalCustomerId: resellerCustomer?.externalCustomerId ?? null,
    paymentMode: ctx.paymentMode ?? "invoice",
    amount: quote.amount,
    vat: quote.vat,
    total: quote.total,
    currency: quote.currency,
    services: services.map((s) => ({ serviceId: s.id, status: s.status })),
  };

  let document: PlacedDocument | null = null;
  if (ctx.mode === "credit") {
    const invoice = paidInvoice && { id: paidInvoice.id, number: numbers.invoiceNumber! };
    if (invoice) document = { type: "invoice", ...invoice, settled: true };
    await raiseOrderEvent(tx, ctx.resellerId, "order.paid", { ...event, status: "paid", invoiceId: invoice?.id ?? null }, now, ctx.eventTarget);
  } else if (ctx.mode === "hourly_credit") {
    // Hourly products are charged from credit without a document (customer-api "Auto-credit").
    await raiseOrderEvent(tx, ctx.resellerId, "order.paid", { ...event, status: "paid", invoiceId: null }, now);
  } else if (ctx.mode === "invoice" || ctx.mode === "document") {
    const raised = await raiseUnpaidDocument(tx, figures, lines, now, ctx);
    document = { ...raised, settled: false };
    await raiseOrderEvent(tx, ctx.resellerId, "order.invoiced", { ...event, status: "invoiced", invoiceId: raised.type === "invoice" ? raised.id : null }, now, ctx.eventTarget);
  }
  return { orderId, document, provisionIds: payNow ? services.map((s) => s.id) : [], paymentId, replayed: false };
}

/** The customer record a reseller order is attributed to: the key's bound customer, else `externalCustomerId` (created or reused). */
async function resolveResellerCustomer(tx: Tx, ctx: OrderContext, input: PlaceOrderInput, now: Date): Promise<{ id: string; externalCustomerId: string } | null> {
  if (ctx.channel !== "reseller") return null;
  const wanted = input.externalCustomer ?? null;
  if (ctx.boundCustomer) {
    if (wanted && wanted.id !== ctx.boundCustomer.externalCustomerId) {
      throw new DomainError("invalid", `This API key is bound to customer '${ctx.boundCustomer.externalCustomerId}'; externalCustomerId must be omitted or equal it`, {
        details: [{ field: "externalCustomerId", message: "Does not match the key's customer" }],
      });
    }
    return ctx.boundCustomer;
  }
  if (!wanted) return null;
  const { customer } = await createResellerCustomer(
    { db: tx, now, actor: { resellerId: ctx.resellerId! } },
    { externalCustomerId: wanted.id, email: wanted.email ?? null, name: wanted.name ?? null },
  );
  return { id: customer.id, externalCustomerId: customer.externalCustomerId };
}

/** `saved_method`: charge after the order committed, then activate its services or record the refusal. */
async function chargeAndActivate(ctx: OrderRunContext, orderId: string, paymentId: string, method: SavedMethod, quote: OrderQuote): Promise<PlaceOrderResult> {
  const { db, now } = ctx;
  const outcome = await chargeSafely(method.gateway as PaymentGateway, {
    token: method.token,
    customer: method.customer,
    cardLastFour: method.cardLastFour,
    amount: quote.total,
    currency: quote.currency,
    reference: `${orderId}:${paymentId}`,
    description: `Order ${orderId}`,
  });
  if (!outcome.ok) {
    await failChargedOrder(db, { orderId, paymentId, methodId: method.id, reason: outcome.reason, gatewayReference: outcome.gatewayReference, at: now });
    return { created: true, order: await loadOrderRecord(db, orderId), document: null, paymentError: outcome.reason, provisioningFailed: false };
  }
  const activated = await activateChargedOrder(db, { orderId, paymentId, methodId: method.id, gatewayReference: outcome.gatewayReference, at: now, beforeActivate: ctx.beforeActivate });
  if (activated.serviceIds.length > 0) await (ctx.provision ?? requestProvisioning)(activated.serviceIds);
  return {
    created: true,
    order: await loadOrderRecord(db, orderId),
    document: activated.invoice ? { type: "invoice", ...activated.invoice, settled: true } : null,
    paymentError: null,
    provisioningFailed: activated.provisioningFailed,
  };
}
