import type { BackendContext } from "@/lib/backends/context";
import { inTransaction } from "@/lib/db/in-transaction";
import type { Prisma } from "@/lib/generated/prisma/client";
import { findAccountResellerId } from "@/lib/services/find-account-reseller";
import { followWithMachine, recordServiceAccountEvent } from "@/lib/services/lifecycle/run-lifecycle-verb";
import { serviceEventDataFor } from "@/lib/services/service-event-data-for";
import { recordResellerEvent } from "@/lib/webhooks/record-reseller-event";

/**
 * Suspends (active → suspended) or unsuspends (suspended → active) a service for a billing reason,
 * as the lifecycle verbs do (lib/services/lifecycle/run-lifecycle-verb.ts): one conditional update
 * with `service.suspended` / `service.unsuspended` (`reason` in its data) for a reseller account, or
 * the account event of the same name (an email) for a customer's, in the same transaction, then
 * the machine follows (stopped / started). `where` narrows the update to the billing fact that
 * justifies it (the renewal still unpaid, the suspension still ours), so a payment committed a
 * moment earlier wins. Returns false when nothing changed.
 */
export async function changeBillingSuspension(
  ctx: BackendContext,
  serviceId: string,
  verb: "suspend" | "unsuspend",
  input: { reason: string; where?: Prisma.ServiceWhereInput },
): Promise<boolean> {
  const changed = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const { count } = await tx.service.updateMany({
      where:
        verb === "suspend"
          ? { ...input.where, id: serviceId, status: "active" }
          : { ...input.where, id: serviceId, status: "suspended", suspendReason: input.reason },
      data: verb === "suspend" ? { status: "suspended", suspendReason: input.reason } : { status: "active", suspendReason: null },
    });
    if (count === 0) return false;
    const service = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, select: { accountId: true } });
    const resellerId = await findAccountResellerId(tx, service.accountId);
    if (resellerId) {
      await recordResellerEvent(
        tx,
        { resellerId, type: verb === "suspend" ? "service.suspended" : "service.unsuspended", data: await serviceEventDataFor(tx, serviceId, input.reason) },
        { now },
      );
    } else await recordServiceAccountEvent(tx, { accountId: service.accountId, serviceId, verb, reason: input.reason, now });
    return true;
  });
  if (changed) await followWithMachine(ctx, serviceId, verb);
  return changed;
}
