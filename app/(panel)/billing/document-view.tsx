import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { StatusBadge } from "@/components/status/status-badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { formatDate } from "@/lib/format/format-date";
import { formatDateTime } from "@/lib/format/format-date-time";
import { formatMoney } from "@/lib/format/format-money";
import type { InvoiceDetail, ProformaDetail } from "@/lib/billing/get-billing-document-or-throw";

type Doc = InvoiceDetail | ProformaDetail;

const th = "px-5 py-2 font-medium";
const td = "px-5 py-2.5";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-neutral-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-neutral-900 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * "Print" (the printable page, which opens the print dialog) and "Download PDF": the document to
 * keep, with the supplier's legal details (docs/billing.md "Printable documents").
 */
export function DocumentKeepActions({ doc, kind }: { doc: Pick<Doc, "id" | "number">; kind: "invoice" | "proforma" }) {
  const href = `/billing/${kind === "invoice" ? "invoices" : "proformas"}/${doc.id}`;
  return (
    <div className="flex flex-wrap gap-2">
      <a href={`${href}/print?print=1`} className={buttonClasses({ variant: "secondary", size: "sm" })}>
        Print
      </a>
      <a href={`${href}/pdf`} className={buttonClasses({ variant: "secondary", size: "sm" })}>
        Download PDF
      </a>
    </div>
  );
}

/** Status, dates and the money figures of an invoice or proforma. */
export function DocumentFacts({ doc, kind, extra }: { doc: Doc; kind: "invoice" | "proforma"; extra?: React.ReactNode }) {
  const m = (v: { toString(): string }) => formatMoney(v, doc.currency);
  return (
    <Card>
      <CardBody>
        <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
          <Fact label="Status">
            <StatusBadge kind={kind} status={doc.status} />
          </Fact>
          <Fact label="Issued">{formatDate(doc.issuedAt)}</Fact>
          <Fact label="Due">{formatDate(doc.dueDate)}</Fact>
          <Fact label="Total">{m(doc.total)}</Fact>
          <Fact label="Paid">{m(doc.paidAmount)}</Fact>
          <Fact label="Remaining">{m(doc.remainingAmount)}</Fact>
          {extra}
        </dl>
      </CardBody>
    </Card>
  );
}

export function DocumentItems({ doc }: { doc: Doc }) {
  const m = (v: { toString(): string }) => formatMoney(v, doc.currency);
  return (
    <Card>
      <CardHeader title="Items" />
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-neutral-100 text-left text-xs text-neutral-500">
              <th scope="col" className={th}>Description</th>
              <th scope="col" className={`${th} text-right`}>Qty</th>
              <th scope="col" className={`${th} text-right`}>Unit price</th>
              <th scope="col" className={`${th} text-right`}>Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {doc.items.map((i) => (
              <tr key={i.id}>
                <td className={`${td} text-neutral-900`}>{i.description}</td>
                <td className={`${td} text-right tabular-nums`}>{i.quantity}</td>
                <td className={`${td} text-right tabular-nums`}>{m(i.unitAmount)}</td>
                <td className={`${td} text-right tabular-nums`}>{m(i.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-neutral-200 text-sm">
            <tr>
              <td colSpan={3} className={`${td} text-right text-neutral-500`}>Subtotal</td>
              <td className={`${td} text-right tabular-nums`}>{m(doc.subtotal)}</td>
            </tr>
            <tr>
              <td colSpan={3} className={`${td} text-right text-neutral-500`}>VAT {doc.vatRate.toFixed(2).replace(/\.00$/, "")}%</td>
              <td className={`${td} text-right tabular-nums`}>{m(doc.vatAmount)}</td>
            </tr>
            <tr>
              <td colSpan={3} className={`${td} text-right font-medium text-neutral-900`}>Total</td>
              <td className={`${td} text-right font-semibold text-neutral-900 tabular-nums`}>{m(doc.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </Card>
  );
}

export function DocumentPayments({ doc }: { doc: Doc }) {
  return (
    <Card>
      <CardHeader title="Payments" />
      {doc.payments.length === 0 ? (
        <EmptyState title="No payments yet">Payments from credit or by card show up here as soon as they are made.</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-neutral-100 text-left text-xs text-neutral-500">
                <th scope="col" className={th}>Date</th>
                <th scope="col" className={th}>Method</th>
                <th scope="col" className={th}>Status</th>
                <th scope="col" className={`${th} text-right`}>Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {doc.payments.map((p) => (
                <tr key={p.id}>
                  <td className={`${td} whitespace-nowrap text-neutral-600`}>{formatDateTime(p.createdAt)}</td>
                  <td className={td}>{p.method === "credit" ? "Credit" : "Card"}</td>
                  <td className={td}>
                    <StatusBadge kind="payment" status={p.status} />
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{formatMoney(p.amount, p.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** An invoice's credit notes (a refund of it, or of a service of its order that was never set up), each to print or download. */
export function DocumentCreditNotes({ notes }: { notes: InvoiceDetail["creditNotes"] }) {
  if (notes.length === 0) return null;
  return (
    <Card>
      <CardHeader title="Credit notes" description="Money paid on this invoice that went back to your credit balance, each with its own numbered document." />
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-neutral-100 text-left text-xs text-neutral-500">
              <th scope="col" className={th}>Number</th>
              <th scope="col" className={th}>Issued</th>
              <th scope="col" className={th}>For</th>
              <th scope="col" className={`${th} text-right`}>Credited</th>
              <th scope="col" className={th}><span className="sr-only">Document</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {notes.map((n) => (
              <tr key={n.id}>
                <td className={`${td} whitespace-nowrap tabular-nums`}>{n.number}</td>
                <td className={`${td} whitespace-nowrap text-neutral-600`}>{formatDate(n.issuedAt)}</td>
                <td className={`${td} text-neutral-700`}>{n.description}</td>
                <td className={`${td} text-right tabular-nums`}>{formatMoney(n.total, n.currency)}</td>
                <td className={`${td} whitespace-nowrap text-right`}>
                  <a href={`/billing/credit-notes/${n.id}/print`} className="text-neutral-700 underline underline-offset-2 hover:text-neutral-900">
                    View<span className="sr-only"> {n.number}</span>
                  </a>
                  {" · "}
                  <a href={`/billing/credit-notes/${n.id}/pdf`} className="text-neutral-700 underline underline-offset-2 hover:text-neutral-900">
                    PDF<span className="sr-only"> of {n.number}</span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
