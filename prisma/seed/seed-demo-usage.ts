import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { BackendContext } from "@/lib/backends/context";
import { sampleMachines } from "@/lib/services/samples/sample-machines";

const HOUR = 3_600_000;
const STEP = 5 * 60_000;

/**
 * A day of usage history for the demo VPS and dedicated server, so their usage charts have something
 * to show on a fresh install. Their machines are dated back a day (the VM booted, the switch port
 * counting), then the real sampler runs at every five-minute mark of that day against the simulators
 * — the samples are what the five-minute job would have recorded had the demo been running.
 */
export async function seedDemoUsage(db: PrismaClient, serviceIds: string[], now = new Date()): Promise<number> {
  if (serviceIds.length === 0) return 0;
  const from = new Date(Math.floor((now.getTime() - 24 * HOUR) / STEP) * STEP);
  const started = new Date(from.getTime() - STEP);
  await db.virtualMachine.updateMany({ where: { serviceId: { in: serviceIds }, destroyedAt: null }, data: { bootedAt: started } });
  await db.dedicatedServer.updateMany({ where: { serviceId: { in: serviceIds } }, data: { portRxBytes: 0, portTxBytes: 0, portCountedAt: started } });
  let samples = 0;
  for (let at = from.getTime(); at <= now.getTime(); at += STEP) {
    const ctx: BackendContext = { db, clock: { now: () => new Date(at) }, simulator: { timeScale: 0 } };
    samples += (await sampleMachines(ctx, new Date(at))).sampled;
  }
  return samples;
}
