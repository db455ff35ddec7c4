import { z } from "zod";
import type { AuditAction } from "@/lib/audit/audit-actions";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";
import { applyLifecycleVerb, assertNameConfirmed, type LifecycleResult } from "@/lib/services/lifecycle/run-lifecycle-verb";
import { SERVICE_NOT_FOUND, type LifecycleVerb } from "@/lib/services/service-rules";
import { parseInput, zOptionalText, zText } from "../form-input";
import { backendOf, type OperatorServiceContext } from "./operator-service-context";

export const SERVICE_REASON_MAX = 200;
export const ALREADY_SUSPENDED = "The service is already suspended.";
export const NOT_SUSPENDED = "The service is not suspended.";
export const ALREADY_TERMINATED = "The service is already terminated.";
export const TERMINATED_REFUSAL = "The service is terminated: nothing more can be done with it.";
export const SUSPEND_ONLY_ACTIVE = "Only an active service can be suspended.";

const AUDIT: Record<LifecycleVerb, AuditAction> = { suspend: "service.suspended", unsuspend: "service.unsuspended", terminate: "service.terminated" };

async function serviceOrThrow(ctx: OperatorServiceContext, serviceId: string) {
  const service = isUuid(serviceId)
    ? await ctx.db.service.findUnique({ where: { id: serviceId }, select: { id: true, name: true, hostname: true, status: true } })
    : null;
  if (!service) throw new DomainError("not_found", SERVICE_NOT_FOUND);
  return service;
}

/**
 * One lifecycle verb by the operator, through the same rules as the APIs and the panel
 * (applyLifecycleVerb: LIFECYCLE_TRANSITIONS, a conditional update, the reseller webhook or the
 * customer's email, the machine following) with the audit row written in the change's transaction.
 * A refused verb writes nothing.
 */
async function applyAsOperator(
  ctx: OperatorServiceContext,
  service: { id: string; name: string; hostname: string | null },
  verb: LifecycleVerb,
  reason: string | null,
  auditReason: string | null,
): Promise<LifecycleResult> {
  const { actor, now } = ctx;
  const serviceId = service.id;
  const result = await applyLifecycleVerb(backendOf(ctx), serviceId, verb, {
    reason,
    onChanged: async (tx, change) => {
      await recordAuditEntry(tx, {
        actorUserId: actor.userId,
        action: AUDIT[verb],
        accountId: change.accountId,
        targetType: "service",
        targetId: serviceId,
        details: { service: service.hostname ?? service.name, from: change.from, to: change.to, reason: auditReason },
        ip: actor.ip,
        at: now,
      });
    },
  });
  // Another operator (or the cancellation sweep) terminated it a moment earlier: nothing was done here.
  if (result.alreadyTerminated) throw new DomainError("conflict", ALREADY_TERMINATED);
  return result;
}

const SUSPEND = z.object({ reason: zText("reason", SERVICE_REASON_MAX) });
const NOTE = z.object({ reason: zOptionalText(SERVICE_REASON_MAX) });

/**
 * active → suspended for a reason (required; kept on the service as its suspend reason, in the
 * customer's email or the reseller's webhook, and in the audit row). The machine is stopped.
 */
export async function suspendServiceAsOperator(ctx: OperatorServiceContext, input: { serviceId: string; reason: string }): Promise<LifecycleResult> {
  const { reason } = parseInput(SUSPEND, input);
  const service = await serviceOrThrow(ctx, input.serviceId);
  if (service.status === "suspended") throw new DomainError("conflict", ALREADY_SUSPENDED);
  if (service.status === "terminated") throw new DomainError("forbidden", TERMINATED_REFUSAL);
  if (service.status !== "active") throw new DomainError("conflict", SUSPEND_ONLY_ACTIVE);
  return applyAsOperator(ctx, service, "suspend", reason, reason);
}

/**
 * suspended → active, with an optional note for the audit row. Lifts any suspension, the billing
 * one too: an overdue renewal stays unpaid, and the nightly billing suspends the service again
 * while it does (docs/operator-console.md, "Services").
 */
export async function unsuspendServiceAsOperator(ctx: OperatorServiceContext, input: { serviceId: string; reason?: string }): Promise<LifecycleResult> {
  const { reason } = parseInput(NOTE, input);
  const service = await serviceOrThrow(ctx, input.serviceId);
  if (service.status === "terminated") throw new DomainError("forbidden", TERMINATED_REFUSAL);
  if (service.status !== "suspended") throw new DomainError("conflict", NOT_SUSPENDED);
  return applyAsOperator(ctx, service, "unsuspend", null, reason);
}

/**
 * Any status but terminated → terminated, at once: the machine is deleted (VPS) or wiped back to
 * stock (dedicated), open renewals and their untouched documents are cancelled. `confirm` is what
 * the operator typed and must be the service's hostname (its name without one), as in the portals;
 * anything else is refused before any change. Nothing is refunded. A note is optional.
 */
export async function terminateServiceAsOperator(ctx: OperatorServiceContext, input: { serviceId: string; confirm: string; reason?: string }): Promise<LifecycleResult> {
  const { reason } = parseInput(NOTE, input);
  const service = await serviceOrThrow(ctx, input.serviceId);
  if (service.status === "terminated") throw new DomainError("conflict", ALREADY_TERMINATED);
  // Always checked: an operator's terminate without what was typed is refused too.
  assertNameConfirmed(service, input.confirm ?? "");
  return applyAsOperator(ctx, service, "terminate", reason ?? "terminated by the operator", reason);
}
