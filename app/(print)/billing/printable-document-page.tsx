import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NoBillingAccess } from "@/app/(panel)/billing/no-billing-access";
import { pageTitle } from "@/components/layout/page-title";
import { StatusBadge } from "@/components/status/status-badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { mayAccess } from "@/lib/accounts/account-access";
import { requireCustomer } from "@/lib/auth/session";
import { getInvoiceDocumentOrThrow, type InvoiceDocument, type InvoiceDocumentParty, type PrintableDocumentType } from "@/lib/billing/get-invoice-document-or-throw";
import { closingRows, DOCUMENT_NUMBER_LABEL, INVOICE_DOCUMENT_TITLE, PROFORMA_NOTE, relatedDocumentNote } from "@/lib/billing/invoice-document-labels";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { formatCountry } from "@/lib/format/format-country";
import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import { formatUnitMoney } from "@/lib/format/format-unit-money";
import { formatVatRate } from "@/lib/format/format-vat-rate";
import { isUuid } from "@/lib/schemas/uuid";
import { PrintButton } from "./print-button";

// The printable invoice or proforma (`/billing/invoices/{id}/print`, `/billing/proformas/{id}/print`):
// outside the panel's route group so no app shell wraps it; the sheet is all there is. The same
// model as the PDF (lib/billing/get-invoice-document-or-throw.ts), the same access as the
// document's page (app/(panel)/billing/document-page.tsx).

const PATHS: Record<PrintableDocumentType, string> = { invoice: "/billing/invoices", proforma: "/billing/proformas", credit_note: "/billing/credit-notes" };
const LISTS: Record<PrintableDocumentType, string> = { invoice: "Invoices", proforma: "Proformas", credit_note: "Invoices" };

// Inline styles are allowed by the CSP (style-src 'unsafe-inline'); @page cannot be a class.
const PRINT_CSS = "@page { size: A4; margin: 14mm; } @media print { html, body { background: #fff; } }";

/** The viewer's document, null when they may not see the account's documents; 404 for any other id. */
async function load(type: PrintableDocumentType, params: Promise<{ id: string }>) {
  const viewer = await requireCustomer();
  if (!viewer.customer || !mayAccess(viewer.customer, "invoices:view")) return { viewer, doc: null };
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const ctx = { db: getDb(), now: new Date(), actor: { accountId: viewer.customer.accountId } };
  const doc = await getInvoiceDocumentOrThrow(ctx, { type, id }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  });
  return { viewer, doc };
}

export async function printableDocumentMetadata(type: PrintableDocumentType, params: Promise<{ id: string }>): Promise<Metadata> {
  const viewer = await requireCustomer();
  const { id } = await params;
  if (!viewer.customer || !mayAccess(viewer.customer, "invoices:view") || !isUuid(id)) return { title: pageTitle(INVOICE_DOCUMENT_TITLE[type], LISTS[type]) };
  const ctx = { db: getDb(), now: new Date(), actor: { accountId: viewer.customer.accountId } };
  const doc = await getInvoiceDocumentOrThrow(ctx, { type, id }).catch(() => null);
  return { title: pageTitle(doc?.number ?? INVOICE_DOCUMENT_TITLE[type], LISTS[type]) };
}

export async function PrintableDocumentPage({
  type,
  params,
  searchParams,
}: {
  type: PrintableDocumentType;
  params: Promise<{ id: string }>;
  searchParams: Promise<{ print?: string }>;
}) {
  const { viewer, doc } = await load(type, params);
  if (!doc) {
    return (
      <main className="mx-auto max-w-3xl p-4 sm:p-8">
        <NoBillingAccess title={INVOICE_DOCUMENT_TITLE[type]} linked={!!viewer.customer} permission="invoices.view" />
      </main>
    );
  }
  // A credit note has no page of its own: back leads to the invoice it credits, the PDF is its own.
  const back = doc.type === "credit_note" && doc.related ? `${PATHS.invoice}/${doc.related.id}` : `${PATHS[type]}/${doc.id}`;
  return <PrintableDocumentView doc={doc} href={back} pdfHref={`${PATHS[type]}/${doc.id}/pdf`} autoPrint={(await searchParams).print === "1"} />;
}

/**
 * The sheet with its bar: back to the document's page at `href` (a credit note's: its invoice's),
 * its PDF at `pdfHref` (default `${href}/pdf`), print. The customer's print pages and the operator
 * console's (app/(print)/admin/invoices) both render it.
 */
export function PrintableDocumentView({ doc, href, pdfHref, autoPrint }: { doc: InvoiceDocument; href: string; pdfHref?: string; autoPrint: boolean }) {
  return (
    <main className="min-h-screen bg-neutral-100 px-3 py-4 sm:px-6 sm:py-8 print:bg-white print:p-0">
      <style>{PRINT_CSS}</style>
      <nav aria-label="Document" className="mx-auto mb-4 flex max-w-[210mm] flex-wrap items-center justify-between gap-3 print:hidden">
        <a href={href} className="text-sm text-neutral-600 hover:text-neutral-900">
          ← {doc.type === "credit_note" && doc.related ? `Invoice ${doc.related.number}` : `${INVOICE_DOCUMENT_TITLE[doc.type]} ${doc.number}`}
        </a>
        <div className="flex flex-wrap gap-2">
          <a href={pdfHref ?? `${href}/pdf`} className={buttonClasses({ variant: "secondary" })}>
            Download PDF
          </a>
          <PrintButton auto={autoPrint} />
        </div>
      </nav>
      <PrintedDocument doc={doc} />
    </main>
  );
}

