import { CardAddedOutcome } from "@/app/_billing/card-added-outcome";
import { requireReseller } from "@/lib/auth/session";

/** Back from the payment provider's card page (`?session_id=`): the card is stored on the reseller's account. */
export default async function ResellerCardAddedPage({ searchParams }: { searchParams: Promise<{ session_id?: string }> }) {
  const viewer = await requireReseller();
  return <CardAddedOutcome accountId={viewer.reseller.accountId} sessionId={(await searchParams).session_id ?? ""} cardsHref="/reseller/billing#cards" backLabel="Back to billing" addedHref={() => "/reseller/billing#cards"} />;
}
