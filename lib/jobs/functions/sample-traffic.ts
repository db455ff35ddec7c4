import { backendContext, type BackendContext } from "@/lib/backends/context";
import { sampleTraffic } from "@/lib/services/traffic/sample-traffic";
import { inngest } from "../client";

/**
 * Every five minutes: a traffic sample of every running service's machine (lib/services/traffic),
 * the series behind `GET /services/{id}/traffic`, `/dedicated/{id}/traffic` and the panel's charts.
 */
export function createSampleTrafficFunction(context: () => BackendContext = () => backendContext()) {
  return inngest.createFunction(
    { id: "sample-traffic", name: "Sample service traffic", triggers: [{ cron: "*/5 * * * *" }], retries: 1 },
    async ({ event, step }) => {
      const ctx = context();
      // The scheduled minute, not the wall clock: a retry writes the same samples.
      const at = new Date(typeof event.ts === "number" ? event.ts : ctx.clock.now().getTime());
      return step.run("sample", () => sampleTraffic(ctx, at));
    },
  );
}

export const sampleTrafficFunction = createSampleTrafficFunction();
