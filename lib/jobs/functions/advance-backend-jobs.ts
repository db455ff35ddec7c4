import { getDb } from "@/lib/db/client";
import { backendContext, type BackendContext } from "@/lib/backends/context";
import { advance } from "@/lib/backends/jobs";
import { refreshCaptures } from "@/lib/services/images/refresh-captures";
import { inngest } from "../client";

/**
 * The backend tick (docs/backends.md "The job model"): once a minute, advances every backend job with
 * something due and releases capacity held past its time. Jobs also move whenever someone polls them
 * (the provisioning function, the panel's progress bar); this tick moves the ones nobody watches
 * (a delete after a failed build, a power action whose caller went away). Then custom images whose
 * capture has ended become `available` or `error` even when nobody lists them.
 */
export function createAdvanceBackendJobsFunction(context: () => BackendContext = () => backendContext({ db: getDb() })) {
  return inngest.createFunction(
    { id: "advance-backend-jobs", name: "Advance backend jobs", triggers: [{ cron: "* * * * *" }], retries: 1 },
    async ({ step }) => {
      const ctx = context();
      const advanced = await step.run("advance", async () => {
        const report = await advance(ctx.clock.now(), ctx);
        return { advanced: report.advanced, finished: report.finished, errors: report.errors.length, releasedAllocations: report.releasedAllocations };
      });
      const captures = await step.run("captures", async () => ({ stillCapturing: (await refreshCaptures(ctx, {})).size }));
      return { ...advanced, ...captures };
    },
  );
}

export const advanceBackendJobs = createAdvanceBackendJobsFunction();
