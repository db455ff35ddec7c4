import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ReceiptIcon } from "@/components/ui/icons";
import { can } from "@/lib/accounts/account-permissions";
import { requireCustomer } from "@/lib/auth/session";
import { listProformas, PROFORMA_STATUSES } from "@/lib/billing/list-proformas";
import type { ProformaStatus } from "@/lib/generated/prisma/enums";
import { BillingTabs } from "../billing-tabs";
import { BillingDocumentTable } from "../document-table";
import { pageParam } from "@/lib/format/search-params";
import { ListPager } from "../list-pager";
import { NoBillingAccess } from "../no-billing-access";
import { StatusFilter } from "../status-filter";

export const metadata: Metadata = { title: "Proformas" };

const PAGE_SIZE = 20;
// `paid` exists in the schema but a paid proforma is converted at once: no point offering the filter.
const FILTERS = PROFORMA_STATUSES.filter((s) => s !== "paid");

export default async function ProformasPage({ searchParams }: { searchParams: Promise<{ status?: string; page?: string }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer || !can(viewer.customer, "invoices.view")) {
    return <NoBillingAccess title="Proformas" linked={!!viewer.customer} permission="invoices.view" />;
  }
  const params = await searchParams;
  const status = PROFORMA_STATUSES.includes(params.status as ProformaStatus) ? (params.status as ProformaStatus) : undefined;
  const page = pageParam(params.page);
  const { proformas, total } = await listProformas({ accountId: viewer.customer.accountId }, { status, page, limit: PAGE_SIZE });

  return (
    <>
      <PageHeader title="Billing" description="A proforma is a request for payment; once paid in full it becomes an invoice." />
      <BillingTabs current="/billing/proformas" />
      <Card>
        <StatusFilter base="/billing/proformas" statuses={FILTERS} current={status} />
        {proformas.length === 0 ? (
          status ? (
            <EmptyState title={`No ${status} proformas`}>
              <a href="/billing/proformas" className="font-medium text-neutral-700 underline underline-offset-2">
                Show all proformas
              </a>
            </EmptyState>
          ) : (
            <EmptyState icon={<ReceiptIcon className="size-5" />} title="No proformas yet">
              Orders paid in advance get a proforma. Pay it from your credit and it becomes an invoice straight away.
            </EmptyState>
          )
        ) : (
          <BillingDocumentTable kind="proforma" rows={proformas} extra="invoice" />
        )}
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          href={(p) => `/billing/proformas?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) })}`}
        />
      </Card>
    </>
  );
}
