import type { BackendContext } from "@/lib/backends/context";
import { getJob } from "@/lib/backends/jobs";

/**
 * Brings the service machine's running jobs up to now before it is read: jobs move when someone
 * polls them (docs/backends.md), and a client polling the service is waiting for exactly these.
 * Best effort: an unreachable node leaves a job as it was, and the read shows the last known state.
 */
export async function advanceMachineJobs(ctx: BackendContext, serviceId: string): Promise<void> {
  const [vm, server] = await Promise.all([
    ctx.db.virtualMachine.findFirst({ where: { serviceId, destroyedAt: null }, select: { diskJobId: true, powerJobId: true } }),
    ctx.db.dedicatedServer.findFirst({ where: { serviceId }, select: { powerJobId: true, provisionJobId: true } }),
  ]);
  const jobs = [vm?.diskJobId, vm?.powerJobId, server?.powerJobId, server?.provisionJobId].filter((j): j is string => !!j);
  for (const jobId of new Set(jobs)) {
    try {
      await getJob(jobId, ctx);
    } catch {
      // Left as it was; the next read tries again.
    }
  }
}
