import { cn } from "./cn";

/** A labelled figure for dashboards. */
export function Stat({ label, value, detail, className }: { label: string; value: React.ReactNode; detail?: React.ReactNode; className?: string }) {
  return (
    <div className={cn("rounded-lg border border-neutral-200 bg-white px-5 py-4 shadow-xs", className)}>
      <dt className="text-sm text-neutral-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-neutral-900 tabular-nums">{value}</dd>
      {detail && <dd className="mt-1 text-xs text-neutral-500">{detail}</dd>}
    </div>
  );
}
