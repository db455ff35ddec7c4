import { randomUUID } from "node:crypto";
import type { DbOrTx, Tx } from "@/lib/db/client";
import { Prisma, type BillingCycle, type OrderStatus, type PaymentStatus, type ResellerProfileStatus, type ServiceStatus } from "@/lib/generated/prisma/client";
import { createInvoice, type DocumentLineInput } from "@/lib/billing/create-invoice";
import { createProforma } from "@/lib/billing/create-proforma";
import { MONTHS_IN_CYCLE, apiBillingCycle, type OrderQuote } from "@/lib/pricing";
import { orderEventData, type OrderEventInput } from "@/lib/webhooks/events";
import { recordResellerEvent } from "@/lib/webhooks/record-reseller-event";
import type { OrderContext } from "./order-context";
import type { ValidatedItem } from "./validate-order-items";

// The rows an order writes, shared by placing an order and retrying its payment. Every function
// runs inside the caller's transaction.

/**
 * Row locks that serialise orders of one buyer: the reseller profile first (caps), then the
 * account. Always in this order. `FOR NO KEY UPDATE`, not `FOR UPDATE`: inserting a row that
 * references the profile or the account (order, payment, outbox event) takes `FOR KEY SHARE` on
 * it, which `FOR UPDATE` would block — two order transactions could then deadlock on each other's
 * foreign keys. `NO KEY UPDATE` still excludes every other order's lock.
 */
export async function lockBuyer(tx: Tx, ctx: Pick<OrderContext, "resellerId" | "accountId">): Promise<void> {
  if (ctx.resellerId) await tx.$queryRaw`SELECT "id" FROM "ResellerProfile" WHERE "id" = ${ctx.resellerId}::uuid FOR NO KEY UPDATE`;
  await tx.$queryRaw`SELECT "id" FROM "ClientAccount" WHERE "id" = ${ctx.accountId}::uuid FOR NO KEY UPDATE`;
}

/** `at` plus one billing cycle (UTC calendar months); null for hourly services (billed by usage). */
export function nextDueDate(at: Date, cycle: BillingCycle): Date | null {
  if (cycle === "hourly") return null;
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + MONTHS_IN_CYCLE[cycle]);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export interface NewOrderRows {
  ctx: OrderContext;
  quote: OrderQuote;
  items: ValidatedItem[];
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  externalOrderId: string | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  resellerCustomerId: string | null;
  at: Date;
}

/** Order, items and item options; returns the order id, number and item ids in line order. */
/**
 * Order, items and item options. The order is written with a placeholder number: the real one
 * (`assignOrderNumber`) locks the document counter until commit, so it is taken at the end of the
 * transaction, keeping the section every order of the platform queues for short.
 */
export async function insertOrder(tx: Tx, rows: NewOrderRows): Promise<{ orderId: string; itemIds: string[] }> {
  const { ctx, quote } = rows;
  const order = await tx.order.create({
    data: {
      orderNumber: `pending-${randomUUID()}`,
      accountId: ctx.accountId,
      projectId: ctx.projectId,
      resellerId: ctx.resellerId,
      resellerCustomerId: rows.resellerCustomerId,
      externalOrderId: rows.externalOrderId,
      idempotencyKey: rows.idempotencyKey,
      requestHash: rows.requestHash,
      status: rows.status,
      paymentStatus: rows.paymentStatus,
      paymentMode: ctx.paymentMode,
      currency: quote.currency,
      exchangeRate: quote.exchangeRate,
      baseCurrency: quote.baseCurrency,
      baseAmount: quote.baseAmount,
      amount: quote.amount,
      vatRate: quote.vatRate,
      vat: quote.vat,
      total: quote.total,
      createdAt: rows.at,
    },
    select: { id: true },
  });
  // Items are read back ordered by id (OrderItem has no position column): ids are drawn up front
  // and handed out in ascending order, so reading by id gives the lines in the order they were sent.
  const itemIds = quote.lines.map(() => randomUUID()).sort();
  for (const [i, line] of quote.lines.entries()) {
    await tx.orderItem.create({
      data: {
        id: itemIds[i]!,
        orderId: order.id,
        productId: line.productId,
        billingCycle: line.billingCycle,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        setupFee: line.serviceSetupFee,
        priceRule: line.unitPriceRule,
        locationId: line.location?.locationId ?? null,
        hostname: rows.items[i]!.hostname,
        configuration: rows.items[i]!.configuration as Prisma.InputJsonObject,
      },
      select: { id: true },
    });
  }
  const optionRows = quote.lines.flatMap((line, i) =>
    line.options.map((o) => ({ orderItemId: itemIds[i]!, optionId: o.optionId, quantity: o.quantity, unitPrice: o.unitPrice, setupFee: o.setupFee })),
  );
  if (optionRows.length > 0) await tx.orderItemOption.createMany({ data: optionRows });
  return { orderId: order.id, itemIds };
}

