/** used / total with a bar; the figure is the text, the bar only repeats it. */
export function UsageBar({ used, total, unit }: { used: number; total: number; unit: string }) {
  const pct = total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0;
  return (
    <div className="min-w-28">
      <span className="text-xs tabular-nums text-neutral-700">
        {used.toLocaleString("en-GB")} / {total.toLocaleString("en-GB")} {unit}
      </span>
      <div className="mt-1 h-1.5 rounded-full bg-neutral-100" aria-hidden="true">
        <div className={`h-1.5 rounded-full ${pct >= 90 ? "bg-red-500" : pct >= 70 ? "bg-amber-500" : "bg-emerald-500"}`} style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
