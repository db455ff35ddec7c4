import { getDb } from "@/lib/db/client";
import { backendContext, type BackendContext } from "@/lib/backends/context";
import { SERVICE_UPGRADE_EXECUTE_EVENT, advanceServiceUpgrade, findExecutingUpgrades } from "@/lib/services/changes/execute-service-upgrade";
import { inngest } from "../client";

/** Upper bound on looks at one resize (the sleeps between them are 2 s; a resize takes about 20 s on the simulator). */
const MAX_LOOKS = 300;

/**
 * `service/upgrade.execute` (docs/services.md "Upgrades and add-ons"): carries out one paid plan
 * change — resizes the VPS through its hypervisor when the new plan has another size, polls the
 * job, then switches the service to the new product and price (or leaves it `awaiting_admin` with
 * the reason). Each look is a memoized step; advanceServiceUpgrade is idempotent.
 */
export function createExecuteServiceUpgradeFunction(context: () => BackendContext = () => backendContext({ db: getDb() })) {
  return inngest.createFunction(
    { id: "service-upgrade-execute", name: "Execute a service upgrade", triggers: [{ event: SERVICE_UPGRADE_EXECUTE_EVENT }], retries: 4 },
    async ({ event, step }) => {
      const upgradeId = (event.data as { upgradeId?: string }).upgradeId;
      if (!upgradeId) return { skipped: "no upgradeId" };
      const ctx = context();
      for (let look = 0; look < MAX_LOOKS; look++) {
        const progress = await step.run(`advance-${look}`, () => advanceServiceUpgrade(ctx, upgradeId));
        if (progress.done) return { status: progress.status };
        await step.sleep(`wait-${look}`, progress.waitMs);
      }
      return { status: "still executing" };
    },
  );
}

/**
 * Every minute: plan changes left `executing` for over a minute — paid through a path that could
 * not send the event (an invoice paid from the billing pages), or whose event was lost — are
 * advanced one look each; the next sweep takes the next look.
 */
export function createSweepServiceUpgradesFunction(context: () => BackendContext = () => backendContext({ db: getDb() })) {
  return inngest.createFunction(
    { id: "sweep-service-upgrades", name: "Advance executing service upgrades", triggers: [{ cron: "* * * * *" }], retries: 1 },
    async ({ step }) => {
      const ctx = context();
      return step.run("advance-executing", async () => {
        const ids = await findExecutingUpgrades(ctx);
        const statuses: Record<string, string> = {};
        for (const id of ids) {
          const p = await advanceServiceUpgrade(ctx, id);
          statuses[id] = p.done ? p.status : "executing";
        }
        return statuses;
      });
    },
  );
}

export const executeServiceUpgrade = createExecuteServiceUpgradeFunction();
export const sweepServiceUpgrades = createSweepServiceUpgradesFunction();
