"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Area, AreaChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { chartTicks, formatChartMoment, formatChartTick } from "@/lib/format/chart-time";
import { formatBitsPerSecond, formatBytes } from "@/lib/format/data-units";
import { serviceKeys } from "@/lib/query/keys";
import { seriesSummary } from "@/lib/format/series-summary";
import type { ServiceUsage } from "@/lib/services/samples/service-usage";

/** Loads the card's data: a server action scoped to the viewer (the panel's or the reseller portal's). */
export type LoadUsage = (serviceId: string, range: string) => Promise<ServiceUsage | null>;

const RANGES = [
  { value: "24h", label: "24 hours" },
  { value: "7d", label: "7 days" },
  { value: "30d", label: "30 days" },
] as const;
type Range = (typeof RANGES)[number]["value"];

const RANGE_MS: Record<Range, number> = { "24h": 86_400_000, "7d": 7 * 86_400_000, "30d": 30 * 86_400_000 };
const tooltipTime = (at: unknown) => formatChartMoment(Number(at));
const RANGE_PHRASE: Record<Range, string> = { "24h": "the last 24 hours", "7d": "the last 7 days", "30d": "the last 30 days" };
const percent = (v: number) => `${Math.round(v)}%`;

/** Traffic (and a VPS's CPU and memory) from the five-minute samples, as charts with a range switch. */
export function UsageCard({ serviceId, kind, load }: { serviceId: string; kind: "vps" | "dedicated"; load: LoadUsage }) {
  const [range, setRange] = useState<Range>("24h");
  const { data, isPending } = useQuery({
    queryKey: serviceKeys.usage(serviceId, range),
    queryFn: () => load(serviceId, range),
    // New samples arrive every five minutes.
    refetchInterval: 300_000,
  });

  return (
    <Card data-testid="usage-card">
      <CardHeader
        title="Usage"
        description={kind === "vps" ? "Network traffic, CPU and memory, sampled every five minutes." : "Switch-port traffic, sampled every five minutes."}
        action={
          <div role="group" aria-label="Time range" className="inline-flex rounded-md border border-neutral-200 p-0.5">
            {RANGES.map((r) => (
              <button
                key={r.value}
                type="button"
                aria-pressed={range === r.value}
                onClick={() => setRange(r.value)}
                className={`rounded px-2.5 py-1 text-xs font-medium ${range === r.value ? "bg-neutral-900 text-white" : "text-neutral-600 hover:bg-neutral-100"}`}
              >
                {r.label}
              </button>
            ))}
          </div>
        }
      />
      {isPending ? (
        <CardBody>
          <div role="status" className="h-48 animate-pulse rounded-md bg-neutral-50" aria-label="Loading usage" />
        </CardBody>
      ) : !data || data.traffic.collecting || data.traffic.samples.length === 0 ? (
        <EmptyState title={data?.traffic.collecting === false ? "No traffic in this range" : "No samples yet"}>
          {data?.traffic.collecting === false
            ? "The server was not running in this period, or its counters could not be read. Pick a longer range."
            : "The first figures appear within ten minutes of the server running: a sample is taken every five minutes."}
        </EmptyState>
      ) : (
        <UsageCharts usage={data} range={range} />
      )}
    </Card>
  );
}

/**
 * The x axis of every chart on the card: the whole range as time (so the charts line up and a gap
 * shows as a gap), ticks on the hour for 24 hours and on each UTC midnight for 7 and 30 days.
 */
function timeAxis(range: Range, to: number) {
  const from = to - RANGE_MS[range];
  return {
    dataKey: "at",
    type: "number" as const,
    scale: "time" as const,
    domain: [from, to],
    ticks: chartTicks(range, from, to),
    tickFormatter: (at: number) => formatChartTick(range, at),
    tick: { fontSize: 11, fill: "#737373" },
    minTickGap: 24,
  };
}

