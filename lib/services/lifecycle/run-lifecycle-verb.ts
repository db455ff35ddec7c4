import { followGameLifecycle } from "@/lib/game/follow-game-lifecycle";
import type { BackendContext } from "@/lib/backends/context";
import { bmcForServer, hypervisorForVm } from "@/lib/backends/registry";
import type { Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import type { ServiceStatus } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { recordAccountEvent } from "@/lib/mail/account-events";
import { recordResellerEvent } from "@/lib/webhooks/record-reseller-event";
import { findAccountResellerId } from "../find-account-reseller";
import { findServiceMachine } from "../find-service-machine";
import { serviceEventDataFor } from "../service-event-data-for";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { LIFECYCLE_TRANSITIONS, lifecycleRefusal, SERVICE_NOT_FOUND, type LifecycleVerb } from "../service-rules";
import { allocationLabel, giveBack } from "../provisioning/provisioning-steps";
import { closeRenewalsOfEndedService } from "@/lib/billing/renewals/close-renewals-of-ended-service";

/** the reseller API spec "Other records": Lifecycle result. */
export interface LifecycleResult {
  serviceId: string;
  status: "suspended" | "active" | "terminated";
  /** Provider-side steps taken (e.g. `vm.stop`, `vm.delete`, `server.release`). */
  actions: string[];
  alreadyTerminated?: boolean;
}

const EVENT = { suspend: "service.suspended", unsuspend: "service.unsuspended", terminate: "service.terminated" } as const;

export const TERMINATE_CONFIRM_MISMATCH = "Type the service's name exactly to confirm";

/**
 * A destructive step typed to confirm (the portals' terminate, cancel-now and reinstall dialogs):
 * `confirm`, when given, must be the service's host name, or its name without one, surrounding
 * spaces aside (400). The APIs send none; a portal action always passes what was typed.
 */
export function assertNameConfirmed(service: { hostname: string | null; name: string }, confirm: string | undefined): void {
  if (confirm !== undefined && confirm.trim() !== (service.hostname ?? service.name)) throw new DomainError("invalid", TERMINATE_CONFIRM_MISMATCH);
}

/**
 * Suspend, unsuspend or terminate one of the actor's services (404 outside its scope), per
 * LIFECYCLE_TRANSITIONS. `confirm` (the reseller portal's terminate): the service's host name, or
 * its name without one, typed to confirm; anything else is refused (400) before any change. The
 * status changes by a conditional update from the status read (a concurrent change makes this call
 * re-read and re-decide), in one transaction with the reseller event. Then the machine follows:
 * stopped on suspend, started on unsuspend, deleted (VPS) or wiped back to stock (dedicated) on
 * terminate, whose open renewals and their untouched documents are cancelled in the same
 * transaction. A second terminate is a success with `alreadyTerminated: true` and runs nothing.
 */
export async function runLifecycleVerb(
  ctx: ServiceContext,
  input: { serviceId: string; verb: LifecycleVerb; reason?: string | null; confirm?: string },
): Promise<LifecycleResult> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  if (input.verb === "terminate") assertNameConfirmed(service, input.confirm);
  return applyLifecycleVerb(ctx, service.id, input.verb, { reason: input.reason });
}

/** What a caller writes in the transaction of the change, once the conditional update matched (the operator's audit row). */
export type LifecycleChangeHook = (tx: Tx, change: { serviceId: string; accountId: string; from: ServiceStatus; to: ServiceStatus; at: Date }) => Promise<void>;

/**
 * `runLifecycleVerb` after the tenant check: for operations that already hold the service (the
 * customer's cancellation, the operator console) and for the jobs that act for nobody (the
 * cancellation sweep). `onChanged` runs inside the change's transaction, after it matched: a refused
 * or replayed verb never calls it.
 */
