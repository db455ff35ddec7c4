import type { ReactNode } from "react";
import { Table, Td } from "@/app/admin/_components/table";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/lib/format/format-date-time";
import { formatMoney } from "@/lib/format/format-money";
import { statusLabel } from "@/lib/format/status-labels";

const METHOD_LABEL: Record<string, string> = { credit: "Credit", card: "Card", bank_transfer: "Bank transfer" };

type Money = { toString(): string };

export interface PaymentRow {
  id: string;
  createdAt: Date;
  method: string;
  amount: Money;
  currency: string;
  status: string;
  failureReason: string | null;
  reference: string | null;
}

/** A document's or an order's payments, oldest first, failed and in-flight charges too. */
export function PaymentsCard({ payments, of, empty }: { payments: PaymentRow[]; of: string; empty: ReactNode }) {
  return (
    <Card className="mt-6">
      <CardHeader title="Payments" description={`Every payment on ${of}, oldest first, with failed and in-flight card charges.`} />
      {payments.length === 0 ? (
        <EmptyState title="No payments">{empty}</EmptyState>
      ) : (
        <Table head={["When", "Method", "\u200bAmount", "Status", "Reference"]} label="Payments">
          {payments.map((p) => (
            <tr key={p.id}>
              <Td className="whitespace-nowrap text-neutral-600">{formatDateTime(p.createdAt)}</Td>
              <Td className="whitespace-nowrap">{METHOD_LABEL[p.method] ?? p.method}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(p.amount, p.currency)}</Td>
              <Td className="whitespace-nowrap">
                {statusLabel("payment", p.status)}
                {p.failureReason && <span className="block text-xs text-neutral-500">{p.failureReason}</span>}
              </Td>
              <Td className="font-mono text-xs break-all">{p.reference ?? "—"}</Td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}

export interface RefundRow {
  id: string;
  createdAt: Date;
  amount: Money;
  currency: string;
  description: string;
}

/** Credit given back, as the customer's credit statement shows the same rows; nothing when there is none. */
export function RefundsCard({ refunds, of }: { refunds: RefundRow[]; of: string }) {
  if (refunds.length === 0) return null;
  return (
    <Card className="mt-6">
      <CardHeader title="Refunds" description={`Credit given back for ${of} (the customer's credit statement shows the same rows).`} />
      <Table head={["When", "\u200bAmount", "Description"]} label="Refunds">
        {refunds.map((r) => (
          <tr key={r.id}>
            <Td className="whitespace-nowrap text-neutral-600">{formatDateTime(r.createdAt)}</Td>
            <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(r.amount, r.currency)}</Td>
            <Td>{r.description}</Td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}
