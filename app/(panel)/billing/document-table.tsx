import { Prisma } from "@/lib/generated/prisma/client";
import { StatusBadge } from "@/components/status/status-badge";
import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";

/** A decimal amount or its exact string (the dashboard reads them as strings). */
type Money = { toString(): string } | string;

export type BillingDocumentRow = {
  id: string;
  number: string;
  issuedAt: Date;
  dueDate: Date;
  total: Money;
  currency: string;
  status: string;
  /** Invoices: what is paid so far, so the table can show what remains. */
  paidAmount?: Money;
  /** Proformas: the invoice a paid proforma became. */
  invoice?: { id: string; number: string } | null;
};

/**
 * The table of invoices or proformas in the panel: the billing lists and the dashboard's recent
 * invoices. `extra` adds the column each list needs beyond the common five.
 */
export function BillingDocumentTable({
  kind,
  rows,
  extra,
}: {
  kind: "invoice" | "proforma";
  rows: BillingDocumentRow[];
  extra?: "remaining" | "invoice";
}) {
  const base = kind === "invoice" ? "/billing/invoices" : "/billing/proformas";
  const cell = "px-5 py-2.5 whitespace-nowrap";
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-y border-neutral-100 bg-neutral-50 text-left text-xs text-neutral-500">
            <th scope="col" className="px-5 py-2 font-medium">{kind === "invoice" ? "Invoice" : "Proforma"}</th>
            <th scope="col" className="px-5 py-2 font-medium">Issued</th>
            <th scope="col" className="px-5 py-2 font-medium">Due</th>
            <th scope="col" className="px-5 py-2 text-right font-medium">Total</th>
            {extra === "remaining" && <th scope="col" className="px-5 py-2 text-right font-medium">Remaining</th>}
            <th scope="col" className="px-5 py-2 font-medium">Status</th>
            {extra === "invoice" && <th scope="col" className="px-5 py-2 font-medium">Invoice</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {rows.map((d) => (
            <tr key={d.id}>
              <td className={`${cell} font-medium`}>
                <a href={`${base}/${d.id}`} className="text-neutral-900 underline underline-offset-2">
                  {d.number}
                </a>
              </td>
              <td className={`${cell} text-neutral-600`}>{formatDate(d.issuedAt)}</td>
              <td className={`${cell} text-neutral-600`}>{formatDate(d.dueDate)}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatMoney(d.total, d.currency)}</td>
              {extra === "remaining" && (
                <td className={`${cell} text-right tabular-nums`}>
                  {d.status === "unpaid" && d.paidAmount ? formatMoney(new Prisma.Decimal(d.total.toString()).minus(d.paidAmount.toString()), d.currency) : "—"}
                </td>
              )}
              <td className="px-5 py-2.5">
                <StatusBadge kind={kind} status={d.status} />
              </td>
              {extra === "invoice" && (
                <td className={cell}>
                  {d.invoice ? (
                    <a href={`/billing/invoices/${d.invoice.id}`} className="text-neutral-700 underline underline-offset-2">
                      {d.invoice.number}
                    </a>
                  ) : (
                    <span className="text-neutral-400">—</span>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
