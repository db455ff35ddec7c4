import { z } from "zod";
import { apiBillingCycle, roundMoney } from "@/lib/pricing";
import { currentDocument, provisioningStatusOf, serviceIp, type OrderRecord } from "@/lib/orders";
import { moneyString } from "@/lib/format/money-string";

// The reseller API's order shapes (the reseller API spec "Order result", "Order row", "Retry result").
// Money: JSON numbers in the result and replay bodies, decimal strings in the snake_case rows.

const num = (d: { toNumber(): number }) => d.toNumber();

const serviceRef = z.object({ serviceId: z.string(), status: z.string() });

/** `status` of the Order result: what happened to this order (`paid|invoiced|payment_failed|provisioning_failed`). */
function resultStatus(order: OrderRecord): string {
  return order.status;
}

/** `paymentStatus` of the Order result (`paid|pending|failed`; `processing` while a charge is in flight). */
function resultPaymentStatus(order: OrderRecord): string {
  return order.paymentStatus;
}

export const orderResultSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  externalOrderId: z.string().nullable(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMode: z.string().nullable(),
  amount: z.number(),
  vat: z.number(),
  total: z.number(),
  currency: z.string(),
  invoiceId: z.string().nullable(),
  services: z.array(serviceRef),
  options: z.array(z.object({ optionId: z.string(), name: z.string(), quantity: z.number(), unitPrice: z.number(), setupFee: z.number() })),
});

export function orderResult(order: OrderRecord) {
  const { invoice } = currentDocument(order);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    externalOrderId: order.externalOrderId,
    status: resultStatus(order),
    paymentStatus: resultPaymentStatus(order),
    paymentMode: order.paymentMode,
    amount: num(order.amount),
    vat: num(order.vat),
    total: num(order.total),
    currency: order.currency,
    invoiceId: invoice?.id ?? null,
    services: order.services.map((s) => ({ serviceId: s.id, status: s.status })),
    options: order.items.flatMap((item) =>
      item.options.map((o) => ({ optionId: o.optionId, name: o.option.name, quantity: o.quantity, unitPrice: num(o.unitPrice), setupFee: num(o.setupFee) })),
    ),
  };
}

export const replaySchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  externalOrderId: z.string().nullable(),
  status: z.string(),
  paymentStatus: z.string(),
  provisioningStatus: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  invoiceId: z.string().nullable(),
  proformaId: z.string().nullable(),
  createdAt: z.string(),
  services: z.array(serviceRef),
  idempotent: z.literal(true),
});

/** The 200 replay body (reconciliation shape). */
export function orderReplay(order: OrderRecord) {
  const { invoice, proforma } = currentDocument(order);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    externalOrderId: order.externalOrderId,
    status: order.status,
    paymentStatus: order.paymentStatus,
    provisioningStatus: provisioningStatusOf(order),
    amount: num(order.amount),
    currency: order.currency,
    invoiceId: invoice?.id ?? null,
    proformaId: proforma?.id ?? null,
    createdAt: order.createdAt.toISOString(),
    services: order.services.map((s) => ({ serviceId: s.id, status: s.status })),
    idempotent: true as const,
  };
}

export const orderRowSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  status: z.string(),
  billing_cycle: z.string().nullable(),
  total_amount: z.string(),
  created_at: z.string(),
  external_order_id: z.string().nullable(),
  payment_status: z.string(),
  payment_mode: z.string().nullable(),
  provisioning_status: z.string().nullable(),
  provisioning_error: z.string().nullable().optional(),
  wholesale_amount: z.string(),
  currency: z.string(),
  payment_failed_reason: z.string().nullable(),
  invoice_id: z.string().nullable(),
  proformaId: z.string().nullable(),
  external_customer_id: z.string().nullable(),
  external_customer_email: z.string().nullable(),
  external_customer_name: z.string().nullable(),
  product_name: z.string().nullable(),
  services: z.array(z.object({ serviceId: z.string(), status: z.string(), hostname: z.string().nullable(), serverIp: z.string().nullable() })),
});

/**
 * An Order row. `total_amount`: the total in the supplier's base currency (the stored total at the
 * stored rate); `wholesale_amount`: what was charged, in `currency`. `payment_mode` tells API
 * orders from `storefront` ones. `provisioning_error` only on the single read.
 */
export function orderRow(order: OrderRecord, options: { single?: boolean } = {}) {
  const { invoice, proforma } = currentDocument(order);
  const first = order.items[0];
  return {
    id: order.id,
    order_number: order.orderNumber,
    status: order.status,
    billing_cycle: first ? apiBillingCycle(first.billingCycle) : null,
    total_amount: moneyString(roundMoney(order.total.div(order.exchangeRate), order.baseCurrency)),
    created_at: order.createdAt.toISOString(),
    external_order_id: order.externalOrderId,
    payment_status: order.paymentStatus,
    payment_mode: order.paymentMode,
    provisioning_status: provisioningStatusOf(order),
    ...(options.single ? { provisioning_error: order.provisioningError } : {}),
    wholesale_amount: moneyString(order.total),
    currency: order.currency,
    payment_failed_reason: order.paymentFailedReason,
    invoice_id: invoice?.id ?? null,
    proformaId: proforma?.id ?? null,
    external_customer_id: order.resellerCustomer?.externalCustomerId ?? null,
    external_customer_email: order.resellerCustomer?.email ?? null,
    external_customer_name: order.resellerCustomer?.name ?? null,
    product_name: first?.product.name ?? null,
    services: order.services.map((s) => ({ serviceId: s.id, status: s.status, hostname: s.hostname, serverIp: serviceIp(s) })),
  };
}

export const retryResultSchema = z.object({
  orderId: z.string(),
  externalOrderId: z.string().nullable(),
  status: z.string(),
  paymentMode: z.string().nullable(),
  invoiceId: z.string().nullable(),
  services: z.array(serviceRef),
});

export function retryResult(order: OrderRecord) {
  return {
    orderId: order.id,
    externalOrderId: order.externalOrderId,
    status: order.status,
    paymentMode: order.paymentMode,
    invoiceId: currentDocument(order).invoice?.id ?? null,
    services: order.services.map((s) => ({ serviceId: s.id, status: s.status })),
  };
}
