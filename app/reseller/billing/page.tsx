import { LEDGER_KIND_LABEL } from "@/lib/billing/ledger-kind-label";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Stat } from "@/components/ui/stat";
import { Toaster } from "@/components/ui/toast";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import { listPaymentMethods } from "@/lib/accounts/payment-methods/list-payment-methods";
import { requireReseller } from "@/lib/auth/session";
import { listCreditTransactions } from "@/lib/billing/list-credit-transactions";
import { formatDateTime } from "@/lib/format/format-date-time";
import { formatMoney } from "@/lib/format/format-money";
import { AddCreditForm } from "@/components/billing/add-credit-form";
import { SavedCards } from "@/components/billing/saved-cards";
import { TestModeBadge } from "@/components/billing/test-mode-badge";
import { CardBody } from "@/components/ui/card";
import { cardRows } from "@/lib/accounts/payment-methods/card-rows";
import { topUpLimits } from "@/lib/billing/card-payments/top-up-limits";
import { currencySymbol } from "@/lib/format/currency-symbol";
import { activeCardGateway } from "@/lib/payments/card-gateways";
import { addCardAction, makeDefaultCardAction, removeCardAction, topUpAction } from "./card-actions";
import { getDb } from "@/lib/db/client";
import { ScrollBox } from "@/components/ui/scroll-box";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Billing") };

const RECENT = 20;


export default async function ResellerBillingPage() {
  const viewer = await requireReseller();
  // Wholesale credit belongs to the reseller's account, whoever of its people is looking.
  const ctx = { db: getDb(), now: new Date(), actor: { accountId: viewer.reseller.accountId, userId: viewer.user.id, isOwner: true } };
  const [balance, { transactions: entries }, methods, limits] = await Promise.all([
    getCreditBalance(ctx),
    listCreditTransactions(ctx, { page: 1, limit: RECENT }),
    listPaymentMethods(ctx),
    topUpLimits(ctx.db),
  ]);
  const cards = cardRows(methods);
  const gateway = activeCardGateway();

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
            <ScrollBox label="Billing">
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
            </ScrollBox>
          )}
        </Card>

        <div className="space-y-6 self-start">
          <Card>
            <CardHeader title="Add credit" description="Top up your wholesale credit by card." action={<TestModeBadge testMode={gateway.testMode} />} />
            <CardBody>
              <AddCreditForm
                action={topUpAction}
                presets={limits.presets.map((p) => ({ value: String(p), label: formatMoney(String(p), balance.currency) }))}
                limits={`${formatMoney(limits.minimum, balance.currency)} to ${formatMoney(limits.maximum, balance.currency)}`}
                currencySymbol={currencySymbol(balance.currency)}
                cards={cards}
                cardsHref="#cards"
              />
            </CardBody>
          </Card>
          <Card id="cards">
            <CardHeader title="Payment methods" description="Cards saved on your account; only brand, last four digits and expiry are kept here." />
            <SavedCards
              cards={cards}
              makeDefault={makeDefaultCardAction}
              remove={removeCardAction}
              add={addCardAction}
              setup={gateway.cardSetup.mode}
              defaultNote="In saved-method mode the default card is charged for each order unless the order names another (paymentMethodId)."
            />
          </Card>
        </div>
      </div>
    </>
  );
}
