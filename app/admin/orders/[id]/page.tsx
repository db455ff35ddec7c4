import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { OperatorActivityCard } from "@/app/admin/_components/operator-activity-card";
import { PaymentsCard, RefundsCard } from "@/app/admin/_components/payment-tables";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { pageTitle } from "@/components/layout/page-title";
import { StatusBadge } from "@/components/status/status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail";
import { EmptyState } from "@/components/ui/empty-state";
import { Toaster } from "@/components/ui/toast";
import { getAdminOrderOrThrow, type AdminOrder } from "@/lib/admin/orders/get-admin-order-or-throw";
import { ORDER_TYPE_LABEL } from "@/lib/admin/orders/order-type-label";
import { requireOperatorContext } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors/domain-error";
import { formatDate } from "@/lib/format/format-date";
import { formatDateTime } from "@/lib/format/format-date-time";
import { formatMoney } from "@/lib/format/format-money";
import { formatUnitMoney } from "@/lib/format/format-unit-money";
import { formatVatRate } from "@/lib/format/format-vat-rate";
import { statusLabel } from "@/lib/format/status-labels";
import { BILLING_CYCLE_LABEL } from "@/lib/pricing";
import { cancelOrderAction, retryOrderAction } from "./actions";
import { OrderControls } from "./order-controls";

type Params = { params: Promise<{ id: string }> };

const PAYMENT_MODE_LABEL: Record<string, string> = { saved_method: "Saved card", credit: "Credit", invoice: "Invoice", storefront: "Reseller storefront" };

