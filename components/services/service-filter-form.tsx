import Link from "next/link";
import { STATUS_LABELS } from "@/lib/format/status-labels";
import { buttonClasses } from "@/components/ui/button-classes";
import { inputClasses } from "@/components/ui/input";

/** The services list's search and status filter; a plain GET form, so it works before hydration and by keyboard. */
export function ServiceFilterForm({
  action,
  idPrefix,
  search,
  status,
  countsByStatus,
}: {
  action: string;
  idPrefix: string;
  search?: string;
  status?: string;
  /** How many services have each status; shown beside the status names. */
  countsByStatus: Record<string, number | undefined>;
}) {
  const filtered = Boolean(status || search);
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-3 border-b border-neutral-100 p-4" role="search" aria-label="Filter services">
      <div className="space-y-1.5">
        <label htmlFor={`${idPrefix}-q`} className="block text-sm font-medium text-neutral-800">
          Search
        </label>
        <input id={`${idPrefix}-q`} name="q" defaultValue={search ?? ""} placeholder="Hostname, name or plan" className={`${inputClasses} w-64`} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${idPrefix}-status`} className="block text-sm font-medium text-neutral-800">
          Status
        </label>
        <select id={`${idPrefix}-status`} name="status" defaultValue={status ?? ""} className={`${inputClasses} pr-8`}>
          <option value="">Any status</option>
          {Object.entries(STATUS_LABELS.service).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
              {countsByStatus[value] ? ` (${countsByStatus[value]})` : ""}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClasses({ variant: "secondary" })}>
        Filter
      </button>
      {filtered && (
        <Link href={action} className={buttonClasses({ variant: "ghost" })}>
          Clear
        </Link>
      )}
    </form>
  );
}