/** Whether any holding cap applies to these products for the reseller (only then do its orders queue on the profile lock). */
export async function hasHoldingCaps(db: DbOrTx, resellerId: string, productIds: string[]): Promise<boolean> {
  return (await db.resellerProductCap.count({ where: { resellerId, productId: { in: productIds } } })) > 0;
}

/** The reseller profile row lock under which caps are checked (`FOR NO KEY UPDATE`, see lockBuyer). */
export async function lockResellerProfile(tx: Tx, resellerId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "ResellerProfile" WHERE "id" = ${resellerId}::uuid FOR NO KEY UPDATE`;
}

export interface ServiceLine {
  itemId: string;
  productId: string;
  productSlug: string;
  billingCycle: BillingCycle;
  quantity: number;
  amount: Prisma.Decimal;
  currency: string;
  hostname: string | null;
  externalServiceId: string | null;
  locationId: string | null;
  locationSurchargeMonthly: Prisma.Decimal | null;
  options: { optionId: string; quantity: number; amount: Prisma.Decimal; setupFee: Prisma.Decimal }[];
}

/** What each order item creates, from the quote (new order) or from the stored item (retry). */
export function serviceLinesFromQuote(quote: OrderQuote, items: ValidatedItem[], itemIds: string[]): ServiceLine[] {
  return quote.lines.map((line, i) => ({
    itemId: itemIds[i]!,
    productId: line.productId,
    productSlug: items[i]!.productSlug,
    billingCycle: line.billingCycle,
    quantity: line.quantity,
    amount: line.serviceAmount,
    currency: quote.currency,
    hostname: items[i]!.hostname,
    externalServiceId: items[i]!.externalServiceId,
    locationId: line.location?.locationId ?? null,
    locationSurchargeMonthly: line.location?.surchargeMonthly ?? null,
    options: line.options.map((o) => ({ optionId: o.optionId, quantity: o.quantity, amount: o.recurringAmount, setupFee: o.setupAmount })),
  }));
}

/** Services (quantity per item) and their add-ons, all in `status`; returns ids with their item, in order. */
export async function insertServices(
  tx: Tx,
  input: {
    orderId: string;
    accountId: string;
    projectId: string | null;
    resellerCustomerId: string | null;
    lines: ServiceLine[];
    status: ServiceStatus;
    at: Date;
  },
): Promise<{ id: string; itemId: string; status: ServiceStatus }[]> {
  const paid = input.status !== "pending_payment";
  const data = input.lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, n) => ({
      accountId: input.accountId,
      projectId: input.projectId,
      orderId: input.orderId,
      orderItemId: line.itemId,
      productId: line.productId,
      resellerCustomerId: input.resellerCustomerId,
      externalServiceId: line.externalServiceId,
      name: line.hostname ?? `${line.productSlug}-${input.orderId.slice(0, 8)}${line.quantity > 1 ? `-${n + 1}` : ""}`,
      hostname: line.hostname,
      status: input.status,
      billingCycle: line.billingCycle,
      amount: line.amount,
      currency: line.currency,
      nextDueDate: paid ? nextDueDate(input.at, line.billingCycle) : null,
      locationId: line.locationId,
      locationSurchargeMonthly: line.locationSurchargeMonthly,
      createdAt: input.at,
    })),
  );
  const services = await tx.service.createManyAndReturn({ data, select: { id: true, orderItemId: true, billingCycle: true } });
  const optionRows = services.flatMap((s) => {
    const line = input.lines.find((l) => l.itemId === s.orderItemId)!;
    return line.options.map((o) => ({
      serviceId: s.id,
      optionId: o.optionId,
      quantity: o.quantity,
      status: paid ? ("active" as const) : ("pending_payment" as const),
      amount: o.amount,
      setupFee: o.setupFee,
      nextDueDate: paid ? nextDueDate(input.at, s.billingCycle) : null,
      createdAt: input.at,
    }));
  });
  if (optionRows.length > 0) await tx.serviceOption.createMany({ data: optionRows });
  return services.map((s) => ({ id: s.id, itemId: s.orderItemId!, status: input.status }));
}

/** One document line per order item: the first cycle and every one-off, as quoted (lines add up to the order amount). */
export function documentLines(
  lines: { productName: string; billingCycle: BillingCycle; quantity: number; perUnit: Prisma.Decimal; subtotal: Prisma.Decimal; hostname: string | null; options: string[] }[],
  serviceIdOf: (index: number) => string | null,
): DocumentLineInput[] {
  return lines.map((l, i) => {
    const extras = [l.hostname, l.options.length > 0 ? `with ${l.options.join(", ")}` : null].filter(Boolean).join(", ");
    return {
      description: `${l.productName} (${apiBillingCycle(l.billingCycle)})${extras ? ` — ${extras}` : ""}`,
      quantity: l.quantity,
      unitAmount: l.perUnit,
      amount: l.subtotal,
      serviceId: serviceIdOf(i),
    };
  });
}

export function quoteDocumentLines(quote: OrderQuote, items: ValidatedItem[], services: { id: string; itemId: string }[], itemIds: string[]): DocumentLineInput[] {
  return documentLines(
    quote.lines.map((line, i) => ({
      productName: line.productName,
      billingCycle: line.billingCycle,
      quantity: line.quantity,
      perUnit: line.recurringPerUnit.plus(line.setupPerUnit),
      subtotal: line.subtotal,
      hostname: items[i]!.hostname,
      options: line.options.map((o) => (o.quantity > 1 ? `${o.quantity}× ${o.name}` : o.name)),
    })),
    (i) => {
      const own = services.filter((s) => s.itemId === itemIds[i]);
      return own.length === 1 ? own[0]!.id : null;
    },
  );
}

export interface OrderFigures {
  accountId: string;
  orderId: string;
  currency: string;
  amount: Prisma.Decimal;
  vatRate: Prisma.Decimal;
  vat: Prisma.Decimal;
  total: Prisma.Decimal;
}

/**
 * The paid invoice raised for the records of a pay-now order, best effort (reseller-api
 * "Collection modes": the charge is never reported failed because the document could not be
 * produced): the work runs under a savepoint, and a failure rolls back to it and is logged.
 */
export async function raisePaidInvoice(
  tx: Tx,
  figures: OrderFigures,
  lines: DocumentLineInput[],
  at: Date,
  paymentId: string | null,
  options: { deferNumber?: boolean } = {},
): Promise<{ id: string; number: string } | null> {
  return bestEffort(tx, "paid_invoice", async () => {
    const invoice = await createInvoice(tx, {
      accountId: figures.accountId,
      orderId: figures.orderId,
      currency: figures.currency,
      lines,
      subtotal: figures.amount,
      vatRate: figures.vatRate,
      vatAmount: figures.vat,
      total: figures.total,
      at,
      dueDate: at,
      status: "paid",
      deferNumber: options.deferNumber,
    });
    if (paymentId) await tx.payment.update({ where: { id: paymentId }, data: { invoiceId: invoice.id } });
    return invoice;
  });
}

/** The unpaid document of an `invoice`-mode or customer order: a proforma on proforma-first suppliers, else an invoice. */
export async function raiseUnpaidDocument(
  tx: Tx,
  figures: OrderFigures,
  lines: DocumentLineInput[],
  at: Date,
  settings: { issueProformas: boolean; invoiceDueDays: number },
): Promise<{ type: "invoice" | "proforma"; id: string; number: string }> {
  const input = {
    accountId: figures.accountId,
    orderId: figures.orderId,
    currency: figures.currency,
    lines,
    subtotal: figures.amount,
    vatRate: figures.vatRate,
    vatAmount: figures.vat,
    total: figures.total,
    at,
    dueDate: new Date(at.getTime() + settings.invoiceDueDays * 86_400_000),
  };
  if (settings.issueProformas) return { type: "proforma", ...(await createProforma(tx, input)) };
  return { type: "invoice", ...(await createInvoice(tx, { ...input, status: "unpaid" })) };
}

/** Runs `fn` under a savepoint; on failure rolls back to it, logs, and answers null (the transaction goes on). */
export async function bestEffort<T>(tx: Tx, name: string, fn: () => Promise<T>): Promise<T | null> {
  await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
  try {
    const result = await fn();
    await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (err) {
    await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`);
    console.warn(`[orders] ${name} could not be produced; the order goes on without it`, err);
    return null;
  }
}

/** Raises an order event for the reseller (reseller API and storefront orders) in the same transaction. */
export async function raiseOrderEvent(
  tx: DbOrTx,
  resellerId: string | null,
  type: "order.paid" | "order.invoiced" | "order.payment_failed" | "service.provisioning_failed",
  data: OrderEventInput,
  at: Date,
  profile?: { webhookUrl: string | null; status: ResellerProfileStatus } | null,
): Promise<void> {
  if (!resellerId) return;
  await recordResellerEvent(tx, { resellerId, type, data: orderEventData(data) }, { now: at, profile });
}
