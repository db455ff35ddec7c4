import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import { DomainError } from "@/lib/errors/domain-error";
import type { PaymentStatus, Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/schemas/uuid";
import { ORDER_RECORD_SELECT, type OrderRecord } from "./order-record";
import { ORDER_NOT_FOUND } from "./retry-order-payment";

/** Who reads a reseller's orders: the reseller, narrowed to one customer record by a bound key. */
export interface ResellerOrderReader {
  resellerId: string;
  boundCustomerId?: string | null;
}

/** The context the reseller's order functions take first (lib/db/domain-context.ts). */
export type ResellerOrderContext<D extends DbOrTx = DbOrTx> = DomainContext<ResellerOrderReader, D>;

function resellerWhere(actor: ResellerOrderReader): Prisma.OrderWhereInput {
  return { resellerId: actor.resellerId, ...(actor.boundCustomerId ? { resellerCustomerId: actor.boundCustomerId } : {}) };
}

/** GET /orders (reseller): API and storefront orders, newest first, offset pagination. */
export async function listResellerOrders(
  { db, actor }: ResellerOrderContext,
  filter: { externalOrderId?: string; paymentStatus?: PaymentStatus; limit: number; offset: number },
): Promise<{ orders: OrderRecord[]; total: number }> {
  const where: Prisma.OrderWhereInput = {
    ...resellerWhere(actor),
    ...(filter.externalOrderId !== undefined ? { externalOrderId: filter.externalOrderId } : {}),
    ...(filter.paymentStatus ? { paymentStatus: filter.paymentStatus } : {}),
  };
  const [orders, total] = await Promise.all([
    db.order.findMany({ where, orderBy: [{ createdAt: "desc" }, { orderNumber: "desc" }], skip: filter.offset, take: filter.limit, select: ORDER_RECORD_SELECT }),
    db.order.count({ where }),
  ]);
  return { orders, total };
}

/** GET /orders/{orderId} (reseller); 404 when absent or not the reseller's (or not the bound customer's). */
export async function getResellerOrder({ db, actor }: ResellerOrderContext, { id }: { id: string }): Promise<OrderRecord> {
  const order = await db.order.findFirst({ where: { id, ...resellerWhere(actor) }, select: ORDER_RECORD_SELECT });
  if (!order) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return order;
}

/** Who reads an account's orders: members share them; a project-scoped request sees that project's. */
export interface CustomerOrderReader {
  accountId: string;
  projectId?: string | null;
}

/** The context the customer's order readers take first (lib/db/domain-context.ts). */
export type CustomerOrderContext<D extends DbOrTx = DbOrTx> = DomainContext<CustomerOrderReader, D>;

function customerWhere(actor: CustomerOrderReader): Prisma.OrderWhereInput {
  return { accountId: actor.accountId, ...(actor.projectId ? { projectId: actor.projectId } : {}) };
}

/** GET /orders (customer): newest first, page pagination, `hostname` and `idempotencyKey` filters. */
export async function listCustomerOrders(
  { db, actor }: CustomerOrderContext,
  filter: { hostname?: string; idempotencyKey?: string; page: number; limit: number },
): Promise<{ orders: OrderRecord[]; total: number }> {
  const hostname = filter.hostname?.trim();
  const where: Prisma.OrderWhereInput = {
    ...customerWhere(actor),
    ...(filter.idempotencyKey ? { idempotencyKey: filter.idempotencyKey } : {}),
    ...(hostname
      ? { OR: [{ items: { some: { hostname: { equals: hostname, mode: "insensitive" } } } }, { services: { some: { hostname: { equals: hostname, mode: "insensitive" } } } }] }
      : {}),
  };
  const [orders, total] = await Promise.all([
    db.order.findMany({ where, orderBy: [{ createdAt: "desc" }, { orderNumber: "desc" }], skip: (filter.page - 1) * filter.limit, take: filter.limit, select: ORDER_RECORD_SELECT }),
    db.order.count({ where }),
  ]);
  return { orders, total };
}

/** GET /orders/{id} (customer); 404 when absent, another account's or outside the request's project. */
export async function getCustomerOrder({ db, actor }: CustomerOrderContext, { id }: { id: string }): Promise<OrderRecord> {
  const order = isUuid(id) ? await db.order.findFirst({ where: { id, ...customerWhere(actor) }, select: ORDER_RECORD_SELECT }) : null;
  if (!order) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return order;
}
