import type { DbOrTx } from "@/lib/db/client";

// The Traffic document (the reseller API spec "Traffic"; the customer API's `/dedicated/{id}/traffic` answers
// the same): rates in bits per second from the five-minute samples, daily byte totals, a summary and
// the month to date.

export const TRAFFIC_RANGES = ["1h", "6h", "24h", "7d", "30d"] as const;
export type TrafficRange = (typeof TRAFFIC_RANGES)[number];

export const RANGE_MS: Record<TrafficRange, number> = { "1h": 3_600_000, "6h": 6 * 3_600_000, "24h": 86_400_000, "7d": 7 * 86_400_000, "30d": 30 * 86_400_000 };
/** Long ranges are averaged into buckets so a chart gets a few hundred points, not thousands. */
export const BUCKET_MS: Record<TrafficRange, number> = { "1h": 300_000, "6h": 300_000, "24h": 300_000, "7d": 1_800_000, "30d": 7_200_000 };

export interface TrafficDocument {
  kind: "vps" | "dedicated";
  range: TrafficRange;
  /** No sample yet (a machine sampled for the first time within five minutes of running). */
  collecting: boolean;
  samples: { time: string; in: number; out: number }[];
  /** VPS only: bytes per UTC day over the last 30 days (whatever the range), oldest first. */
  daily?: { day: string; rx_bytes: number; tx_bytes: number }[];
  summary: { avgIn: number; avgOut: number; maxIn: number; maxOut: number; p95In: number; p95Out: number; totalSamples: number } | null;
  monthTotal: { total_bytes_in: number; total_bytes_out: number } | null;
}

const bps = (bytes: bigint, seconds: number) => Math.round((Number(bytes) * 8) / seconds);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
}

export async function trafficDocument(db: DbOrTx, serviceId: string, kind: "vps" | "dedicated", range: TrafficRange, now: Date): Promise<TrafficDocument> {
  const from = new Date(now.getTime() - RANGE_MS[range]);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [rows, month, any] = await Promise.all([
    db.machineSample.findMany({ where: { serviceId, at: { gt: from, lte: now }, seconds: { gt: 0 } }, orderBy: { at: "asc" }, select: { at: true, rxBytes: true, txBytes: true, seconds: true } }),
    db.machineSample.aggregate({ where: { serviceId, at: { gte: monthStart, lte: now } }, _sum: { rxBytes: true, txBytes: true }, _count: { _all: true } }),
    db.machineSample.findFirst({ where: { serviceId }, select: { id: true } }),
  ]);

  // Each sample is the average rate over the interval it closes; buckets average their samples by bytes.
  const bucketMs = BUCKET_MS[range];
  const buckets = new Map<number, { rx: bigint; tx: bigint; seconds: number }>();
  for (const r of rows) {
    const key = Math.floor(r.at.getTime() / bucketMs) * bucketMs;
    const b = buckets.get(key) ?? { rx: 0n, tx: 0n, seconds: 0 };
    b.rx += r.rxBytes;
    b.tx += r.txBytes;
    b.seconds += r.seconds;
    buckets.set(key, b);
  }
  const samples = [...buckets].map(([time, b]) => ({ time: new Date(time).toISOString(), in: bps(b.rx, b.seconds), out: bps(b.tx, b.seconds) }));

  const ins = rows.map((r) => bps(r.rxBytes, r.seconds)).sort((a, b) => a - b);
  const outs = rows.map((r) => bps(r.txBytes, r.seconds)).sort((a, b) => a - b);
  const seconds = rows.reduce((n, r) => n + r.seconds, 0);
  const summary =
    rows.length === 0
      ? null
      : {
          avgIn: bps(rows.reduce((n, r) => n + r.rxBytes, 0n), seconds),
          avgOut: bps(rows.reduce((n, r) => n + r.txBytes, 0n), seconds),
          maxIn: ins.at(-1)!,
          maxOut: outs.at(-1)!,
          p95In: percentile(ins, 0.95),
          p95Out: percentile(outs, 0.95),
          totalSamples: rows.length,
        };

  const doc: TrafficDocument = {
    kind,
    range,
    collecting: any === null,
    samples,
    summary,
    monthTotal: month._count._all === 0 ? null : { total_bytes_in: Number(month._sum.rxBytes ?? 0n), total_bytes_out: Number(month._sum.txBytes ?? 0n) },
  };
  if (kind === "vps") {
    // The last 30 days whatever the range: the series to bill or quote from.
    const days = await db.$queryRaw<{ day: string; rx: bigint; tx: bigint }[]>`
      SELECT to_char(date_trunc('day', "at"), 'YYYY-MM-DD') AS day, SUM("rxBytes")::bigint AS rx, SUM("txBytes")::bigint AS tx
      FROM "MachineSample"
      WHERE "serviceId" = ${serviceId}::uuid AND "at" > ${new Date(now.getTime() - RANGE_MS["30d"]).toISOString()}::timestamp AND "at" <= ${now.toISOString()}::timestamp
      GROUP BY 1 ORDER BY 1`;
    doc.daily = days.map((d) => ({ day: d.day, rx_bytes: Number(d.rx), tx_bytes: Number(d.tx) }));
  }
  return doc;
}
