import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { mayAccess } from "@/lib/accounts/account-access";
import { requireCustomer } from "@/lib/auth/session";
import { listProformas, PROFORMA_STATUSES } from "@/lib/billing/list-proformas";
import { BillingTabs } from "../billing-tabs";
import { DOCUMENT_PAGE_SIZE, DocumentListCard, statusParam } from "../document-list-card";
import { pageParam } from "@/lib/format/search-params";
import { NoBillingAccess } from "../no-billing-access";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Proformas" };

// `paid` exists in the schema but a paid proforma is converted at once: no point offering the filter.
const FILTERS = PROFORMA_STATUSES.filter((s) => s !== "paid");

export default async function ProformasPage({ searchParams }: { searchParams: Promise<{ status?: string; page?: string }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer || !mayAccess(viewer.customer, "invoices:view")) {
    return <NoBillingAccess title="Proformas" linked={!!viewer.customer} permission="invoices.view" />;
  }
  const params = await searchParams;
  const status = statusParam(PROFORMA_STATUSES, params.status);
  const page = pageParam(params.page);
  const { proformas, total } = await listProformas({ db: getDb(), now: new Date(), actor: { accountId: viewer.customer.accountId } }, { status, page, limit: DOCUMENT_PAGE_SIZE });

  return (
    <>
      <PageHeader title="Billing" description="A proforma is a request for payment; once paid in full it becomes an invoice." />
      <BillingTabs current="/billing/proformas" />
      <DocumentListCard
        kind="proforma"
        filters={FILTERS}
        status={status}
        page={page}
        total={total}
        rows={proformas}
        extra="invoice"
        noneYet="Orders paid in advance get a proforma. Pay it from your credit and it becomes an invoice straight away."
      />
    </>
  );
}
