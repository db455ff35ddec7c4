import type { Tx } from "@/lib/db/client";
import { BackendError, toProvisioningFailureCode, type ProvisioningFailureCode } from "@/lib/backends/backend-error";
import { allocate } from "@/lib/backends/capacity/allocate";
import { releaseAllocation } from "@/lib/backends/capacity/release-allocation";
import { reserveDedicatedServer } from "@/lib/backends/capacity/reserve-dedicated-server";
import type { BackendContext } from "@/lib/backends/context";
import { getJob } from "@/lib/backends/jobs";
import { bmcForServer, hypervisorForNode, hypervisorForVm } from "@/lib/backends/registry";
import { inTransaction } from "@/lib/db/in-transaction";
import { refundUnbuiltService } from "@/lib/billing/refund-unbuilt-service";
import { recordAccountEvent } from "@/lib/mail/account-events";
import { recordResellerEvent } from "@/lib/webhooks/record-reseller-event";
import { serviceBuildFailedData } from "@/lib/webhooks/events";
import { findAccountResellerId } from "../find-account-reseller";
import { serviceEventDataFor } from "../service-event-data-for";
import { checkGameBuild, placeGameBuild, removeGameServers, startGameBuild } from "@/lib/game/provisioning/game-build-steps";
import { loadBuildPlan, type BuildPlan } from "./build-plan";
import { PROVISIONING_FAILURE_MESSAGES } from "./failure-messages";

// The steps of the `service/provision` background function (lib/jobs/functions/provision-service.ts).
// Each is safe to run again after a crash half-way: the function memoizes finished steps, and each
// step first looks for what a previous attempt of itself already did (an allocation labelled with the
// service, a machine bound to it, its create job) before doing anything.

/** A build failure as the steps pass it on (plain JSON: step results are memoized). */
export interface BuildFailure {
  ok: false;
  code: ProvisioningFailureCode;
  detail: string;
  stage: string;
}

const failure = (error: unknown, stage: string): BuildFailure => {
  if (error instanceof BackendError) return { ok: false, code: toProvisioningFailureCode(error.code), detail: error.message, stage };
  throw error;
};

/** The label of a build's allocation: `service:<id>` for the first attempt, `service:<id>#<n>` for a retry. */
export const allocationLabel = (serviceId: string, attempt = 0) => (attempt === 0 ? `service:${serviceId}` : `service:${serviceId}#${attempt}`);

/** How long capacity held for a build stays held if no machine is created on it (a run that died for good). */
const HOLD_TTL_MS = 60 * 60 * 1000;

export type BuiltKind = "vps" | "dedicated" | "game";
export type ClaimResult = { claimed: true; kind: BuiltKind } | { claimed: false; reason: string };

/**
 * Claims the service for this run: a conditional update from `pending` with no other run's claim. A
 * second run for the same service (a re-sent event, the pending sweep) finds the claim taken and stops.
 */
export async function claimProvisioning(ctx: BackendContext, serviceId: string, runId: string): Promise<ClaimResult> {
  const before = await ctx.db.service.findUnique({ where: { id: serviceId }, select: { product: { select: { kind: true } } } });
  if (!before) return { claimed: false, reason: "no such service" };
  const kind = before.product.kind;
  // Other kinds (transit, colocation, generic) are delivered by hand or by their own module.
  if (kind !== "vps" && kind !== "dedicated" && kind !== "game") return { claimed: false, reason: `no automated build for ${kind} products` };
  const { count } = await ctx.db.service.updateMany({
    where: { id: serviceId, status: "pending", OR: [{ provisionRunId: null }, { provisionRunId: runId }] },
    data: { provisionRunId: runId, provisionStartedAt: ctx.clock.now() },
  });
  if (count === 1) return { claimed: true, kind };
  const service = await ctx.db.service.findUniqueOrThrow({ where: { id: serviceId }, select: { status: true, provisionRunId: true } });
  return { claimed: false, reason: service.status === "pending" ? "claimed by another run" : `status is ${service.status}` };
}