// One read per request, shared by the title and the page.
const loadOrder = cache(async (orderId: string): Promise<AdminOrder> => {
  const ctx = await requireOperatorContext();
  try {
    return await getAdminOrderOrThrow(ctx, { orderId });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { id } = await params;
  const o = await loadOrder(id);
  return { title: pageTitle(o.orderNumber, "Orders") };
}

function Totals({ o }: { o: AdminOrder }) {
  const m = (v: { toString(): string }) => formatMoney(v, o.currency);
  const rows = [
    { label: "Subtotal", value: m(o.amount) },
    { label: `VAT ${formatVatRate(o.vatRate)}`, value: m(o.vat) },
    { label: "Total", value: m(o.total), strong: true },
  ];
  return (
    <dl className="ml-auto max-w-sm space-y-1 text-sm">
      {rows.map((r) => (
        <div key={r.label} className={`flex justify-between gap-6 ${r.strong ? "font-semibold text-neutral-900" : "text-neutral-700"}`}>
          <dt>{r.label}</dt>
          <dd className="tabular-nums">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default async function AdminOrderPage({ params }: Params) {
  const { id } = await params;
  const o = await loadOrder(id);
  const customer = o.account.company ?? o.account.name;
  const documents = [...o.proformas.map((d) => ({ ...d, type: "proforma" as const })), ...o.invoices.map((d) => ({ ...d, type: "invoice" as const }))];

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/orders" className="text-neutral-600 underline underline-offset-2">
          ← Orders
        </Link>
      </p>
      <PageHeader
        title={`Order ${o.orderNumber}`}
        description={
          <>
            {ORDER_TYPE_LABEL[o.orderType]} for{" "}
            <Link href={`/admin/customers/${o.account.id}`} className={linkClass}>
              {customer}
            </Link>
            {o.reseller && <> through the reseller {o.reseller.name}</>}, placed {formatDateTime(o.createdAt)}
          </>
        }
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge kind="order" status={o.status} />
            <OrderControls can={o.can} cancel={cancelOrderAction.bind(null, o.id)} retry={retryOrderAction.bind(null, o.id)} />
          </div>
        }
      />

      <div className="mb-6 space-y-3 empty:hidden">
        {o.provisioningError && (
          <Alert tone="error" title="Setup failed">
            {o.provisioningError}
          </Alert>
        )}
        {o.paymentFailedReason && o.status === "payment_failed" && (
          <Alert tone="warning" title="The charge was refused">
            {o.paymentFailedReason}. The customer can retry it with another card; cancelling the order closes it for good.
          </Alert>
        )}
        {o.status !== "cancelled" && o.cancelRefusal && <Alert tone="info">Cancel is not offered: {o.cancelRefusal}</Alert>}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title="Lines" description="What was ordered, at the prices charged." />
          <Table head={["Product", "Cycle", "\u200bQty", "\u200bUnit", "\u200bSet-up"]} label="Lines">
            {o.items.map((item) => (
              <tr key={item.id}>
                <Td>
                  {item.product.name}
                  {item.hostname && <span className="block text-xs break-all text-neutral-500">{item.hostname}</span>}
                  {item.options.map((opt) => (
                    <span key={opt.id} className="block text-xs text-neutral-500">
                      + {opt.option.name} × {opt.quantity} at {formatUnitMoney(opt.unitPrice, o.currency)}
                    </span>
                  ))}
                </Td>
                <Td className="whitespace-nowrap">{BILLING_CYCLE_LABEL[item.billingCycle]}</Td>
                <Td className="text-right tabular-nums">{item.quantity}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{formatUnitMoney(item.unitPrice, o.currency)}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(item.setupFee, o.currency)}</Td>
              </tr>
            ))}
          </Table>
          <CardBody>
            <Totals o={o} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Order" />
          <CardBody>
            <dl className="grid grid-cols-1 gap-4">
              <Detail label="Customer">
                <Link href={`/admin/customers/${o.account.id}`} className={linkClass}>
                  {customer}
                </Link>
                <span className="block text-xs break-all text-neutral-500">{o.account.owner.email}</span>
                {o.account.status !== "active" && <StatusBadge kind="account" status={o.account.status} />}
              </Detail>
              {o.reseller && (
                <Detail label="Reseller">
                  <Link href={`/admin/resellers/${o.reseller.id}`} className={linkClass}>
                    {o.reseller.name}
                  </Link>
                  {o.externalOrderId && <span className="block font-mono text-xs break-all text-neutral-500">Their order id: {o.externalOrderId}</span>}
                </Detail>
              )}
              <Detail label="Payment">
                {o.status === "cancelled" && o.paymentStatus === "pending" ? "Not paid" : statusLabel("payment", o.paymentStatus)}
                {o.paymentMode && <span className="block text-xs text-neutral-500">{PAYMENT_MODE_LABEL[o.paymentMode] ?? o.paymentMode}</span>}
              </Detail>
              <Detail label="Setup">{o.provisioningStatus ? statusLabel("provisioning", o.provisioningStatus) : "—"}</Detail>
            </dl>
          </CardBody>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader title="Services" description="The services this order created, with their state now." />
        {o.services.length === 0 ? (
          <EmptyState title="No services">An add-on, plan change or renewal order changes a service that already exists.</EmptyState>
        ) : (
          <Table head={["Service", "Status"]} label="Services">
            {o.services.map((s) => (
              <tr key={s.id}>
                <Td>
                  <Link href={`/admin/services/${s.id}`} className={`${linkClass} break-all`}>
                    {s.hostname ?? s.name}
                  </Link>
                </Td>
                <Td className="whitespace-nowrap">
                  <StatusBadge kind="service" status={s.status} />
                  {s.failureCode && <span className="block text-xs text-neutral-500">{s.failureCode}</span>}
                </Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>

      <Card className="mt-6">
        <CardHeader title="Documents" description="The proforma and invoice raised for this order." />
        {documents.length === 0 ? (
          <EmptyState title="No documents">A document is raised when the order is invoiced or paid; a saved-card charge that was refused raises none.</EmptyState>
        ) : (
          <Table head={["Number", "\u200bTotal", "\u200bPaid", "Status", "Issued"]} label="Documents">
            {documents.map((d) => (
              <tr key={`${d.type}-${d.id}`}>
                <Td>
                  <Link href={`/admin/invoices/${d.type}/${d.id}`} className={`${linkClass} font-mono text-xs whitespace-nowrap`}>
                    {d.number}
                  </Link>
                </Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(d.total, d.currency)}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(d.paidAmount, d.currency)}</Td>
                <Td className="whitespace-nowrap">
                  <StatusBadge kind={d.type} status={d.status} />
                </Td>
                <Td className="whitespace-nowrap text-neutral-600">{formatDate(d.issuedAt)}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>

      <PaymentsCard
        payments={o.payments.map(({ gatewayReference, ...p }) => ({ ...p, reference: gatewayReference }))}
        of="this order"
        empty={<>Payments on the order itself (saved card, credit) and on its documents are listed here.</>}
      />
      <RefundsCard refunds={o.refunds} of="this order" />
      <OperatorActivityCard entries={o.activity} of="this order" empty={<>Cancellations and setup retries from this page are recorded here and on the customer&rsquo;s page.</>} />
      <Toaster />
    </>
  );
}
