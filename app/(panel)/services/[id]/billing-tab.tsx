import { BillingDocumentTable } from "../../billing/document-table";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail";
import { getDb } from "@/lib/db/client";
import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import { billingCycleValue } from "@/lib/services/billing-cycle-value";
import { loadPanelServiceChanges } from "@/lib/services/changes/panel-service-changes";
import type { ScopedService } from "@/lib/services/find-scoped-service-or-throw";
import { listServiceBillingDocuments } from "@/lib/services/list-service-billing-documents";
import type { panelServiceAccess } from "@/lib/services/panel-service-access";
import { serviceContext } from "@/lib/services/service-context";
import { RenewNow } from "./renew-now";
import { AddonsCard, UpgradeCard } from "./service-changes-cards";

/**
 * The Billing tab: what the service costs and until when it is paid, "Renew now", the upgrades and
 * add-ons of a VPS, and the invoices and proformas that bill it.
 */
export async function BillingTab({
  service,
  access,
  buyer,
  renewable,
}: {
  service: ScopedService;
  access: ReturnType<typeof panelServiceAccess>;
  buyer: { accountId: string; userId: string };
  renewable: boolean;
}) {
  const db = getDb();
  const ctx = serviceContext({ db, actor: access.scope });
  // Upgrades and add-ons are sold for a VPS that runs (as the API's /upgrades and /addons).
  const changeable = service.product.kind === "vps" && (service.status === "active" || service.status === "suspended");
  const [documents, changes] = await Promise.all([
    listServiceBillingDocuments(ctx, { serviceId: service.id }),
    changeable ? loadPanelServiceChanges({ ...ctx, buyer: { kind: "customer", ...buyer } }, { serviceId: service.id }) : null,
  ]);
  return (
    <>
      <Card>
        <CardHeader title="Billing" />
        <CardBody className="space-y-4">
          <dl className="grid gap-4 sm:grid-cols-3">
            <Detail label="Price">
              {formatMoney(service.amount, service.currency)} / {billingCycleValue(service.billingCycle)}
            </Detail>
            <Detail label="Next due date">{service.nextDueDate ? formatDate(service.nextDueDate) : "—"}</Detail>
            <Detail label="Ordered">{formatDate(service.createdAt)}</Detail>
          </dl>
        </CardBody>
      </Card>
      {renewable && (
        <Card>
          <CardHeader title="Renewal" />
          <CardBody>
            <RenewNow serviceId={service.id} nextDueDate={formatDate(service.nextDueDate!)} />
          </CardBody>
        </Card>
      )}
      {changes && (
        <UpgradeCard serviceId={service.id} currency={changes.currency} cycle={changes.cycle} rows={changes.rows} pending={changes.pending} canManage={access.canManage} unavailable={changes.unavailable} />
      )}
      {changes && (
        <AddonsCard
          serviceId={service.id}
          currency={changes.currency}
          cycle={changes.cycle}
          held={changes.held}
          available={changes.available}
          canManage={access.canManage && service.status === "active"}
          canCancel={access.canCancel}
        />
      )}
      <Card>
        <CardHeader title="Invoices" description="The invoices with a line for this service: its order, renewals, upgrades and add-ons. Every invoice is under Billing." />
        {documents.invoices.length === 0 ? (
          <CardBody>
            <p className="text-sm text-neutral-500">No invoice bills this service yet.</p>
          </CardBody>
        ) : (
          <BillingDocumentTable kind="invoice" rows={documents.invoices} extra="remaining" />
        )}
      </Card>
      {documents.proformas.length > 0 && (
        <Card>
          <CardHeader title="Proformas" description="Payment requests for this service; a paid one becomes an invoice." />
          <BillingDocumentTable kind="proforma" rows={documents.proformas} extra="invoice" />
        </Card>
      )}
    </>
  );
}