export async function applyLifecycleVerb(
  ctx: BackendContext,
  serviceId: string,
  verb: LifecycleVerb,
  options: { reason?: string | null; onChanged?: LifecycleChangeHook } = {},
): Promise<LifecycleResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await ctx.db.service.findUnique({ where: { id: serviceId }, select: { status: true } });
    if (!current) throw new DomainError("not_found", SERVICE_NOT_FOUND);
    if (verb === "terminate" && current.status === "terminated") return { serviceId, status: "terminated", actions: [], alreadyTerminated: true };
    const refusal = lifecycleRefusal(verb, current.status);
    if (refusal) throw refusal;
    const to = LIFECYCLE_TRANSITIONS[verb][current.status] as ServiceStatus;
    const changed = await inTransaction(ctx.db, async (tx) => {
      const now = ctx.clock.now();
      const { count } = await tx.service.updateMany({
        where: { id: serviceId, status: current.status },
        data:
          verb === "suspend"
            ? { status: to, suspendReason: options.reason ?? null }
            : verb === "unsuspend"
              ? { status: to, suspendReason: null }
              : { status: to, terminatedAt: now, cancellationReason: options.reason ?? undefined },
      });
      if (count === 0) return false;
      if (verb === "terminate") await closeRenewalsOfEndedService(tx, serviceId);
      const service = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, select: { accountId: true } });
      const resellerId = await findAccountResellerId(tx, service.accountId);
      if (resellerId) await recordResellerEvent(tx, { resellerId, type: EVENT[verb], data: await serviceEventDataFor(tx, serviceId, options.reason) }, { now });
      else await recordServiceAccountEvent(tx, { accountId: service.accountId, serviceId, verb, reason: options.reason ?? null, now });
      await options.onChanged?.(tx, { serviceId, accountId: service.accountId, from: current.status, to, at: now });
      return true;
    });
    if (!changed) continue;
    const actions = await followWithMachine(ctx, serviceId, verb);
    return { serviceId, status: to as LifecycleResult["status"], actions, ...(verb === "terminate" ? { alreadyTerminated: false } : {}) };
  }
  throw new DomainError("conflict", "The service changed while this request ran; try again");
}

/**
 * Tells a customer account's people of a lifecycle change by email (docs/email.md); a reseller
 * account hears by webhook instead. Also raised by the billing suspensions (lib/billing/renewals).
 */
export async function recordServiceAccountEvent(
  tx: Tx,
  input: { accountId: string; serviceId: string; verb: LifecycleVerb; reason: string | null; now: Date },
): Promise<void> {
  const { accountId, serviceId, now } = input;
  if (input.verb === "suspend") await recordAccountEvent(tx, { accountId, type: "service.suspended", payload: { serviceId, reason: input.reason ?? "" }, now });
  else if (input.verb === "unsuspend") await recordAccountEvent(tx, { accountId, type: "service.unsuspended", payload: { serviceId }, now });
  else await recordAccountEvent(tx, { accountId, type: "service.terminated", payload: { serviceId }, now });
}

/** What the machine does after the status changed (also after the billing suspensions, lib/billing/renewals). Best effort: the status change stands either way. */
export async function followWithMachine(ctx: BackendContext, serviceId: string, verb: LifecycleVerb): Promise<string[]> {
  const machine = await findServiceMachine(ctx.db, serviceId);
  try {
    if (await ctx.db.gameServer.count({ where: { serviceId, deletedAt: null } })) return await followGameLifecycle(ctx, serviceId, verb);
    if (verb === "terminate") {
      if (machine?.kind === "vps") {
        await (await hypervisorForVm(machine.vm.id, ctx)).delete(machine.vm.id);
        return ["vm.delete"];
      }
      if (machine?.kind === "dedicated") {
        await (await bmcForServer(machine.server.id, ctx)).release(machine.server.id);
        return ["server.release"];
      }
      // A build still holding capacity without a machine (terminated mid-build) gives it back.
      const held = await ctx.db.nodeAllocation.count({ where: { label: allocationLabel(serviceId), releasedAt: null } });
      if (held > 0) {
        await giveBack(ctx, serviceId);
        return ["allocation.release"];
      }
      return [];
    }
    if (machine?.kind === "vps" && machine.vm.state !== "creating") {
      const action = verb === "suspend" ? "stop" : "start";
      await (await hypervisorForVm(machine.vm.id, ctx)).power(machine.vm.id, action);
      return [`vm.${action}`];
    }
    if (machine?.kind === "dedicated" && machine.server.provisionState === "active") {
      const action = verb === "suspend" ? "off" : "on";
      await (await bmcForServer(machine.server.id, ctx)).power(machine.server.id, action);
      return [`server.power_${action}`];
    }
  } catch (error) {
    console.warn(`[services] ${verb} of ${serviceId}: the machine did not follow`, error);
  }
  return [];
}
