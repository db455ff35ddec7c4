import { redirect } from "next/navigation";

/** The reseller's cards live on the billing page; the payment provider's card page returns here when cancelled. */
export default function ResellerCardsPage() {
  redirect("/reseller/billing#cards");
}
