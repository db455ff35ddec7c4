import { CardPaymentOutcome } from "@/app/_billing/card-payment-outcome";
import { pageTitle } from "@/components/layout/page-title";
import { requireCustomerFor } from "@/lib/auth/session";
import { requestProvisioning } from "@/lib/services/request-provisioning";

export const metadata = { title: pageTitle("Card payment", "Billing") };

/** Where the bank sends the browser back after 3-D Secure: the payment is settled (once) and its outcome shown. */
export default async function CardPaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { viewer, customer } = await requireCustomerFor({});
  return <CardPaymentOutcome paymentId={(await params).id} actor={{ accountId: customer.accountId, userId: viewer.user.id }} billingHref="/billing" provision={requestProvisioning} />;
}
