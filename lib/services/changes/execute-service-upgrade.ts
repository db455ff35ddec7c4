import { BackendError } from "@/lib/backends/backend-error";
import type { BackendContext } from "@/lib/backends/context";
import { getJob } from "@/lib/backends/jobs";
import { hypervisorForVm } from "@/lib/backends/registry";
import { inngest } from "@/lib/jobs/client";
import { currentEmbeddedTarget } from "@/lib/jobs/embedded/bridge";
import { isInngestExternal } from "@/lib/jobs/is-inngest-external";
import { completePlanChange } from "./complete-plan-change";
import { pendingResize } from "./pending-resize";

/** The event that starts `service-upgrade-execute` for one plan change. */
export const SERVICE_UPGRADE_EXECUTE_EVENT = "service/upgrade.execute.requested";

/**
 * Asks for plan changes now `executing` to be carried out. After the commit that made them so,
 * never inside it. Best effort: the sweep (every minute) picks up what a lost event leaves.
 */
export async function requestUpgradeExecution(upgradeIds: readonly string[]): Promise<boolean> {
  if (upgradeIds.length === 0) return true;
  if (!isInngestExternal() && !currentEmbeddedTarget()) return false;
  try {
    await inngest.send(upgradeIds.map((upgradeId) => ({ id: `upgrade-${upgradeId}`, name: SERVICE_UPGRADE_EXECUTE_EVENT, data: { upgradeId } })));
    return true;
  } catch (err) {
    console.warn("[services] could not request upgrade execution now; the sweep will pick it up", err);
    return false;
  }
}

/** A claim to submit a resize that has no job after this long belongs to a run that died; another run may take it. */
export const RESIZE_CLAIM_STALE_MS = 5 * 60_000;

export type UpgradeProgress = { done: true; status: string } | { done: false; waitMs: number };

/**
 * One step of carrying out an `executing` plan change (idempotent; the background function calls it
 * until done). A native VPS whose new plan has another size is resized through its hypervisor (a
 * job that takes time: the machine is stopped, resized and started again); when the job succeeds,
 * or when nothing needs resizing, the change is `completed` (`executedAt`) and completePlanChange
 * moves the service to the new plan. A resize the hypervisor refuses or that
 * fails leaves the change `awaiting_admin` with the reason, the service untouched: the supplier
 * settles it (the charge stands).
 */
export async function advanceServiceUpgrade(ctx: BackendContext, upgradeId: string): Promise<UpgradeProgress> {
  const { db } = ctx;
  const upgrade = await db.serviceUpgrade.findUnique({ where: { id: upgradeId } });
  if (!upgrade || upgrade.status !== "executing") return { done: true, status: upgrade?.status ?? "missing" };
  const hold = (reason: string) => finish(ctx, upgradeId, { status: "awaiting_admin", failureReason: reason });

  if (upgrade.kind === "package" && !upgrade.resizeJobId) {
    const resize = await pendingResize(db, upgrade.serviceId, upgrade.toProductId);
    if (resize) {
      const { size, vm } = resize;
      // One run submits the resize: it claims the change with one conditional update, which no other
      // run (a second event, the sweep) can match until the claim is stale. A run that read the row
      // before or after the claim fails the condition and looks again later.
      const now = ctx.clock.now();
      const stale = new Date(now.getTime() - RESIZE_CLAIM_STALE_MS);
      const { count } = await db.serviceUpgrade.updateMany({
        where: { id: upgradeId, status: "executing", resizeJobId: null, OR: [{ resizeClaimedAt: null }, { resizeClaimedAt: { lt: stale } }] },
        data: { resizeClaimedAt: now },
      });
      if (count === 0) return { done: false, waitMs: 2_000 };
      try {
        const driver = await hypervisorForVm(vm.id, ctx);
        const job = await driver.resize(vm.id, { vcpus: size.vcpus, memoryMb: size.memoryMb, diskGb: size.diskGb });
        await db.serviceUpgrade.update({ where: { id: upgradeId }, data: { resizeJobId: job.id, updatedAt: ctx.clock.now() } });
        return { done: false, waitMs: 2_000 };
      } catch (err) {
        if (err instanceof BackendError) return hold(`Resize refused (${err.code}): ${err.message}`);
        throw err;
      }
    }
    return finish(ctx, upgradeId, { status: "completed" });
  }

  if (upgrade.resizeJobId) {
    const job = await getJob(upgrade.resizeJobId, ctx);
    if (job.state === "succeeded") return finish(ctx, upgradeId, { status: "completed" });
    if (job.state !== "queued" && job.state !== "running") return hold(`Resize ${job.state}: ${job.error?.message ?? "no reason given"}`);
    return { done: false, waitMs: 2_000 };
  }
  return finish(ctx, upgradeId, { status: "completed" });
}

async function finish(ctx: BackendContext, upgradeId: string, outcome: { status: "completed" | "awaiting_admin"; failureReason?: string }): Promise<UpgradeProgress> {
  const now = ctx.clock.now();
  return ctx.db.$transaction(async (tx) => {
    const { count } = await tx.serviceUpgrade.updateMany({
      where: { id: upgradeId, status: "executing" },
      data: { status: outcome.status, failureReason: outcome.failureReason ?? null, executedAt: outcome.status === "completed" ? now : null, updatedAt: now },
    });
    const upgrade = await tx.serviceUpgrade.findUniqueOrThrow({ where: { id: upgradeId } });
    if (count === 1 && outcome.status === "completed") await completePlanChange(tx, upgrade, now);
    return { done: true as const, status: upgrade.status };
  });
}

/** Plan changes left `executing` whose event was lost (or whose caller could not send one): the sweep's work list. */
export async function findExecutingUpgrades(ctx: BackendContext, olderThanMs = 60_000): Promise<string[]> {
  const before = new Date(ctx.clock.now().getTime() - olderThanMs);
  const rows = await ctx.db.serviceUpgrade.findMany({ where: { status: "executing", updatedAt: { lte: before } }, select: { id: true }, orderBy: { updatedAt: "asc" }, take: 100 });
  return rows.map((r) => r.id);
}