function UsageCharts({ usage, range }: { usage: ServiceUsage; range: Range }) {
  const { traffic, series } = usage;
  const samples = traffic.samples.map((p) => ({ ...p, at: Date.parse(p.time) }));
  const cpu = (series ?? []).filter((p) => p.cpu_pct !== null || p.mem_pct !== null).map((p) => ({ ...p, at: Date.parse(p.t) }));
  // The range ends at the newest point the server had (its clock, not the browser's).
  const to = Math.max(samples.at(-1)?.at ?? 0, cpu.at(-1)?.at ?? 0);
  const axis = timeAxis(range, to);
  const figures = [
    { label: "In this month", value: traffic.monthTotal ? formatBytes(traffic.monthTotal.total_bytes_in) : "—", hint: "received" },
    { label: "Out this month", value: traffic.monthTotal ? formatBytes(traffic.monthTotal.total_bytes_out) : "—", hint: "sent" },
    { label: "95th percentile in", value: traffic.summary ? formatBitsPerSecond(traffic.summary.p95In) : "—", hint: "over the range" },
    { label: "95th percentile out", value: traffic.summary ? formatBitsPerSecond(traffic.summary.p95Out) : "—", hint: "over the range" },
  ];
  return (
    <CardBody className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figures.map((f) => (
          <div key={f.label}>
            <dt className="text-xs text-neutral-500">{f.label}</dt>
            <dd className="mt-0.5 text-sm font-semibold text-neutral-900 tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
      <figure>
        <figcaption className="mb-2 text-xs font-medium text-neutral-600">Traffic (bits per second)</figcaption>
        <p className="sr-only">
          {seriesSummary(`Traffic in over ${RANGE_PHRASE[range]}`, samples.map((p) => ({ at: p.at, value: p.in })), formatBitsPerSecond, formatChartMoment)}{" "}
          {seriesSummary(`Traffic out over ${RANGE_PHRASE[range]}`, samples.map((p) => ({ at: p.at, value: p.out })), formatBitsPerSecond, formatChartMoment)}
        </p>
        <div className="h-48">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={samples} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
              <CartesianGrid stroke="#f1f1f1" vertical={false} />
              <XAxis {...axis} />
              <YAxis tickFormatter={(v: number) => formatBitsPerSecond(v)} tick={{ fontSize: 11, fill: "#737373" }} width={96} />
              <Tooltip labelFormatter={tooltipTime} formatter={(v) => formatBitsPerSecond(Number(v))} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Area type="monotone" dataKey="in" name="In" stroke="#2563eb" fill="#2563eb" fillOpacity={0.15} isAnimationActive={false} />
              <Area type="monotone" dataKey="out" name="Out" stroke="#16a34a" fill="#16a34a" fillOpacity={0.15} isAnimationActive={false} />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </figure>
      {cpu.length > 0 && (
        <figure>
          <figcaption className="mb-2 text-xs font-medium text-neutral-600">CPU and memory (percent)</figcaption>
          <p className="sr-only">
            {seriesSummary(`CPU over ${RANGE_PHRASE[range]}`, cpu.map((p) => ({ at: p.at, value: p.cpu_pct })), percent, formatChartMoment)}{" "}
            {seriesSummary(`Memory over ${RANGE_PHRASE[range]}`, cpu.map((p) => ({ at: p.at, value: p.mem_pct })), percent, formatChartMoment)}
          </p>
          <div className="h-40">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={cpu} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
                <CartesianGrid stroke="#f1f1f1" vertical={false} />
                <XAxis {...axis} />
                <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={{ fontSize: 11, fill: "#737373" }} width={96} />
                <Tooltip labelFormatter={tooltipTime} formatter={(v) => `${Number(v).toFixed(1)}%`} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Line type="monotone" dataKey="cpu_pct" name="CPU" stroke="#9333ea" dot={false} isAnimationActive={false} />
                <Line type="monotone" dataKey="mem_pct" name="Memory" stroke="#ea580c" dot={false} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        </figure>
      )}
    </CardBody>
  );
}
