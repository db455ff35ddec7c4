import { LEDGER_KIND_LABEL } from "@/lib/billing/ledger-kind-label";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { WalletIcon } from "@/components/ui/icons";
import { Stat } from "@/components/ui/stat";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import { requireCustomer } from "@/lib/auth/session";
import { listCreditTransactions } from "@/lib/billing/list-credit-transactions";
import { formatDateTime } from "@/lib/format/format-date-time";
import { formatMoney } from "@/lib/format/format-money";
import { cn } from "@/components/ui/cn";
import { BillingTabs } from "../billing-tabs";
import { pageParam } from "@/lib/format/search-params";
import { ListPager } from "../list-pager";
import { NoBillingAccess } from "../no-billing-access";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Credit" };

const PAGE_SIZE = 20;

export default async function CreditPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const viewer = await requireCustomer();
  // Every member sees their own credit (`credit:view` in lib/accounts/account-access.ts, as GET /account/balance).
  if (!viewer.customer) return <NoBillingAccess title="Credit" linked={false} permission="" />;
  const page = pageParam((await searchParams).page);
  const ctx = { db: getDb(), now: new Date(), actor: { accountId: viewer.customer.accountId, userId: viewer.user.id, isOwner: viewer.customer.role === "owner" } };
  const [credit, { transactions, total }] = await Promise.all([getCreditBalance(ctx), listCreditTransactions(ctx, { page, limit: PAGE_SIZE })]);
  const owner = viewer.customer.role === "owner";

  return (
    <>
      <PageHeader title="Billing" description="Prepaid credit pays invoices and proformas, and hourly products." />
      <BillingTabs current="/billing/credit" />
      <dl className="mb-6 grid gap-4 sm:grid-cols-3">
        <Stat
          label="Your credit balance"
          value={formatMoney(credit.balance, credit.currency)}
          detail={owner ? "Credit of this account." : "Credit is per person: this is the credit of the account you own yourself."}
        />
      </dl>
      <Card>
        <CardHeader title="Transactions" description="Every movement of your credit, newest first, with the balance after it." />
        {transactions.length === 0 ? (
          <EmptyState icon={<WalletIcon className="size-5" />} title="No transactions yet">
            Top-ups, payments of invoices and proformas from credit, refunds and hourly charges are listed here.
          </EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-neutral-100 text-left text-xs text-neutral-500">
                  <th scope="col" className="px-5 py-2 font-medium">Date</th>
                  <th scope="col" className="px-5 py-2 font-medium">Type</th>
                  <th scope="col" className="px-5 py-2 font-medium">Description</th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">Amount</th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">Balance after</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {transactions.map((t) => {
                  const link = t.invoiceId ? `/billing/invoices/${t.invoiceId}` : t.proformaId ? `/billing/proformas/${t.proformaId}` : null;
                  return (
                    <tr key={t.id}>
                      <td className="px-5 py-2.5 whitespace-nowrap text-neutral-600">{formatDateTime(t.createdAt)}</td>
                      <td className="px-5 py-2.5 whitespace-nowrap">{LEDGER_KIND_LABEL[t.kind]}</td>
                      <td className="px-5 py-2.5 text-neutral-700">
                        {link ? (
                          <a href={link} className="underline underline-offset-2">
                            {t.description}
                          </a>
                        ) : (
                          t.description
                        )}
                      </td>
                      <td className={cn("px-5 py-2.5 text-right whitespace-nowrap tabular-nums", t.amount.isNegative() ? "text-neutral-900" : "text-emerald-700")}>
                        {t.amount.isNegative() ? "" : "+"}
                        {formatMoney(t.amount, t.currency)}
                      </td>
                      <td className="px-5 py-2.5 text-right whitespace-nowrap text-neutral-600 tabular-nums">{formatMoney(t.balanceAfter, t.currency)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <ListPager page={page} pageSize={PAGE_SIZE} total={total} href={(p) => `/billing/credit?page=${p}`} />
      </Card>
    </>
  );
}
