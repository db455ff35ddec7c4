import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ReceiptIcon } from "@/components/ui/icons";
import { statusLabel } from "@/lib/format/status-labels";
import { BillingDocumentTable, type BillingDocumentRow } from "./document-table";
import { ListPager } from "./list-pager";
import { StatusFilter } from "./status-filter";

/** Lists this long, in the panel's invoice and proforma lists. */
export const DOCUMENT_PAGE_SIZE = 20;

/** `?status=` when it is one of `statuses`; anything else is no filter. */
export function statusParam<S extends string>(statuses: readonly S[], value: string | undefined): S | undefined {
  return statuses.includes(value as S) ? (value as S) : undefined;
}

/**
 * The card of the invoice or proforma list: the status filter, the page's documents (or why there
 * are none: none of that status, or none yet) and the pager, which keeps the filter.
 */
export function DocumentListCard({
  kind,
  filters,
  status,
  page,
  total,
  rows,
  extra,
  noneOfStatus,
  noneYet,
}: {
  kind: "invoice" | "proforma";
  /** The statuses offered as filters. */
  filters: readonly string[];
  status: string | undefined;
  page: number;
  total: number;
  rows: BillingDocumentRow[];
  extra: "remaining" | "invoice";
  /** Said before "Show all …" when nothing has the chosen status. */
  noneOfStatus?: React.ReactNode;
  /** Said when the account has none at all. */
  noneYet: React.ReactNode;
}) {
  const base = `/billing/${kind}s`;

  return (
    <Card>
      <StatusFilter kind={kind} base={base} statuses={filters} current={status} />
      {rows.length === 0 ? (
        status ? (
          <EmptyState title={`No ${statusLabel(kind, status).toLowerCase()} ${kind}s`}>
            {noneOfStatus}
            {noneOfStatus && " "}
            <a href={base} className="font-medium text-neutral-700 underline underline-offset-2">
              Show all {kind}s
            </a>
          </EmptyState>
        ) : (
          <EmptyState icon={<ReceiptIcon className="size-5" />} title={`No ${kind}s yet`}>
            {noneYet}
          </EmptyState>
        )
      ) : (
        <BillingDocumentTable kind={kind} rows={rows} extra={extra} />
      )}
      <ListPager page={page} pageSize={DOCUMENT_PAGE_SIZE} total={total} href={(p) => `${base}?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) })}`} />
    </Card>
  );
}
