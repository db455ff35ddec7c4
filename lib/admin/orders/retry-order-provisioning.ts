import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { DomainError } from "@/lib/errors/domain-error";
import { ORDER_NOT_FOUND } from "@/lib/orders/retry-order-payment";
import { isUuid } from "@/lib/schemas/uuid";
import { retryServiceProvisioning } from "../services/retry-service-provisioning";
import type { OperatorServiceContext } from "../services/operator-service-context";

export const ORDER_RETRY_NOTHING_FAILED = "No service of this order has a failed setup to retry.";

export interface RetriedOrder {
  orderNumber: string;
  /** The services whose setup was asked for again. */
  retried: string[];
  /** Services the retry refused (a failed machine still being removed, a product built by hand), with the reason. */
  refused: Array<{ serviceId: string; name: string; message: string }>;
}

/**
 * "Retry setup" on an order: each of its services whose build failed goes through the service's own
 * retry (retryServiceProvisioning: one conditional transition and audit row per service, the order
 * back to waiting for set-up once none has failed), then one audit row on the order naming what was
 * retried. A service the service retry refuses is reported, not fatal to the others; nothing
 * retried at all → the first refusal (or "nothing failed") is thrown.
 */
export async function retryOrderProvisioning(ctx: OperatorServiceContext, input: { orderId: string }): Promise<RetriedOrder> {
  const { db, actor, now } = ctx;
  const order = isUuid(input.orderId)
    ? await db.order.findUnique({
        where: { id: input.orderId },
        select: { id: true, orderNumber: true, accountId: true, services: { where: { status: "provisioning_failed" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, name: true, hostname: true } } },
      })
    : null;
  if (!order) throw new DomainError("not_found", ORDER_NOT_FOUND);
  if (order.services.length === 0) throw new DomainError("conflict", ORDER_RETRY_NOTHING_FAILED);

  const retried: string[] = [];
  const refused: RetriedOrder["refused"] = [];
  for (const service of order.services) {
    try {
      await retryServiceProvisioning(ctx, { serviceId: service.id });
      retried.push(service.id);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      refused.push({ serviceId: service.id, name: service.hostname ?? service.name, message: err.message });
    }
  }
  if (retried.length === 0) throw new DomainError("conflict", refused[0]?.message ?? ORDER_RETRY_NOTHING_FAILED);

  const names = order.services.filter((s) => retried.includes(s.id)).map((s) => s.hostname ?? s.name);
  await recordAuditEntry(db, {
    actorUserId: actor.userId,
    action: "order.provisioning_retried",
    accountId: order.accountId,
    targetType: "order",
    targetId: order.id,
    details: { number: order.orderNumber, services: names.join(", "), refused: refused.map((r) => `${r.name}: ${r.message}`).join("; ") || null },
    ip: actor.ip,
    at: now,
  });
  return { orderNumber: order.orderNumber, retried, refused };
}
