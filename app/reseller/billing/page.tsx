import { LEDGER_KIND_LABEL } from "@/lib/billing/ledger-kind-label";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Stat } from "@/components/ui/stat";
import { Toaster } from "@/components/ui/toast";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import { listPaymentMethods } from "@/lib/accounts/payment-methods/list-payment-methods";
import { requireReseller } from "@/lib/auth/session";
import { listCreditTransactions } from "@/lib/billing/list-credit-transactions";
import { formatDate } from "@/lib/format/format-date";
import { formatDateTime } from "@/lib/format/format-date-time";
import { formatMoney } from "@/lib/format/format-money";
import { MakeDefaultButton } from "./make-default-button";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Billing" };

const RECENT = 20;


export default async function ResellerBillingPage() {
  const viewer = await requireReseller();
  // Wholesale credit belongs to the reseller's account, whoever of its people is looking.
  const ctx = { db: getDb(), now: new Date(), actor: { accountId: viewer.reseller.accountId, userId: viewer.user.id, isOwner: true } };
  const [balance, { transactions: entries }, methods] = await Promise.all([
    getCreditBalance(ctx),
    listCreditTransactions(ctx, { page: 1, limit: RECENT }),
    listPaymentMethods(ctx),
  ]);

  return (
    <>
      <Toaster />
      <PageHeader title="Billing" description={`Credit and payment methods of ${viewer.reseller.accountName}.`} />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Stat label="Credit balance" value={<span data-testid="credit-balance">{formatMoney(balance.balance, balance.currency)}</span>} detail="Orders in credit mode are deducted from it." />
        <Stat label="Payment methods" value={methods.length} detail={methods.find((m) => m.isDefault) ? `Default: ${methods.find((m) => m.isDefault)!.label}` : "No default set"} />
      </dl>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader title="Recent credit movements" description={`The last ${RECENT} entries of your credit ledger, newest first.`} />
          {entries.length === 0 ? (
            <EmptyState title="No credit movements yet">Top-ups, payments from credit, refunds and hourly usage appear here as they happen.</EmptyState>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-neutral-100 bg-neutral-50 text-xs font-medium text-neutral-500">
                  <tr>
                    <th scope="col" className="px-5 py-2">When</th>
                    <th scope="col" className="px-3 py-2">What</th>
                    <th scope="col" className="px-3 py-2 text-right">Amount</th>
                    <th scope="col" className="px-5 py-2 text-right">Balance after</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-neutral-100">
                  {entries.map((e) => (
                    <tr key={e.id}>
                      <td className="px-5 py-2.5 text-xs whitespace-nowrap text-neutral-600">{formatDateTime(e.createdAt)}</td>
                      <td className="px-3 py-2.5">
                        <span className="text-neutral-900">{e.description}</span>
                        <span className="block text-xs text-neutral-500">{LEDGER_KIND_LABEL[e.kind]}</span>
                      </td>
                      <td className={`px-3 py-2.5 text-right tabular-nums ${e.amount.isNegative() ? "text-neutral-900" : "text-emerald-700"}`}>
                        {e.amount.isNegative() ? "" : "+"}
                        {formatMoney(e.amount, e.currency)}
                      </td>
                      <td className="px-5 py-2.5 text-right tabular-nums text-neutral-600">{formatMoney(e.balanceAfter, e.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>

        <Card className="self-start">
          <CardHeader title="Payment methods" description="In saved-method mode the default is charged for each order unless the order names another (paymentMethodId)." />
          {methods.length === 0 ? (
            <EmptyState title="No saved payment method">Saved methods are added at checkout with the payment gateway; none is on file for this account.</EmptyState>
          ) : (
            <ul className="divide-y divide-neutral-100">
              {methods.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3" data-testid="payment-method">
                  <div className="min-w-0">
                    <p className="font-medium text-neutral-900">
                      {m.label} {m.isDefault && <Badge tone="green">Default</Badge>}
                    </p>
                    <p className="text-xs text-neutral-500">
                      {[m.cardBrand, m.cardLastFour ? `•••• ${m.cardLastFour}` : null, m.type].filter(Boolean).join(" · ")}
                      {m.lastUsedAt ? ` · last used ${formatDate(m.lastUsedAt)}` : " · never used"}
                    </p>
                  </div>
                  {!m.isDefault && <MakeDefaultButton methodId={m.id} label={m.label} />}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
