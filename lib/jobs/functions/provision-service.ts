import { getDb } from "@/lib/db/client";
import { backendContext, type BackendContext } from "@/lib/backends/context";
import { SERVICE_PROVISION_EVENT } from "@/lib/services/request-provisioning";
import { defaultRetryable } from "@/lib/backends/backend-error";
import {
  checkBuild,
  claimProvisioning,
  clearFailedAttempt,
  jobsEnded,
  markProvisioned,
  markProvisioningFailed,
  placeService,
  startBuild,
  type BuildFailure,
} from "@/lib/services/provisioning/provisioning-steps";
import { requestEmailSend } from "@/lib/mail/request-email-send";
import { inngest } from "../client";

/** A VPS build takes about half a minute on the simulator, a server install several minutes: give up after these. */
/** A game install may download its runtime first (hundreds of MB on a node's first server of a template). */
const BUILD_DEADLINE_MS = { vps: 45 * 60 * 1000, dedicated: 3 * 60 * 60 * 1000, game: 30 * 60 * 1000 } as const;
/** Upper bound on looks at one build job (the sleeps between them follow the job's own timeline, 2-60 s). */
const MAX_POLLS = 400;

/**
 * `service/provision` (docs/services.md): builds one service after its order committed. Claim →
 * hold capacity (VPS allocation with its addresses, or a server out of stock) → create through the
 * driver (`installing`) → poll the backend job, sleeping between looks → `active` with
 * `service.provisioned`, or `provisioning_failed` with the failure code. Every step is memoized and
 * looks for its own earlier work first, so a retried run never holds twice or builds twice.
 * `context` is injected so tests drive the backends with the runner's clock.
 */
export function createProvisionServiceFunction(context: () => BackendContext = () => backendContext({ db: getDb() })) {
  return inngest.createFunction(
    {
      id: "service-provision",
      name: "Provision a service",
      triggers: [{ event: SERVICE_PROVISION_EVENT }],
      retries: 4,
      onFailure: async ({ event, error }) => {
        // The run gave up (every retry of a step threw): the service must not stay `pending` for ever.
        const serviceId = (event.data.event.data as { serviceId?: string }).serviceId;
        if (!serviceId) return;
        await markProvisioningFailed(context(), serviceId, { ok: false, code: "unknown", detail: error.message, stage: "run" });
      },
    },
    async ({ event, step, runId }) => {
      const serviceId = (event.data as { serviceId?: string }).serviceId;
      if (!serviceId) return { skipped: "no serviceId" };
      const ctx = context();
      const fail = (failed: BuildFailure) => step.run("mark-failed", () => markProvisioningFailed(ctx, serviceId, failed));

      const claim = await step.run("claim", () => claimProvisioning(ctx, serviceId, runId));
      if (!claim.claimed) return { skipped: claim.reason };

      // One automatic retry when the first attempt failed with a retryable code (install_timeout,
      // provider_unreachable, storage_capacity, unknown); capacity, addresses and bad orders are final.
      let failed: BuildFailure | null = null;
      for (let attempt = 0; attempt < 2; attempt++) {
        const sfx = attempt === 0 ? "" : `-retry${attempt}`;
        if (attempt > 0) {
          const clearing = await step.run(`clear${sfx}`, () => clearFailedAttempt(ctx, serviceId));
          for (let look = 0; look < 60; look++) {
            const ended = await step.run(`cleared${sfx}-${look}`, () => jobsEnded(ctx, clearing));
            if (ended.done) break;
            await step.sleep(`wait-clear${sfx}-${look}`, ended.waitMs);
          }
        }
        const placement = await step.run(`allocate${sfx}`, () => placeService(ctx, serviceId, attempt));
        if (!placement.ok) {
          if ("abandoned" in placement) return { abandoned: placement.status };
          failed = placement;
          break;
        }
        const build = await step.run(`create${sfx}`, () => startBuild(ctx, serviceId, placement));
        if (!build.ok) {
          if ("abandoned" in build) return { abandoned: build.status };
          failed = build;
        } else {
          const startedAt = await step.run(`started-at${sfx}`, () => ctx.clock.now().toISOString());
          failed = { ok: false, code: "install_timeout", detail: "The build job did not finish before the deadline", stage: "install" };
          for (let look = 0; look < MAX_POLLS; look++) {
            const progress = await step.run(`check${sfx}-${look}`, () => checkBuild(ctx, build, startedAt));
            if (progress.done) {
              if (progress.ok) {
                return step.run("mark-active", async () => {
                  const marked = await markProvisioned(ctx, serviceId);
                  // "… is ready" now rather than at the email sweep's next minute (never throws).
                  await requestEmailSend();
                  return marked;
                });
              }
              failed = progress.failure;
              break;
            }
            if (progress.elapsedMs > BUILD_DEADLINE_MS[claim.kind]) break;
            await step.sleep(`wait${sfx}-${look}`, progress.waitMs);
          }
        }
        if (!defaultRetryable(failed.code)) break;
      }
      return { failed: failed!.code, ...(await fail(failed!)) };
    },
  );
}

export const provisionService = createProvisionServiceFunction();
