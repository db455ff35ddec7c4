import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PaymentsCard, RefundsCard } from "@/app/admin/_components/payment-tables";
import { OperatorActivityCard } from "@/app/admin/_components/operator-activity-card";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { pageTitle } from "@/components/layout/page-title";
import { StatusBadge } from "@/components/status/status-badge";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail";
import { Toaster } from "@/components/ui/toast";
import { documentKindOf } from "@/lib/admin/invoices/admin-document";
import { getAdminInvoiceOrThrow, type AdminInvoice } from "@/lib/admin/invoices/get-admin-invoice-or-throw";
import { requireOperatorContext } from "@/lib/auth/session";
import { INVOICE_DOCUMENT_TITLE, paidRows, relatedDocumentNote } from "@/lib/billing/invoice-document-labels";
import { DomainError } from "@/lib/errors/domain-error";
import { formatCountry } from "@/lib/format/format-country";
import { formatDate } from "@/lib/format/format-date";
import { formatDateTime } from "@/lib/format/format-date-time";
import { formatMoney } from "@/lib/format/format-money";
import { formatUnitMoney } from "@/lib/format/format-unit-money";
import { formatVatRate } from "@/lib/format/format-vat-rate";
import { statusLabel } from "@/lib/format/status-labels";
import { markPaidAction, refundInvoiceAction, voidDocumentAction } from "./actions";
import { InvoiceControls } from "./invoice-controls";

type Params = { params: Promise<{ kind: string; id: string }> };

