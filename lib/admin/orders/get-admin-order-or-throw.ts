import { listAuditEntries, type AuditEntryRow } from "@/lib/audit/list-audit-entries";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ORDER_NOT_FOUND } from "@/lib/orders/retry-order-payment";
import { isUuid } from "@/lib/schemas/uuid";
import type { OperatorContext } from "../operator-context";
import { operatorCancelRefusal } from "./operator-cancel-refusal";

const DOCUMENT = { orderBy: { issuedAt: "asc" }, select: { id: true, number: true, status: true, total: true, paidAmount: true, currency: true, issuedAt: true } } as const;

const ORDER = {
  id: true,
  orderNumber: true,
  orderType: true,
  status: true,
  paymentStatus: true,
  paymentMode: true,
  provisioningStatus: true,
  provisioningError: true,
  paymentFailedReason: true,
  externalOrderId: true,
  currency: true,
  amount: true,
  vatRate: true,
  vat: true,
  total: true,
  createdAt: true,
  account: { select: { id: true, name: true, company: true, status: true, owner: { select: { email: true } } } },
  reseller: { select: { id: true, account: { select: { name: true, company: true } } } },
  items: {
    orderBy: { id: "asc" },
    select: {
      id: true,
      billingCycle: true,
      quantity: true,
      unitPrice: true,
      setupFee: true,
      hostname: true,
      product: { select: { id: true, name: true, kind: true } },
      options: { select: { id: true, quantity: true, unitPrice: true, setupFee: true, option: { select: { name: true } } } },
    },
  },
  services: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, name: true, hostname: true, status: true, failureCode: true } },
  invoices: DOCUMENT,
  proformas: DOCUMENT,
  payments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, method: true, amount: true, currency: true, status: true, gatewayReference: true, failureReason: true, createdAt: true } },
} as const satisfies Prisma.OrderSelect;

type OrderRow = Prisma.OrderGetPayload<{ select: typeof ORDER }>;

export type AdminOrder = Omit<OrderRow, "reseller"> & {
  reseller: { id: string; name: string } | null;
  /** Credit given back on this order (failed builds, the operator's cancellation or invoice refund), oldest first. */
  refunds: Array<{ id: string; amount: Prisma.Decimal; currency: string; description: string; createdAt: Date }>;
  activity: AuditEntryRow[];
  /** What the order's state allows now; the actions check again in their transaction. */
  can: { retry: boolean; cancel: boolean };
  /** Why "Cancel" is not offered, in the words the action would refuse with; null when it is. */
  cancelRefusal: string | null;
};

/**
 * One order of any account for the operator console (404 for an unknown or malformed id): who
 * placed it, its lines and totals as charged, its services, documents, payments, the refunds on it
 * and the operator activity on it. A read only.
 */
export async function getAdminOrderOrThrow({ db }: OperatorContext, input: { orderId: string }): Promise<AdminOrder> {
  const order = isUuid(input.orderId) ? await db.order.findUnique({ where: { id: input.orderId }, select: ORDER }) : null;
  if (!order) throw new DomainError("not_found", ORDER_NOT_FOUND);
  const [refunds, activity] = await Promise.all([
    db.creditLedgerEntry.findMany({
      where: { orderId: order.id, kind: "refund" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, amount: true, currency: true, description: true, createdAt: true },
    }),
    listAuditEntries({ db }, { scope: { targetType: "order", targetId: order.id } }),
  ]);
  const cancelRefusal = operatorCancelRefusal(order)?.message ?? null;
  return {
    ...order,
    reseller: order.reseller ? { id: order.reseller.id, name: order.reseller.account.company ?? order.reseller.account.name } : null,
    refunds,
    activity,
    can: { retry: order.services.some((s) => s.status === "provisioning_failed"), cancel: cancelRefusal === null },
    cancelRefusal,
  };
}