/** The service left `pending`/`installing` while the build ran (terminated, cancelled): stop and give back. */
export interface BuildAbandoned {
  ok: false;
  abandoned: true;
  status: string;
}

async function abandonedUnless(ctx: BackendContext, serviceId: string, allowed: readonly string[]): Promise<BuildAbandoned | null> {
  const s = await ctx.db.service.findUnique({ where: { id: serviceId }, select: { status: true } });
  if (s && allowed.includes(s.status)) return null;
  await giveBack(ctx, serviceId);
  return { ok: false, abandoned: true, status: s?.status ?? "deleted" };
}

export type Placement =
  | { ok: true; kind: "vps"; allocationId: string; nodeId: string }
  | { ok: true; kind: "dedicated"; serverId: string }
  | { ok: true; kind: "game"; gameServerId: string; nodeId: string }
  | BuildFailure
  | BuildAbandoned;

/** Holds node capacity and addresses (VPS) or takes a server out of stock (dedicated). Never holds twice. */
export async function placeService(ctx: BackendContext, serviceId: string, attempt = 0): Promise<Placement> {
  // A retry starts from `installing` (the first attempt's machine was created, then failed).
  const abandoned = await abandonedUnless(ctx, serviceId, attempt === 0 ? ["pending"] : ["pending", "installing"]);
  if (abandoned) return abandoned;
  if (await isGameService(ctx, serviceId)) {
    try {
      return { ok: true, kind: "game", ...(await placeGameBuild(ctx, serviceId)) };
    } catch (error) {
      return failure(error, "allocate");
    }
  }
  let plan: BuildPlan;
  try {
    plan = await loadBuildPlan(ctx.db, serviceId);
  } catch (error) {
    return failure(error, "configuration");
  }
  try {
    if (plan.kind === "vps") {
      const label = allocationLabel(serviceId, attempt);
      const held = await ctx.db.nodeAllocation.findFirst({ where: { label, releasedAt: null } });
      if (held) return { ok: true, kind: "vps", allocationId: held.id, nodeId: held.nodeId };
      const allocation = await inFirstLocationWithRoom(ctx, serviceId, plan.locationIds, (locationId) =>
        allocate(ctx, locationId, plan.size!, { label, ttlMs: HOLD_TTL_MS, nodeId: plan.nodeId }),
      );
      return { ok: true, kind: "vps", allocationId: allocation.id, nodeId: allocation.nodeId };
    }
    const reserved = await ctx.db.dedicatedServer.findFirst({ where: { serviceId, provisionState: { notIn: ["available", "cleaning", "maintenance"] } } });
    if (reserved) return { ok: true, kind: "dedicated", serverId: reserved.id };
    const server = await inFirstLocationWithRoom(ctx, serviceId, plan.locationIds, (locationId) => reserveDedicatedServer(ctx, locationId, { sku: plan.sku!, serviceId }));
    return { ok: true, kind: "dedicated", serverId: server.id };
  } catch (error) {
    return failure(error, "allocate");
  }
}

async function isGameService(ctx: BackendContext, serviceId: string): Promise<boolean> {
  const service = await ctx.db.service.findUnique({ where: { id: serviceId }, select: { product: { select: { kind: true } } } });
  return service?.product.kind === "game";
}

const OUT_OF_ROOM = new Set(["capacity", "ip_capacity", "storage_capacity"]);

/**
 * Holds room in the first of `locationIds` that has it: the ordered location alone, or, when the
 * order named none, each location the product is offered in, in catalogue order. The service then
 * records where it is built. The last location's refusal is the one reported when none has room.
 */
