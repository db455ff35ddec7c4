import { redirect } from "next/navigation";
import { PageHeader } from "@/components/layout/app-shell";
import { Alert } from "@/components/ui/alert";
import { finishCardSetup } from "@/lib/accounts/payment-methods/add-card";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";

// The page the payment provider's card form sends the browser back to (`?session_id=`), shared by the
// panel and the reseller portal: the card is stored on the account, then the cards list says so.

export async function CardAddedOutcome({ accountId, sessionId, cardsHref, backLabel, addedHref }: { accountId: string; sessionId: string; cardsHref: string; backLabel: string; addedHref: (label: string) => string }) {
  let label: string;
  try {
    label = (await finishCardSetup({ db: getDb(), now: new Date(), actor: { accountId } }, sessionId)).label;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return (
      <>
        <PageHeader title="Card not saved" />
        <Alert tone="error">
          {error.message}.{" "}
          <a href={cardsHref} className="font-medium underline underline-offset-2">
            {backLabel}
          </a>
        </Alert>
      </>
    );
  }
  redirect(addedHref(label));
}
