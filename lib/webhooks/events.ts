import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Reseller webhook events (the reseller API spec "Events") and the `data` each carries. Later domain code
 * (orders, provisioning, lifecycle) raises them with `recordResellerEvent(tx, …)`; build `data` with the
 * typed builders below so every event of a kind has the same fields.
 */

export const RESELLER_WEBHOOK_EVENTS = [
  "order.paid",
  "order.invoiced",
  "order.payment_failed",
  "service.provisioned",
  "service.provisioning_failed",
  "service.suspended",
  "service.unsuspended",
  "service.terminated",
  "webhook.test",
] as const;

export type ResellerWebhookEvent = (typeof RESELLER_WEBHOOK_EVENTS)[number];

export function isResellerWebhookEvent(value: string): value is ResellerWebhookEvent {
  return (RESELLER_WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** A money figure as the domain holds it (Prisma Decimal, number or decimal string); sent as a JSON number. */
export type MoneyInput = number | string | { toString(): string };

/** `data` of order events (and of a `service.provisioning_failed` raised while the order was accepted). */
export interface OrderEventData {
  orderId: string;
  orderNumber: string;
  externalOrderId: string | null;
  externalCustomerId: string | null;
  /** The order result status (paid, invoiced, payment_failed, provisioning_failed). */
  status: string;
  paymentMode: string;
  amount?: number;
  vat?: number;
  total?: number;
  currency?: string;
  invoiceId?: string | null;
  paymentError?: string;
  provisioningError?: string;
  services?: { serviceId: string; status: string }[];
}

/** `data` of service events. */
export interface ServiceEventData {
  serviceId: string;
  orderId: string | null;
  externalOrderId: string | null;
  externalCustomerId: string | null;
  status: string;
  serverIp: string | null;
  hostname: string | null;
  reason?: string;
}

/** `data` of a `service.provisioning_failed` raised when a build fails later on the node. */
export interface ServiceBuildFailedData {
  serviceId: string;
  provisioningError: string;
  /** Where the build stopped (e.g. `imaging`, `os_install`). */
  stage: string;
}

export interface WebhookTestData {
  message: string;
}

export interface ResellerEventDataMap {
  "order.paid": OrderEventData;
  "order.invoiced": OrderEventData;
  "order.payment_failed": OrderEventData;
  "service.provisioned": ServiceEventData;
  "service.provisioning_failed": OrderEventData | ServiceBuildFailedData;
  "service.suspended": ServiceEventData;
  "service.unsuspended": ServiceEventData;
  "service.terminated": ServiceEventData;
  "webhook.test": WebhookTestData;
}

function money(value: MoneyInput): number {
  const n = Number(typeof value === "number" ? value : value.toString());
  if (!Number.isFinite(n)) throw new Error(`not a money figure: ${String(value)}`);
  return n;
}

/** Keys whose value is undefined are left out: "where known" fields are absent, never null by accident. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export interface OrderEventInput {
  orderId: string;
  orderNumber: string;
  externalOrderId: string | null;
  externalCustomerId: string | null;
  status: string;
  paymentMode: string;
  amount?: MoneyInput;
  vat?: MoneyInput;
  total?: MoneyInput;
  currency?: string;
  invoiceId?: string | null;
  paymentError?: string | null;
  provisioningError?: string | null;
  services?: { serviceId: string; status: string }[];
}

/** `data` for order.paid, order.invoiced, order.payment_failed and an order-level service.provisioning_failed. */
export function orderEventData(input: OrderEventInput): OrderEventData {
  return compact({
    orderId: input.orderId,
    orderNumber: input.orderNumber,
    externalOrderId: input.externalOrderId,
    externalCustomerId: input.externalCustomerId,
    status: input.status,
    paymentMode: input.paymentMode,
    amount: input.amount === undefined ? undefined : money(input.amount),
    vat: input.vat === undefined ? undefined : money(input.vat),
    total: input.total === undefined ? undefined : money(input.total),
    currency: input.currency,
    invoiceId: input.invoiceId,
    paymentError: input.paymentError ?? undefined,
    provisioningError: input.provisioningError ?? undefined,
    services: input.services?.map((s) => ({ serviceId: s.serviceId, status: s.status })),
  });
}

export interface ServiceEventInput {
  serviceId: string;
  orderId: string | null;
  externalOrderId: string | null;
  externalCustomerId: string | null;
  status: string;
  serverIp: string | null;
  hostname: string | null;
  reason?: string | null;
}

/** `data` for service.provisioned, .suspended, .unsuspended and .terminated. */
export function serviceEventData(input: ServiceEventInput): ServiceEventData {
  return compact({
    serviceId: input.serviceId,
    orderId: input.orderId,
    externalOrderId: input.externalOrderId,
    externalCustomerId: input.externalCustomerId,
    status: input.status,
    serverIp: input.serverIp,
    hostname: input.hostname,
    reason: input.reason ?? undefined,
  });
}

/** `data` for a service.provisioning_failed raised when a build fails on the node after the order. */
export function serviceBuildFailedData(input: ServiceBuildFailedData): ServiceBuildFailedData {
  return { serviceId: input.serviceId, provisioningError: input.provisioningError, stage: input.stage };
}

export const WEBHOOK_TEST_MESSAGE = "Test event from Rackfront: your webhook endpoint is reachable and can verify signatures.";

export function webhookTestData(): WebhookTestData {
  return { message: WEBHOOK_TEST_MESSAGE };
}

/** What a delivery stores as `data` (plain JSON). */
export function toJsonData(data: ResellerEventDataMap[ResellerWebhookEvent]): Prisma.InputJsonObject {
  return JSON.parse(JSON.stringify(data)) as Prisma.InputJsonObject;
}
