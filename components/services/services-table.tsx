import Link from "next/link";
import { PagePager } from "@/components/layout/page-pager";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ServerIcon } from "@/components/ui/icons";
import { formatDate } from "@/lib/format/format-date";
import { ServiceFilterForm } from "./service-filter-form";
import { STATUS_LABELS } from "@/lib/format/status-labels";
import { ServiceStatusBadge } from "./service-status-badge";
import { ScrollBox } from "@/components/ui/scroll-box";

/** One service as the list shows it; each page maps its own reading of the service to this. */
export type ServicesTableRow = {
  id: string;
  /** The hostname, else the service's name: the link text and the row's accessible name. */
  name: string;
  href: string;
  /** The small line under the name (the plan, and whatever else the page adds). */
  detail: React.ReactNode;
  status: string;
  /** Why setup failed, shown under the status. */
  failure?: string | null;
  address: string | null;
  createdAt: Date;
  location?: string | null;
  /** The reseller's own id for the customer the service is for. */
  customer?: string | null;
};

/** The columns after Service and Status, shown from md up, in the order given. */
export type ServicesTableColumn = "customer" | "address" | "location" | "created";

const th = "px-4 py-2 text-left text-xs font-medium whitespace-nowrap text-neutral-500";
const td = "px-4 py-3 align-top text-sm text-neutral-700";
const dash = <span className="text-neutral-400">—</span>;

const COLUMNS: Record<ServicesTableColumn, { header: string; className: string; cell: (s: ServicesTableRow) => React.ReactNode }> = {
  customer: { header: "Customer", className: "", cell: (s) => s.customer ?? dash },
  address: { header: "Address", className: "font-mono", cell: (s) => s.address ?? <span className="font-sans text-neutral-400">—</span> },
  location: { header: "Location", className: "", cell: (s) => s.location ?? dash },
  created: { header: "Created", className: "whitespace-nowrap", cell: (s) => formatDate(s.createdAt) },
};

/** The services table: name (linked) and plan, status, then the chosen columns. */
export function ServicesTable({ rows, columns }: { rows: ServicesTableRow[]; columns: ServicesTableColumn[] }) {
  return (
    <ScrollBox label="Services">
      <table className="w-full">
        <thead>
          <tr className="border-b border-neutral-100">
            <th scope="col" className={th}>Service</th>
            <th scope="col" className={th}>Status</th>
            {columns.map((c) => (
              <th key={c} scope="col" className={`${th} hidden md:table-cell`}>
                {COLUMNS[c].header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {rows.map((s) => (
            <tr key={s.id} aria-label={s.name}>
              <td className={`${td} wrap-anywhere`}>
                <Link href={s.href} className="font-medium text-neutral-900 underline-offset-2 hover:underline">
                  {s.name}
                </Link>
                <p className="text-xs text-neutral-500">{s.detail}</p>
              </td>
              <td className={td}>
                <ServiceStatusBadge status={s.status} />
                {s.failure && <p className="mt-1 max-w-64 text-xs text-red-700">{s.failure}</p>}
              </td>
              {columns.map((c) => (
                <td key={c} className={`${td} hidden md:table-cell ${COLUMNS[c].className}`}>
                  {COLUMNS[c].cell(s)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

export type ServiceListQuery = { page: number; status?: string; search?: string };

/** The list's page, status filter and search from the URL; an unknown status is dropped. */
export function readServiceListQuery(params: { status?: string; q?: string; page?: string }): ServiceListQuery {
  return {
    page: Math.max(1, Number.parseInt(params.page ?? "1", 10) || 1),
    status: params.status && Object.hasOwn(STATUS_LABELS.service, params.status) ? params.status : undefined,
    search: params.q?.trim() || undefined,
  };
}

/**
 * The card of a services list: "No services yet" with `noneYet` when the account has none at all;
 * else the search and status filter, the table (or "No service matches") and the pager. `action`
 * is the list's own path; the pager keeps the filter.
 */
export function ServicesList({
  action,
  idPrefix,
  query,
  countsByStatus,
  noneYet,
  rows,
  columns,
  pages,
}: {
  action: string;
  idPrefix: string;
  query: ServiceListQuery;
  /** How many services have each status (all of the account's, whatever the filter). */
  countsByStatus: Record<string, number | undefined>;
  /** Where services come from, when there are none. */
  noneYet: React.ReactNode;
  rows: ServicesTableRow[];
  columns: ServicesTableColumn[];
  pages: number;
}) {
  if (!Object.values(countsByStatus).some(Boolean)) {
    return (
      <Card>
        <EmptyState icon={<ServerIcon className="size-5" />} title="No services yet">
          {noneYet}
        </EmptyState>
      </Card>
    );
  }
  const { page, status, search } = query;
  const pageHref = (p: number) => `${action}?${new URLSearchParams({ ...(status ? { status } : {}), ...(search ? { q: search } : {}), page: String(p) })}`;

  return (
    <Card>
      <ServiceFilterForm action={action} idPrefix={idPrefix} search={search} status={status} countsByStatus={countsByStatus} />
      {rows.length === 0 ? <EmptyState title="No service matches">Try another search or status, or clear the filter.</EmptyState> : <ServicesTable rows={rows} columns={columns} />}
      <PagePager page={page} pages={pages} href={pageHref} />
    </Card>
  );
}
