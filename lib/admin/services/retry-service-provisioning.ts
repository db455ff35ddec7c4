import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import { SERVICE_NOT_FOUND } from "@/lib/services/service-rules";
import type { OperatorServiceContext } from "./operator-service-context";

export const RETRY_ONLY_FAILED = "Only a service whose setup failed can be retried.";
export const RETRY_NO_BUILD = "This product has no automated setup: deliver it by hand.";
export const RETRY_STILL_HELD = "The failed attempt's machine is still being removed. Try again in a minute.";

/** The product kinds provisioning builds (claimProvisioning refuses the others). */
const BUILT_KINDS = new Set(["vps", "dedicated", "game"]);

/**
 * The operator's retry of a build that failed for good (docs/operator-console.md, "Services";
 * docs/decisions.md#r11): `provisioning_failed` → `pending` with the failure and the earlier run's
 * claim cleared, the order back to "waiting to be set up" unless another of its services failed,
 * and the audit row, in one transaction (a conditional update on `provisioning_failed`, so two
 * operators cannot both retry). Then the build is asked for as a new attempt; the pending sweep
 * asks again if the request is lost. Refused, writing nothing: any other status; a product with no
 * automated build; a failed machine not yet destroyed (the new one takes the same name on the node).
 *
 * What was refunded when the build failed stays refunded (the retry charges nothing, and a second
 * failure refunds nothing more: refundUnbuiltService refunds a service once); the operator removes
 * the credit by hand if the customer is to pay again.
 */
export async function retryServiceProvisioning(ctx: OperatorServiceContext, input: { serviceId: string }): Promise<{ serviceId: string; requested: boolean }> {
  const { db, actor, now } = ctx;
  const service = isUuid(input.serviceId)
    ? await db.service.findUnique({ where: { id: input.serviceId }, select: { id: true, name: true, hostname: true, status: true, failureCode: true, failureDetail: true, orderId: true, accountId: true, product: { select: { kind: true } } } })
    : null;
  if (!service) throw new DomainError("not_found", SERVICE_NOT_FOUND);
  if (service.status !== "provisioning_failed") throw new DomainError("conflict", RETRY_ONLY_FAILED);
  if (!BUILT_KINDS.has(service.product.kind)) throw new DomainError("conflict", RETRY_NO_BUILD);
  const held = await db.virtualMachine.count({ where: { serviceId: service.id, destroyedAt: null } });
  if (held > 0) throw new DomainError("conflict", RETRY_STILL_HELD);

  const entry = await inTransaction(db, async (tx) => {
    const { count } = await tx.service.updateMany({
      where: { id: service.id, status: "provisioning_failed" },
      data: { status: "pending", failureCode: null, failureDetail: null, provisionRunId: null, provisionStartedAt: null },
    });
    if (count === 0) throw new DomainError("conflict", RETRY_ONLY_FAILED);
    if (service.orderId) {
      await tx.order.updateMany({
        where: { id: service.orderId, provisioningStatus: "failed", services: { none: { status: "provisioning_failed" } } },
        data: { provisioningStatus: "pending", provisioningError: null },
      });
    }
    return recordAuditEntry(tx, {
      actorUserId: actor.userId,
      action: "service.provisioning_retried",
      accountId: service.accountId,
      targetType: "service",
      targetId: service.id,
      details: { service: service.hostname ?? service.name, from: "provisioning_failed", to: "pending", failureCode: service.failureCode, failureDetail: service.failureDetail },
      ip: actor.ip,
      at: now,
    });
  });
  const requested = await requestProvisioning([service.id], { attempt: `retry-${entry.id}` });
  return { serviceId: service.id, requested };
}