async function inFirstLocationWithRoom<T>(ctx: BackendContext, serviceId: string, locationIds: string[], hold: (locationId: string) => Promise<T>): Promise<T> {
  for (const [i, locationId] of locationIds.entries()) {
    try {
      const held = await hold(locationId);
      if (locationIds.length > 1) await ctx.db.service.updateMany({ where: { id: serviceId, locationId: null }, data: { locationId } });
      return held;
    } catch (error) {
      if (i === locationIds.length - 1 || !(error instanceof BackendError) || !OUT_OF_ROOM.has(error.code)) throw error;
    }
  }
  throw new BackendError("configuration", "The service has no location to be built in");
}

/** What a started build is watched through: the backend job (machines) or the game server's install. */
export type BuildRef = { jobId: string } | { gameServerId: string };
export type BuildStart = ({ ok: true } & BuildRef) | BuildFailure | BuildAbandoned;

/**
 * Creates the machine (or starts the server install) through the driver and moves the service to
 * `installing`. A machine already bound to the service (an attempt that died after the driver call)
 * is reused with its create job. When the driver refuses, what was held is given back.
 */
export async function startBuild(ctx: BackendContext, serviceId: string, placement: Extract<Placement, { ok: true }>): Promise<BuildStart> {
  // Terminated between the hold and the create: give the hold back instead of building.
  const abandoned = await abandonedUnless(ctx, serviceId, ["pending", "installing"]);
  if (abandoned) return abandoned;
  let jobId: string;
  try {
    if (placement.kind === "game") {
      await startGameBuild(ctx, placement.gameServerId);
      await ctx.db.service.updateMany({ where: { id: serviceId, status: "pending" }, data: { status: "installing" } });
      return { ok: true, gameServerId: placement.gameServerId };
    }
    const plan = await loadBuildPlan(ctx.db, serviceId);
    if (placement.kind === "vps") {
      const existing = await ctx.db.virtualMachine.findFirst({ where: { serviceId, allocationId: placement.allocationId } });
      if (existing) {
        const job = await ctx.db.backendJob.findFirstOrThrow({ where: { vmId: existing.id, operation: "create" }, orderBy: { createdAt: "desc" } });
        jobId = job.id;
      } else {
        const hv = await hypervisorForNode(placement.nodeId, ctx);
        const { job } = await hv.create({
          allocationId: placement.allocationId,
          name: plan.name,
          hostname: plan.hostname,
          serviceId,
          image: plan.image,
          sshKeys: plan.sshKeys,
          userData: plan.userData ?? undefined,
        });
        jobId = job.id;
      }
    } else {
      const existing = await ctx.db.backendJob.findFirst({ where: { serverId: placement.serverId, operation: "provision" }, orderBy: { createdAt: "desc" } });
      if (existing) jobId = existing.id;
      else {
        const bmc = await bmcForServer(placement.serverId, ctx);
        const job = await bmc.provision(placement.serverId, { image: plan.image, hostname: plan.hostname, sshKeys: plan.sshKeys, userData: plan.userData ?? undefined });
        jobId = job.id;
      }
    }
  } catch (error) {
    const failed = failure(error, "create");
    await giveBack(ctx, serviceId);
    return failed;
  }
  await ctx.db.service.updateMany({ where: { id: serviceId, status: "pending" }, data: { status: "installing" } });
  return { ok: true, jobId };
}

export type BuildProgress =
  | { done: false; step: string | null; progress: number; waitMs: number; elapsedMs: number }
  | { done: true; ok: true }
  | { done: true; ok: false; failure: BuildFailure };

