import { CardAddedOutcome } from "@/app/_billing/card-added-outcome";
import { requireCustomerFor } from "@/lib/auth/session";

/** Back from the payment provider's card page (`?session_id=`): the card is stored, then the cards page says so. */
export default async function CardAddedPage({ searchParams }: { searchParams: Promise<{ session_id?: string }> }) {
  const { customer } = await requireCustomerFor({ change: true, may: "cards:manage" });
  return <CardAddedOutcome accountId={customer.accountId} sessionId={(await searchParams).session_id ?? ""} cardsHref="/billing/cards" backLabel="Back to your cards" addedHref={(label) => `/billing/cards?added=${encodeURIComponent(label)}`} />;
}
