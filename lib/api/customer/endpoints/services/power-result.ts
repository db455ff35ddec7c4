import { z } from "zod";
import type { PowerOutcome } from "@/lib/services/lifecycle/change-service-power";

export const powerResultSchema = z.union([
  z.object({ completed: z.literal(true), job_id: z.string(), state: z.string(), status: z.string() }),
  z.object({ completed: z.literal(false), pending: z.literal(true), job_id: z.string() }),
]);

/** `{completed, job_id, state, status}` when done at once (already in that state), else `{completed: false, pending: true, job_id}`. */
export function powerResult(outcome: PowerOutcome): z.input<typeof powerResultSchema> {
  if (outcome.job.state === "succeeded") {
    const state = outcome.backend === "vps" ? outcome.vmState : outcome.action === "stop" ? "off" : "on";
    return { completed: true, job_id: outcome.job.id, state, status: outcome.serviceStatus };
  }
  return { completed: false, pending: true, job_id: outcome.job.id };
}
