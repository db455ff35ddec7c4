import type { StatusKind } from "@/lib/format/status-labels";
import { StatusBadge } from "./status-badge";

/** A compact list of statuses with their counts, e.g. for services on a dashboard. */
export function StatusCounts({ kind, items }: { kind: StatusKind; items: Array<{ status: string; count: number }> }) {
  return (
    <ul className="divide-y divide-neutral-100">
      {items.map(({ status, count }) => (
        <li key={status} className="flex items-center justify-between py-2.5 text-sm">
          <StatusBadge kind={kind} status={status} />
          <span className="font-medium text-neutral-900 tabular-nums">{count}</span>
        </li>
      ))}
    </ul>
  );
}