/** One look at the build job (its driver advances it first). `waitMs` is when it next has something to do. */
export async function checkBuild(ctx: BackendContext, ref: BuildRef, startedAt: string): Promise<BuildProgress> {
  if ("gameServerId" in ref) {
    const elapsedMs = ctx.clock.now().getTime() - new Date(startedAt).getTime();
    try {
      const game = await checkGameBuild(ctx, ref.gameServerId);
      if (!game.done) return { done: false, step: "install", progress: 0, waitMs: game.waitMs, elapsedMs };
      if (game.ok) return { done: true, ok: true };
      return { done: true, ok: false, failure: { ok: false, code: "unknown", detail: game.detail, stage: "install" } };
    } catch (error) {
      // An unreachable node is looked at again until the deadline.
      if (error instanceof BackendError && error.code === "provider_unreachable") return { done: false, step: "install", progress: 0, waitMs: 5_000, elapsedMs };
      throw error;
    }
  }
  const jobId = ref.jobId;
  const job = await getJob(jobId, ctx);
  if (job.state === "succeeded") return { done: true, ok: true };
  if (job.state === "failed") {
    const code = job.error?.code ?? "unknown";
    return { done: true, ok: false, failure: { ok: false, code: toProvisioningFailureCode(code), detail: job.error?.message ?? "The build job failed", stage: job.step ?? job.operation } };
  }
  const now = ctx.clock.now().getTime();
  const row = await ctx.db.backendJob.findUniqueOrThrow({ where: { id: jobId }, select: { nextCheckAt: true } });
  const waitMs = Math.min(60_000, Math.max(2_000, row.nextCheckAt.getTime() - now));
  return { done: false, step: job.step, progress: job.progress, waitMs, elapsedMs: now - new Date(startedAt).getTime() };
}

/** Gives back whatever a failed build still holds: deletes the machine, releases the allocation or the server. Best effort. */
export async function giveBack(ctx: BackendContext, serviceId: string): Promise<void> {
  try {
    const vms = await ctx.db.virtualMachine.findMany({ where: { serviceId, destroyedAt: null }, select: { id: true } });
    for (const vm of vms) await (await hypervisorForVm(vm.id, ctx)).delete(vm.id);
    const held = await ctx.db.nodeAllocation.findMany({ where: { label: { startsWith: allocationLabel(serviceId) }, releasedAt: null, virtualMachine: null }, select: { id: true } });
    for (const a of held) await releaseAllocation(ctx, a.id);
    const servers = await ctx.db.dedicatedServer.findMany({ where: { serviceId, provisionState: { notIn: ["available", "cleaning"] } }, select: { id: true } });
    for (const s of servers) await (await bmcForServer(s.id, ctx)).release(s.id);
    await removeGameServers(ctx, serviceId);
  } catch (error) {
    console.warn(`[services] could not give back what the failed build of ${serviceId} holds`, error);
  }
}

/**
 * Before the one automatic retry of a build that failed with a retryable code: starts the deletion of
 * what the failed attempt built (the machine keeps its name on the node until it is destroyed, so the
 * retry waits for these jobs) and returns their ids.
 */
export async function clearFailedAttempt(ctx: BackendContext, serviceId: string): Promise<string[]> {
  const jobs: string[] = [];
  const vms = await ctx.db.virtualMachine.findMany({ where: { serviceId, destroyedAt: null }, select: { id: true } });
  for (const vm of vms) jobs.push((await (await hypervisorForVm(vm.id, ctx)).delete(vm.id)).id);
  const servers = await ctx.db.dedicatedServer.findMany({ where: { serviceId, provisionState: { notIn: ["available", "cleaning", "maintenance"] } }, select: { id: true } });
  for (const srv of servers) jobs.push((await (await bmcForServer(srv.id, ctx)).release(srv.id)).id);
  // A game server is removed at once (the node deletes its folder synchronously).
  await removeGameServers(ctx, serviceId);
  return jobs;
}

/** Whether the jobs clearFailedAttempt started have ended (each advanced first). */
export async function jobsEnded(ctx: BackendContext, jobIds: string[]): Promise<{ done: boolean; waitMs: number }> {
  for (const id of jobIds) {
    const job = await getJob(id, ctx);
    if (job.state === "queued" || job.state === "running") {
      const row = await ctx.db.backendJob.findUniqueOrThrow({ where: { id }, select: { nextCheckAt: true } });
      return { done: false, waitMs: Math.min(60_000, Math.max(2_000, row.nextCheckAt.getTime() - ctx.clock.now().getTime())) };
    }
  }
  return { done: true, waitMs: 0 };
}