// One read per request, shared by the title and the page.
const loadDocument = cache(async (kind: string, id: string): Promise<AdminInvoice> => {
  const type = documentKindOf(kind);
  if (!type) notFound();
  const ctx = await requireOperatorContext();
  try {
    return await getAdminInvoiceOrThrow(ctx, { type, id });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { kind, id } = await params;
  const d = await loadDocument(kind, id);
  return { title: pageTitle(d.document.number, "Invoices") };
}

function Totals({ d }: { d: AdminInvoice["document"] }) {
  const m = (v: { toString(): string }) => formatMoney(v, d.currency);
  const rows: { label: string; value: string; strong?: boolean; gap?: boolean }[] = [
    { label: "Subtotal", value: m(d.subtotal) },
    ...d.vatLines.map((v) => ({ label: `VAT ${formatVatRate(v.ratePercent)} on ${m(v.base)}`, value: m(v.amount) })),
    { label: "Total", value: m(d.total), strong: true },
    ...paidRows(d, m),
    { label: "Amount due", value: m(d.remainingAmount), strong: true, gap: true },
  ];
  return (
    <dl className="ml-auto max-w-sm space-y-1 text-sm">
      {rows.map((r) => (
        <div key={r.label} className={`flex justify-between gap-6 ${r.gap ? "border-t border-neutral-200 pt-2" : ""} ${r.strong ? "font-semibold text-neutral-900" : "text-neutral-700"}`}>
          <dt>{r.label}</dt>
          <dd className="tabular-nums">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default async function AdminInvoicePage({ params }: Params) {
  const { kind, id } = await params;
  const a = await loadDocument(kind, id);
  const d = a.document;
  const base = `/admin/invoices/${d.type}/${d.id}`;
  const customer = a.account.company ?? a.account.name;
  const note = relatedDocumentNote(d);

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/invoices" className="text-neutral-600 underline underline-offset-2">
          ← Invoices
        </Link>
      </p>
      <PageHeader
        title={`${INVOICE_DOCUMENT_TITLE[d.type]} ${d.number}`}
        description={
          <>
            For{" "}
            <Link href={`/admin/customers/${a.account.id}`} className={linkClass}>
              {customer}
            </Link>
            , issued {formatDate(d.issuedAt)}, due {formatDate(d.dueDate)}
          </>
        }
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge kind={d.type} status={d.status} />
            <a href={`${base}/print`} className={buttonClasses({ variant: "ghost" })}>
              Print
            </a>
            <a href={`${base}/pdf`} className={buttonClasses({ variant: "ghost" })}>
              PDF
            </a>
            <InvoiceControls
              can={a.can}
              markPaid={markPaidAction.bind(null, d.type, d.id)}
              voidDocument={voidDocumentAction.bind(null, d.type, d.id)}
              refund={d.type === "invoice" ? refundInvoiceAction.bind(null, d.id) : null}
            />
          </div>
        }
      />

      <div className="mb-6 space-y-3 empty:hidden">
        {a.overdue && (
          <Alert tone="warning" title="Overdue">
            Unpaid since {formatDate(d.dueDate)}. The nightly run suspends the services it renews after the grace days.
          </Alert>
        )}
        {note && (
          <Alert tone="info">
            {note}
            {d.related && (
              <>
                {" "}
                <Link href={`/admin/invoices/${d.related.type}/${d.related.id}`} className={linkClass}>
                  Open {d.related.number}
                </Link>
                .
              </>
            )}
          </Alert>
        )}
        {d.status === "refunded" && <Alert tone="info">Refunded to the customer&rsquo;s credit: see Refunds and Credit notes below.</Alert>}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title="Lines" description="As printed; the totals are the document's stored figures." />
          <Table head={["Description", "\u200bQty", "\u200bUnit", "\u200bAmount"]} label="Lines">
            {d.lines.map((l, i) => (
              <tr key={i}>
                <Td>{l.description}</Td>
                <Td className="text-right tabular-nums">{l.quantity}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{formatUnitMoney(l.unitAmount, d.currency)}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(l.amount, d.currency)}</Td>
              </tr>
            ))}
          </Table>
          <CardBody>
            <Totals d={d} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Customer" />
          <CardBody>
            <dl className="grid grid-cols-1 gap-4">
              <Detail label="Account">
                <Link href={`/admin/customers/${a.account.id}`} className={linkClass}>
                  {customer}
                </Link>
                <span className="block text-xs break-all text-neutral-500">{a.account.ownerEmail}</span>
                {a.account.status !== "active" && <StatusBadge kind="account" status={a.account.status} />}
              </Detail>
              <Detail label="Billed to">
                {[d.customer.name, d.customer.attention, d.customer.country ? formatCountry(d.customer.country) : null, d.customer.vatNumber ? `VAT number: ${d.customer.vatNumber}` : null]
                  .filter(Boolean)
                  .map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
              </Detail>
              <Detail label="Credit now">{formatMoney(a.account.creditBalance, a.account.currency)}</Detail>
              <Detail label="Order">
                {a.order ? (
                  <>
                    <Link href={`/admin/orders/${a.order.id}`} className={`${linkClass} font-mono text-xs`}>
                      {a.order.orderNumber}
                    </Link>{" "}
                    <span className="text-neutral-600">({statusLabel("order", a.order.status)})</span>
                  </>
                ) : (
                  "—"
                )}
              </Detail>
              {d.paidAt && <Detail label="Paid">{formatDateTime(d.paidAt)}</Detail>}
            </dl>
          </CardBody>
        </Card>
      </div>

      <PaymentsCard payments={a.payments} of="this document" empty={<>The customer pays from credit or by card in the panel; a bank transfer is recorded here with Mark paid.</>} />

      <RefundsCard refunds={a.refunds} of="this document" />

      {a.creditNotes.length > 0 && (
        <Card className="mt-6">
          <CardHeader title="Credit notes" description="Issued with each refund of money paid on this invoice (its own refund, and its order's services that were never set up); the customer sees them on the invoice." />
          <Table head={["Number", "Issued", "\u200bCredited", "For", "\u200bDocument"]} label="Credit notes">
            {a.creditNotes.map((n) => (
              <tr key={n.id}>
                <Td className="whitespace-nowrap tabular-nums">{n.number}</Td>
                <Td className="whitespace-nowrap text-neutral-600">{formatDateTime(n.issuedAt)}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(n.total, n.currency)}</Td>
                <Td>{n.description}</Td>
                <Td className="text-right whitespace-nowrap">
                  <a href={`/admin/invoices/credit_note/${n.id}/print`} className={linkClass}>
                    Print<span className="sr-only"> {n.number}</span>
                  </a>
                  {" · "}
                  <a href={`/admin/invoices/credit_note/${n.id}/pdf`} className={linkClass}>
                    PDF<span className="sr-only"> of {n.number}</span>
                  </a>
                </Td>
              </tr>
            ))}
          </Table>
        </Card>
      )}

      <OperatorActivityCard entries={a.activity} of="this document" empty={<>Transfers recorded, voids and refunds from this page are recorded here and on the customer&rsquo;s page.</>} />
      <Toaster />
    </>
  );
}
