import { pageTitle } from "@/components/layout/page-title";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { SavedCards } from "@/components/billing/saved-cards";
import { TestModeBadge } from "@/components/billing/test-mode-badge";
import { Alert } from "@/components/ui/alert";
import { Card, CardHeader } from "@/components/ui/card";
import { Toaster } from "@/components/ui/toast";
import { mayAccess } from "@/lib/accounts/account-access";
import { cardRows } from "@/lib/accounts/payment-methods/card-rows";
import { listPaymentMethods } from "@/lib/accounts/payment-methods/list-payment-methods";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { activeCardGateway } from "@/lib/payments/card-gateways";
import { BillingTabs } from "../billing-tabs";
import { NoBillingAccess } from "../no-billing-access";
import { addCardAction, makeDefaultCardAction, removeCardAction } from "../card-actions";

export const metadata: Metadata = { title: pageTitle("Cards", "Billing") };

/** The account's saved cards (`/billing/cards`): who may pay invoices manages them. */
export default async function CardsPage({ searchParams }: { searchParams: Promise<{ added?: string }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer || !mayAccess(viewer.customer, "cards:manage")) return <NoBillingAccess title="Cards" linked={!!viewer.customer} permission="invoices.pay" />;
  const methods = await listPaymentMethods({ db: getDb(), now: new Date(), actor: { accountId: viewer.customer.accountId } });
  const gateway = activeCardGateway();
  const added = (await searchParams).added;
  return (
    <>
      <Toaster />
      <PageHeader title="Billing" description="Cards saved on this account pay invoices and add credit." />
      <BillingTabs current="/billing/cards" />
      {added && <Alert tone="success" className="mb-6">{`${added} was added.`}</Alert>}
      <Card>
        <CardHeader title="Saved cards" description="Only the card's brand, last four digits and expiry are kept here; the number stays with the payment provider." action={<TestModeBadge testMode={gateway.testMode} />} />
        <SavedCards
          cards={cardRows(methods)}
          makeDefault={makeDefaultCardAction}
          remove={removeCardAction}
          add={addCardAction}
          setup={gateway.cardSetup.mode}
          defaultNote="The default card is offered first when you pay by card or add credit."
        />
      </Card>
    </>
  );
}
