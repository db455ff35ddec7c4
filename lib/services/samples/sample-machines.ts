import type { BackendContext } from "@/lib/backends/context";
import { bmcForServer, hypervisorForVm } from "@/lib/backends/registry";
import type { TrafficCounters } from "@/lib/backends/types";
import type { Prisma } from "@/lib/generated/prisma/client";

/** How long samples are kept: the longest range (30 days) plus the rest of a month for monthTotal. */
export const SAMPLE_RETENTION_MS = 35 * 86_400_000;

export interface SampleMachinesReport {
  sampled: number;
  /** Machines whose counters could not be read (not running, node unreachable): no sample, a gap. */
  skipped: number;
  pruned: number;
}

/** The sampling minute: a run retried later writes the same rows (unique per service and minute). */
export const sampleMinute = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

/**
 * Samples every active or suspended service's machine: the traffic counters and the bytes since
 * the service's previous sample, and a VPS's CPU, memory and disk figures. A counter below the previous
 * reading has restarted (a VM booted again, a port was reset): everything it counted since is new
 * traffic, never a negative delta. A machine that cannot be read leaves a gap; the next sample
 * spans it. Samples older than the retention are deleted in the same run.
 */
export async function sampleMachines(ctx: BackendContext, at: Date): Promise<SampleMachinesReport> {
  const { db } = ctx;
  const minute = sampleMinute(at);
  const services = await db.service.findMany({
    where: { status: { in: ["active", "suspended"] } },
    select: {
      id: true,
      virtualMachines: { where: { destroyedAt: null }, orderBy: { createdAt: "desc" }, take: 1, select: { id: true } },
      dedicatedServers: { orderBy: { reservedAt: "desc" }, take: 1, select: { id: true } },
    },
  });
  let sampled = 0;
  let skipped = 0;
  for (const s of services) {
    const vm = s.virtualMachines[0];
    const server = s.dedicatedServers[0];
    if (!vm && !server) continue;
    let counters: TrafficCounters | null = null;
    let guest: Pick<Prisma.MachineSampleCreateManyInput, "cpuPct" | "memUsedBytes" | "memPct" | "diskUsedBytes" | "diskPct"> = {};
    try {
      if (vm) {
        // One read gives a VPS's figures and its NIC counters (since boot; null when not running).
        const stats = await (await hypervisorForVm(vm.id, ctx)).stats(vm.id);
        if (stats.network.netinBytes !== null && stats.network.netoutBytes !== null) {
          counters = { sampledAt: stats.sampledAt, rxBytes: stats.network.netinBytes, txBytes: stats.network.netoutBytes };
          guest = {
            cpuPct: stats.cpu.usage,
            memUsedBytes: stats.memory.used === null ? null : BigInt(stats.memory.used),
            memPct: stats.memory.percentage,
            diskUsedBytes: stats.disk.used === null ? null : BigInt(stats.disk.used),
            diskPct: stats.disk.percentage,
          };
        }
      } else {
        counters = await (await bmcForServer(server!.id, ctx)).trafficCounters(server!.id);
      }
    } catch (error) {
      console.warn(`[samples] the machine of service ${s.id} could not be read`, error);
    }
    if (!counters) {
      skipped++;
      continue;
    }
    const previous = await db.machineSample.findFirst({ where: { serviceId: s.id, at: { lt: minute } }, orderBy: { at: "desc" } });
    const rx = BigInt(counters.rxBytes);
    const tx = BigInt(counters.txBytes);
    const delta = (now: bigint, before: bigint | undefined) => (before === undefined ? 0n : now >= before ? now - before : now);
    const { count } = await db.machineSample.createMany({
      data: [
        {
          serviceId: s.id,
          at: minute,
          rxCounter: rx,
          txCounter: tx,
          rxBytes: delta(rx, previous?.rxCounter),
          txBytes: delta(tx, previous?.txCounter),
          seconds: previous ? Math.round((minute.getTime() - previous.at.getTime()) / 1000) : 0,
          ...guest,
        },
      ],
      skipDuplicates: true,
    });
    sampled += count;
  }
  const { count: pruned } = await db.machineSample.deleteMany({ where: { at: { lt: new Date(at.getTime() - SAMPLE_RETENTION_MS) } } });
  return { sampled, skipped, pruned };
}

