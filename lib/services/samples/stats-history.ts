import type { DbOrTx } from "@/lib/db/client";

// What the stats reads take from the five-minute samples (sample-machines.ts): a VPS's series of the
// last 24 hours, and the month's traffic and latest rates for both kinds.

export interface VpsSeriesPoint {
  t: string;
  cpu_pct: number | null;
  mem_used_bytes: number | null;
  mem_pct: number | null;
  disk_used_bytes: number | null;
  disk_pct: number | null;
  disk_rd_bps: null;
  disk_wr_bps: null;
  net_rx_bps: number | null;
  net_tx_bps: number | null;
  disks: never[];
  nics: never[];
}

const num = (v: bigint | null) => (v === null ? null : Number(v));
const rate = (bytes: bigint, seconds: number) => (seconds > 0 ? Math.round((Number(bytes) * 8) / seconds) : null);

/** The last 24 hours of samples, oldest first. Disk I/O rates are not sampled: null, never 0. */
export async function vpsSeries(db: DbOrTx, serviceId: string, now: Date): Promise<VpsSeriesPoint[]> {
  const rows = await db.machineSample.findMany({ where: { serviceId, at: { gt: new Date(now.getTime() - 86_400_000), lte: now } }, orderBy: { at: "asc" } });
  return rows.map((r) => ({
    t: r.at.toISOString(),
    cpu_pct: r.cpuPct,
    mem_used_bytes: num(r.memUsedBytes),
    mem_pct: r.memPct,
    disk_used_bytes: num(r.diskUsedBytes),
    disk_pct: r.diskPct,
    disk_rd_bps: null,
    disk_wr_bps: null,
    net_rx_bps: rate(r.rxBytes, r.seconds),
    net_tx_bps: rate(r.txBytes, r.seconds),
    disks: [],
    nics: [],
  }));
}

export interface TrafficToDate {
  /** How many samples the service has (a series needs two). */
  samples: number;
  month: { rxBytes: number; txBytes: number } | null;
  /** The latest sample's interval rate, bits per second; null before two samples. */
  latest: { rxBps: number | null; txBps: number | null; at: Date } | null;
}

export async function trafficToDate(db: DbOrTx, serviceId: string, now: Date): Promise<TrafficToDate> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [count, month, latest] = await Promise.all([
    db.machineSample.count({ where: { serviceId } }),
    db.machineSample.aggregate({ where: { serviceId, at: { gte: monthStart, lte: now } }, _sum: { rxBytes: true, txBytes: true }, _count: { _all: true } }),
    db.machineSample.findFirst({ where: { serviceId, at: { lte: now } }, orderBy: { at: "desc" } }),
  ]);
  return {
    samples: count,
    month: month._count._all === 0 ? null : { rxBytes: Number(month._sum.rxBytes ?? 0n), txBytes: Number(month._sum.txBytes ?? 0n) },
    latest: latest ? { rxBps: rate(latest.rxBytes, latest.seconds), txBps: rate(latest.txBytes, latest.seconds), at: latest.at } : null,
  };
}
