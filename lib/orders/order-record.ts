import type { DbOrTx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

/** Everything the APIs and the panel show of an order, read in one query. */
export const ORDER_RECORD_SELECT = {
  id: true,
  orderNumber: true,
  accountId: true,
  projectId: true,
  resellerId: true,
  externalOrderId: true,
  idempotencyKey: true,
  orderType: true,
  status: true,
  paymentStatus: true,
  paymentMode: true,
  provisioningStatus: true,
  provisioningError: true,
  paymentFailedReason: true,
  currency: true,
  exchangeRate: true,
  baseCurrency: true,
  baseAmount: true,
  amount: true,
  vatRate: true,
  vat: true,
  total: true,
  createdAt: true,
  updatedAt: true,
  project: { select: { id: true, slug: true, name: true } },
  resellerCustomer: { select: { id: true, externalCustomerId: true, email: true, name: true } },
  items: {
    orderBy: { id: "asc" },
    select: {
      id: true,
      productId: true,
      billingCycle: true,
      quantity: true,
      unitPrice: true,
      setupFee: true,
      priceRule: true,
      hostname: true,
      configuration: true,
      locationId: true,
      product: { select: { name: true, kind: true } },
      options: { orderBy: { id: "asc" }, select: { optionId: true, quantity: true, unitPrice: true, setupFee: true, option: { select: { name: true } } } },
    },
  },
  services: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      status: true,
      hostname: true,
      orderItemId: true,
      failureCode: true,
      virtualMachines: { select: { ipAddresses: { where: { purpose: "primary" }, select: { address: true }, take: 1 } }, take: 1 },
    },
  },
  invoices: { orderBy: { issuedAt: "asc" }, select: { id: true, number: true, status: true, total: true, paidAmount: true, currency: true, dueDate: true } },
  proformas: { orderBy: { issuedAt: "asc" }, select: { id: true, number: true, status: true, total: true, paidAmount: true, currency: true, dueDate: true, invoiceId: true } },
} satisfies Prisma.OrderSelect;

export type OrderRecord = Prisma.OrderGetPayload<{ select: typeof ORDER_RECORD_SELECT }>;

export async function loadOrderRecord(db: DbOrTx, orderId: string): Promise<OrderRecord> {
  return db.order.findUniqueOrThrow({ where: { id: orderId }, select: ORDER_RECORD_SELECT });
}

/** The IP a service answers on once built (docs/decisions.md#d15: null until it has a machine). */
export function serviceIp(service: OrderRecord["services"][number]): string | null {
  return service.virtualMachines[0]?.ipAddresses[0]?.address ?? null;
}

/**
 * Provisioning of the order's services as one word: null without services, `failed` when any
 * failed, `provisioned` when all are live (or were, before a later suspension or termination), else `pending`.
 */
export function provisioningStatusOf(order: Pick<OrderRecord, "services">): "provisioned" | "pending" | "failed" | null {
  if (order.services.length === 0) return null;
  if (order.services.some((s) => s.status === "provisioning_failed")) return "failed";
  if (order.services.every((s) => ["active", "suspended", "terminated"].includes(s.status))) return "provisioned";
  return "pending";
}

/** The order's current document: the latest invoice, else the latest proforma. */
export function currentDocument(order: Pick<OrderRecord, "invoices" | "proformas">) {
  const invoice = order.invoices.at(-1) ?? null;
  const proforma = order.proformas.at(-1) ?? null;
  return { invoice, proforma };
}
