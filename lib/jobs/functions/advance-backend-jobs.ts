import { backendContext, type BackendContext } from "@/lib/backends/context";
import { advance } from "@/lib/backends/jobs";
import { inngest } from "../client";

/**
 * The backend tick (docs/backends.md "The job model"): once a minute, advances every backend job with
 * something due and releases capacity held past its time. Jobs also move whenever someone polls them
 * (the provisioning function, the panel's progress bar); this tick moves the ones nobody watches
 * (a delete after a failed build, a power action whose caller went away).
 */
export function createAdvanceBackendJobsFunction(context: () => BackendContext = () => backendContext()) {
  return inngest.createFunction(
    { id: "advance-backend-jobs", name: "Advance backend jobs", triggers: [{ cron: "* * * * *" }], retries: 1 },
    async ({ step }) => {
      const ctx = context();
      return step.run("advance", async () => {
        const report = await advance(ctx.clock.now(), ctx);
        return { advanced: report.advanced, finished: report.finished, errors: report.errors.length, releasedAllocations: report.releasedAllocations };
      });
    },
  );
}

export const advanceBackendJobs = createAdvanceBackendJobsFunction();
