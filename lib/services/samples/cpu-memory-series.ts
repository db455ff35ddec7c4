import type { DbOrTx } from "@/lib/db/client";
import { BUCKET_MS, RANGE_MS, type TrafficRange } from "./traffic-report";

/** One point of the usage card's CPU and memory chart: the bucket's start and its averages (null where nothing was measured). */
export interface CpuMemoryPoint {
  t: string;
  cpu_pct: number | null;
  mem_pct: number | null;
}

const average = (values: number[]) => (values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10);

/**
 * A VPS's CPU and memory over the same range and buckets as its traffic (trafficDocument), oldest
 * first, so the card's charts follow one range switch. Samples without a reading are left out of
 * their bucket's average; a bucket with none has null.
 */
export async function cpuMemorySeries(db: DbOrTx, serviceId: string, range: TrafficRange, now: Date): Promise<CpuMemoryPoint[]> {
  const rows = await db.machineSample.findMany({
    where: { serviceId, at: { gt: new Date(now.getTime() - RANGE_MS[range]), lte: now } },
    orderBy: { at: "asc" },
    select: { at: true, cpuPct: true, memPct: true },
  });
  const bucketMs = BUCKET_MS[range];
  const buckets = new Map<number, { cpu: number[]; mem: number[] }>();
  for (const r of rows) {
    const key = Math.floor(r.at.getTime() / bucketMs) * bucketMs;
    const b = buckets.get(key) ?? { cpu: [], mem: [] };
    if (r.cpuPct !== null) b.cpu.push(r.cpuPct);
    if (r.memPct !== null) b.mem.push(r.memPct);
    buckets.set(key, b);
  }
  return [...buckets].map(([t, b]) => ({ t: new Date(t).toISOString(), cpu_pct: average(b.cpu), mem_pct: average(b.mem) }));
}
