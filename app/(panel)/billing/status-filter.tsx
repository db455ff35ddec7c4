import { cn } from "@/components/ui/cn";
import { statusLabel } from "@/lib/format/status-labels";

/** Filter links "All / Unpaid / Paid / …" for a list page; the active one is marked. */
export function StatusFilter({ kind, base, statuses, current }: { kind: "invoice" | "proforma"; base: string; statuses: readonly string[]; current: string | undefined }) {
  const options = [{ value: undefined, label: "All" }, ...statuses.map((s) => ({ value: s, label: statusLabel(kind, s) }))];
  return (
    <nav aria-label="Filter by status" className="flex flex-wrap gap-2 px-5 py-3">
      {options.map((o) => {
        const active = o.value === current;
        return (
          <a
            key={o.label}
            href={o.value ? `${base}?status=${o.value}` : base}
            aria-current={active ? "page" : undefined}
            className={cn(
              "rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset",
              active ? "bg-neutral-900 text-white ring-neutral-900" : "bg-white text-neutral-700 ring-neutral-200 hover:bg-neutral-50",
            )}
          >
            {o.label}
          </a>
        );
      })}
    </nav>
  );
}
