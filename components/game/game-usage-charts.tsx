"use client";

import { Area, AreaChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { EmptyState } from "@/components/ui/empty-state";
import { formatChartClock } from "@/lib/format/chart-time";
import { formatBitsPerSecond, formatBytes } from "@/lib/format/data-units";
import { seriesSummary } from "@/lib/format/series-summary";
import type { GameStatsSample } from "./game-console";

// Samples a few seconds apart: the clock with seconds, in UTC like every time on the pages.
const time = (at: unknown) => formatChartClock(Number(at), { seconds: true });

/**
 * Live CPU, memory and disk of the game server from the console's `stats` events (a few seconds
 * apart, the last few minutes kept in the page), with the memory and disk limits drawn in.
 */
export function GameUsageCharts({ samples, limits }: { samples: GameStatsSample[]; limits: { memoryMb: number; diskMb: number } }) {
  const last = samples.at(-1);
  if (!last) return <EmptyState title="No usage yet">Usage appears here a few seconds after the console connects.</EmptyState>;
  const memoryLimit = limits.memoryMb * 1024 * 1024;
  const data = samples.map((s, i) => {
    // Network totals since the node started: the rate is the change since the previous sample.
    const prev = samples[i - 1];
    const seconds = prev ? (s.at - prev.at) / 1000 : 0;
    const rate = (now: number | null, before: number | null | undefined) => (now === null || before === null || before === undefined || seconds <= 0 ? null : Math.max(0, ((now - before) * 8) / seconds));
    return {
      at: s.at,
      cpu: Math.round(s.cpuPercent * 10) / 10,
      memoryMb: Math.round(s.memoryBytes / 1024 / 102.4) / 10,
      inBps: rate(s.networkRxBytes, prev?.networkRxBytes),
      outBps: rate(s.networkTxBytes, prev?.networkTxBytes),
    };
  });
  const lastRates = data.at(-1)!;
  return (
    <div className="space-y-4" data-testid="game-usage">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-neutral-500">CPU</dt>
          <dd className="font-semibold tabular-nums">{last.cpuPercent.toFixed(1)} %</dd>
        </div>
        <div>
          <dt className="text-neutral-500">Memory</dt>
          <dd className="font-semibold tabular-nums">
            {formatBytes(last.memoryBytes)} <span className="font-normal text-neutral-500">of {formatBytes(memoryLimit)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-neutral-500">Disk</dt>
          <dd className="font-semibold tabular-nums">
            {formatBytes(last.diskBytes)} <span className="font-normal text-neutral-500">of {formatBytes(limits.diskMb * 1024 * 1024)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-neutral-500">Network</dt>
          <dd className="font-semibold tabular-nums">
            {last.networkRxBytes === null ? (
              <span className="font-normal text-neutral-500">not measured</span>
            ) : (
              <>
                ↓ {formatBitsPerSecond(lastRates.inBps ?? 0)} <span className="font-normal text-neutral-500">·</span> ↑ {formatBitsPerSecond(lastRates.outBps ?? 0)}
              </>
            )}
          </dd>
        </div>
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        <figure>
          <figcaption className="mb-1 text-xs font-medium text-neutral-600">CPU (% of one core)</figcaption>
          <p className="sr-only">{seriesSummary("CPU over the last few minutes", data.map((d) => ({ at: d.at, value: d.cpu })), (v) => `${Math.round(v)}% of one core`, time)}</p>
          <div className="h-40">
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e5e5e5" />
                <XAxis dataKey="at" tickFormatter={time} tick={{ fontSize: 11 }} minTickGap={40} />
                <YAxis tick={{ fontSize: 11 }} domain={[0, (max: number) => Math.max(100, Math.ceil(max))]} />
                <Tooltip labelFormatter={time} formatter={(v) => [`${String(v)} %`, "CPU"]} />
                <Area type="monotone" dataKey="cpu" stroke="#2563eb" fill="#bfdbfe" isAnimationActive={false} />
              </AreaChart>
            </ResponsiveContainer>
          </div>
        </figure>
        <figure>
          <figcaption className="mb-1 text-xs font-medium text-neutral-600">Memory (MB), limit {limits.memoryMb} MB</figcaption>
          <p className="sr-only">{seriesSummary(`Memory over the last few minutes, limit ${limits.memoryMb} MB`, data.map((d) => ({ at: d.at, value: d.memoryMb })), (v) => `${Math.round(v)} MB`, time)}</p>
          <div className="h-40">
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e5e5e5" />
                <XAxis dataKey="at" tickFormatter={time} tick={{ fontSize: 11 }} minTickGap={40} />
                <YAxis tick={{ fontSize: 11 }} domain={[0, limits.memoryMb]} />
                <Tooltip labelFormatter={time} formatter={(v) => [`${String(v)} MB`, "Memory"]} />
                <ReferenceLine y={limits.memoryMb} stroke="#dc2626" strokeDasharray="4 4" />
                <Area type="monotone" dataKey="memoryMb" stroke="#059669" fill="#a7f3d0" isAnimationActive={false} />
              </AreaChart>
            </ResponsiveContainer>
          </div>
        </figure>
        {last.networkRxBytes !== null && (
          <figure className="md:col-span-2">
            <figcaption className="mb-1 text-xs font-medium text-neutral-600">Network on the game port (in and out)</figcaption>
            <p className="sr-only">
              {seriesSummary("Network in over the last few minutes", data.map((d) => ({ at: d.at, value: d.inBps })), formatBitsPerSecond, time)}{" "}
              {seriesSummary("Network out over the last few minutes", data.map((d) => ({ at: d.at, value: d.outBps })), formatBitsPerSecond, time)}
            </p>
            <div className="h-40">
              <ResponsiveContainer width="100%" height="100%">
                <AreaChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e5e5e5" />
                  <XAxis dataKey="at" tickFormatter={time} tick={{ fontSize: 11 }} minTickGap={40} />
                  <YAxis tick={{ fontSize: 11 }} tickFormatter={(v: number) => formatBitsPerSecond(v)} width={72} />
                  <Tooltip labelFormatter={time} formatter={(v, name) => [formatBitsPerSecond(Number(v)), name === "inBps" ? "In" : "Out"]} />
                  <Area type="monotone" dataKey="inBps" stroke="#7c3aed" fill="#ddd6fe" isAnimationActive={false} connectNulls />
                  <Area type="monotone" dataKey="outBps" stroke="#ea580c" fill="#fed7aa" isAnimationActive={false} connectNulls />
                </AreaChart>
              </ResponsiveContainer>
            </div>
          </figure>
        )}
      </div>
      {last.networkRxBytes === null && <p className="text-xs text-neutral-500">Network use is not measured on this node (it needs iproute2&apos;s ss).</p>}
    </div>
  );
}
