import { getDb } from "@/lib/db/client";
import { backendContext, type BackendContext } from "@/lib/backends/context";
import { sampleMachines } from "@/lib/services/samples/sample-machines";
import { inngest } from "../client";

/**
 * Every five minutes: a sample of every running service's machine (lib/services/samples) — traffic
 * counters, and a VPS's CPU, memory and disk — the series behind the stats and traffic reads of both
 * APIs and the panel's charts.
 */
export function createSampleMachinesFunction(context: () => BackendContext = () => backendContext({ db: getDb() })) {
  return inngest.createFunction(
    { id: "sample-machines", name: "Sample service machines", triggers: [{ cron: "*/5 * * * *" }], retries: 1 },
    async ({ event, step }) => {
      const ctx = context();
      // The scheduled minute, not the wall clock: a retry writes the same samples.
      const at = new Date(typeof event.ts === "number" ? event.ts : ctx.clock.now().getTime());
      return step.run("sample", () => sampleMachines(ctx, at));
    },
  );
}

export const sampleMachinesFunction = createSampleMachinesFunction();
