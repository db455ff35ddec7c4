import { CardPaymentOutcome } from "@/app/_billing/card-payment-outcome";
import { pageTitle } from "@/components/layout/page-title";
import { requireReseller } from "@/lib/auth/session";

export const metadata = { title: pageTitle("Card payment", "Billing") };

/** Where the bank sends the reseller back after 3-D Secure (top-ups: resellers pay no documents by card yet). */
export default async function ResellerCardPaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requireReseller();
  return <CardPaymentOutcome paymentId={(await params).id} actor={{ accountId: viewer.reseller.accountId, userId: viewer.user.id }} billingHref="/reseller/billing" />;
}
