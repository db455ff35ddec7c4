import { pageTitle } from "@/components/layout/page-title";
import { LEDGER_KIND_LABEL } from "@/lib/billing/ledger-kind-label";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { AddCreditForm } from "@/components/billing/add-credit-form";
import { TestModeBadge } from "@/components/billing/test-mode-badge";
import { cardRows } from "@/lib/accounts/payment-methods/card-rows";
import { listPaymentMethods } from "@/lib/accounts/payment-methods/list-payment-methods";
import { topUpLimits } from "@/lib/billing/card-payments/top-up-limits";
import { currencySymbol } from "@/lib/format/currency-symbol";
import { activeCardGateway } from "@/lib/payments/card-gateways";
import { topUpAction } from "../card-actions";
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
import { ScrollBox } from "@/components/ui/scroll-box";

export const metadata: Metadata = { title: pageTitle("Credit", "Billing") };

const PAGE_SIZE = 20;

export default async function CreditPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const viewer = await requireCustomer();
  // Every member sees their own credit (`credit:view` in lib/accounts/account-access.ts, as GET /account/balance).
  if (!viewer.customer) return <NoBillingAccess title="Credit" linked={false} permission="" />;
  const page = pageParam((await searchParams).page);
  const ctx = { db: getDb(), now: new Date(), actor: { accountId: viewer.customer.accountId, userId: viewer.user.id, isOwner: viewer.customer.role === "owner" } };
  const [credit, { transactions, total }] = await Promise.all([getCreditBalance(ctx), listCreditTransactions(ctx, { page, limit: PAGE_SIZE })]);
  const owner = viewer.customer.role === "owner";
  // Only the owner tops up: the cards are the account's (lib/billing/card-payments/start-card-payment.ts).
  const topUp = owner ? { limits: await topUpLimits(ctx.db), cards: cardRows(await listPaymentMethods(ctx)) } : null;

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
      <Card className="mb-6">
        <CardHeader title="Add credit" description="Top up your prepaid credit by card. It pays invoices, proformas and hourly products." action={<TestModeBadge testMode={activeCardGateway().testMode} />} />
        <CardBody>
          {topUp ? (
            <AddCreditForm
              action={topUpAction}
              presets={topUp.limits.presets.map((p) => ({ value: String(p), label: formatMoney(String(p), credit.currency) }))}
              limits={`${formatMoney(topUp.limits.minimum, credit.currency)} to ${formatMoney(topUp.limits.maximum, credit.currency)}`}
              currencySymbol={currencySymbol(credit.currency)}
              cards={topUp.cards}
              cardsHref="/billing/cards"
            />
          ) : (
            <p className="text-sm text-neutral-600">Only the account owner adds credit by card, since the cards are the account&apos;s. Your own credit is topped up from the account you own.</p>
          )}
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Transactions" description="Every movement of your credit, newest first, with the balance after it." />
        {transactions.length === 0 ? (
          <EmptyState icon={<WalletIcon className="size-5" />} title="No transactions yet">
            Top-ups, payments of invoices and proformas from credit, refunds and hourly charges are listed here.
          </EmptyState>
        ) : (
          <ScrollBox label="Transactions">
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
          </ScrollBox>
        )}
        <ListPager page={page} pageSize={PAGE_SIZE} total={total} href={(p) => `/billing/credit?page=${p}`} />
      </Card>
    </>
  );
}