function Party({ heading, party }: { heading: string; party: InvoiceDocumentParty }) {
  const lines = [
    ...(party.attention ? [party.attention] : []),
    ...party.addressLines,
    ...(party.country ? [formatCountry(party.country)] : []),
    ...(party.vatNumber ? [`VAT number: ${party.vatNumber}`] : []),
    ...(party.registration ? [`Company number: ${party.registration}`] : []),
    ...(party.email ? [party.email] : []),
  ];
  if (!party.name && lines.length === 0) return null;
  return (
    <section aria-label={heading} className="min-w-0 wrap-anywhere">
      <h2 className="text-[0.7rem] font-medium tracking-wide text-neutral-500 uppercase">{heading}</h2>
      <address className="mt-1 text-sm leading-snug not-italic">
        {party.name && <span className="block font-semibold text-neutral-900">{party.name}</span>}
        {lines.map((l, i) => (
          <span key={i} className="block text-neutral-700">
            {l}
          </span>
        ))}
      </address>
    </section>
  );
}

const th = "py-2 font-medium";
const td = "py-2 align-top";
const wideOnly = "hidden sm:table-cell print:table-cell";

/** The sheet: what the PDF shows, laid out for A4. */
function PrintedDocument({ doc }: { doc: InvoiceDocument }) {
  const m = (v: { toString(): string }) => formatMoney(v, doc.currency);
  const note = relatedDocumentNote(doc);
  const totals: { label: string; value: string; strong?: boolean; gap?: boolean }[] = [
    { label: "Subtotal", value: m(doc.subtotal) },
    ...doc.vatLines.map((v) => ({ label: `VAT ${formatVatRate(v.ratePercent)} on ${m(v.base)}`, value: m(v.amount) })),
    { label: "Total", value: m(doc.total), strong: true },
  ];
  totals.push(...closingRows(doc, m));

  return (
    <article
      aria-label={`${INVOICE_DOCUMENT_TITLE[doc.type]} ${doc.number}`}
      className="mx-auto max-w-[210mm] bg-white p-5 text-neutral-900 shadow-sm ring-1 ring-neutral-200 sm:p-[14mm] print:max-w-none print:p-0 print:shadow-none print:ring-0"
    >
      <header className="grid gap-6 sm:grid-cols-2">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{INVOICE_DOCUMENT_TITLE[doc.type]}</h1>
          <p className="mt-1 text-neutral-500 tabular-nums">{doc.number}</p>
        </div>
        <Party heading="From" party={doc.supplier} />
      </header>

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <Party heading="Bill to" party={doc.customer} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 self-start text-sm">
          <dt className="text-neutral-500">{DOCUMENT_NUMBER_LABEL[doc.type]}</dt>
          <dd className="text-right tabular-nums">{doc.number}</dd>
          <dt className="text-neutral-500">Issued</dt>
          <dd className="text-right">{formatDate(doc.issuedAt)}</dd>
          {doc.dueDate && (
            <>
              <dt className="text-neutral-500">Due</dt>
              <dd className="text-right">{formatDate(doc.dueDate)}</dd>
            </>
          )}
          {doc.paidAt && (
            <>
              <dt className="text-neutral-500">Paid</dt>
              <dd className="text-right">{formatDate(doc.paidAt)}</dd>
            </>
          )}
          {doc.type !== "credit_note" && (
            <>
              <dt className="text-neutral-500">Status</dt>
              <dd className="text-right">
                <StatusBadge kind={doc.type} status={doc.status} />
              </dd>
            </>
          )}
        </dl>
      </div>

      {(note || doc.type === "proforma") && (
        <div className="mt-6 space-y-1 text-sm text-neutral-600">
          {note && <p>{note}.</p>}
          {doc.type === "proforma" && <p>{PROFORMA_NOTE}</p>}
        </div>
      )}

      {/* On a phone the quantity and unit price go under the description, so the table fits without scrolling. */}
      <table className="mt-8 w-full text-sm">
        <thead>
          <tr className="border-b border-neutral-300 text-left text-xs text-neutral-500">
            <th scope="col" className={th}>Description</th>
            <th scope="col" className={`${th} ${wideOnly} pl-4 text-right`}>Qty</th>
            <th scope="col" className={`${th} ${wideOnly} pl-4 text-right`}>Unit price</th>
            <th scope="col" className={`${th} pl-4 text-right`}>Amount</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {doc.lines.map((line, i) => (
            <tr key={i} className="break-inside-avoid">
              <td className={`${td} wrap-anywhere`}>
                {line.description}
                <span className="block text-xs text-neutral-500 tabular-nums sm:hidden print:hidden">
                  {line.quantity} × {formatUnitMoney(line.unitAmount, doc.currency)}
                </span>
              </td>
              <td className={`${td} ${wideOnly} pl-4 text-right tabular-nums`}>{line.quantity}</td>
              <td className={`${td} ${wideOnly} pl-4 text-right whitespace-nowrap tabular-nums`}>{formatUnitMoney(line.unitAmount, doc.currency)}</td>
              <td className={`${td} pl-4 text-right whitespace-nowrap tabular-nums`}>{m(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="mt-4 ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 border-t border-neutral-300 pt-3 text-sm break-inside-avoid">
        {totals.map((r) => (
          <div key={r.label} className={`contents ${r.strong ? "font-semibold text-neutral-900" : "text-neutral-600"}`}>
            <dt className={`text-right ${r.gap ? "mt-3" : ""}`}>{r.label}</dt>
            <dd className={`text-right whitespace-nowrap tabular-nums ${r.gap ? "mt-3" : ""} ${r.strong ? "text-base" : ""}`}>{r.value}</dd>
          </div>
        ))}
      </dl>

      {doc.footer && <footer className="mt-10 border-t border-neutral-200 pt-3 text-xs whitespace-pre-line text-neutral-500 break-inside-avoid">{doc.footer}</footer>}
    </article>
  );
}