/** The order's provisioning status once one of its services changed: failed if any failed, provisioned when all are built. */
async function settleOrder(tx: Tx, orderId: string | null, failureMessage: string | null) {
  if (!orderId) return;
  if (failureMessage) {
    await tx.order.update({ where: { id: orderId }, data: { provisioningStatus: "failed", provisioningError: failureMessage } });
    return;
  }
  const unfinished = await tx.service.count({ where: { orderId, status: { in: ["pending", "pending_payment", "installing", "provisioning_failed"] } } });
  if (unfinished === 0) await tx.order.updateMany({ where: { id: orderId, NOT: { provisioningStatus: "failed" } }, data: { provisioningStatus: "provisioned" } });
}

/** `installing` (or `pending`) → `active`, the order settled and `service.provisioned` raised, in one transaction. */
export async function markProvisioned(ctx: BackendContext, serviceId: string): Promise<{ status: string }> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const { count } = await tx.service.updateMany({
      where: { id: serviceId, status: { in: ["pending", "installing"] } },
      data: { status: "active", deliveredAt: now, failureCode: null, failureDetail: null },
    });
    const service = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, select: { status: true, orderId: true, accountId: true } });
    if (count === 0) return { status: service.status };
    await settleOrder(tx, service.orderId, null);
    const resellerId = await findAccountResellerId(tx, service.accountId);
    if (resellerId) await recordResellerEvent(tx, { resellerId, type: "service.provisioned", data: await serviceEventDataFor(tx, serviceId) }, { now });
    else await recordAccountEvent(tx, { accountId: service.accountId, type: "service.ready", payload: { serviceId }, now });
    return { status: "active" };
  });
}

/**
 * → `provisioning_failed` with the failure code, what was charged for the service refunded to credit
 * (docs/decisions.md#r11: a `refund` ledger row), the order marked failed with a client-safe reason and
 * `service.provisioning_failed` raised, in one transaction. The conditional status update is the claim:
 * a second call (a second run, onFailure after a failed step, two at once) changes and refunds nothing.
 */
export async function markProvisioningFailed(ctx: BackendContext, serviceId: string, failed: BuildFailure): Promise<{ status: string; refunded?: string | null }> {
  const result = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    // The order's row lock before the service's: the refund below takes it, and the operator's
    // cancellation of the order takes it before it changes the order's services (lib/admin/orders),
    // so taking it after the service's row could deadlock with that cancellation.
    const owner = await tx.service.findUnique({ where: { id: serviceId }, select: { orderId: true } });
    if (owner?.orderId) await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${owner.orderId}::uuid FOR NO KEY UPDATE`;
    const { count } = await tx.service.updateMany({
      where: { id: serviceId, status: { in: ["pending", "installing"] } },
      data: { status: "provisioning_failed", failureCode: failed.code, failureDetail: `${failed.stage}: ${failed.detail}`.slice(0, 2000) },
    });
    const service = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, select: { status: true, orderId: true, accountId: true } });
    if (count === 0) return { status: service.status };
    const refund = await refundUnbuiltService(tx, { serviceId, at: now });
    const message = PROVISIONING_FAILURE_MESSAGES[failed.code];
    await settleOrder(tx, service.orderId, message);
    const resellerId = await findAccountResellerId(tx, service.accountId);
    if (resellerId) {
      await recordResellerEvent(
        tx,
        { resellerId, type: "service.provisioning_failed", data: serviceBuildFailedData({ serviceId, provisioningError: message, stage: failed.stage }) },
        { now },
      );
    }
    return { status: "provisioning_failed", refunded: refund.refunded ? refund.amount.toString() : null };
  });
  if (result.status === "provisioning_failed") await giveBack(ctx, serviceId);
  return result;
}
