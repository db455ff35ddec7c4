import { notFound } from "next/navigation";
import { CardPaymentResult } from "@/components/billing/card-payment-result";
import { PageHeader } from "@/components/layout/app-shell";
import { cardPaymentResultProps } from "@/lib/billing/card-payments/card-payment-result-props";
import { confirmCardPayment, type ConfirmCardPaymentContext } from "@/lib/billing/card-payments/confirm-card-payment";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";

// Where the bank sends the browser back after 3-D Secure, shared by the panel and the reseller portal:
// the payment is settled (once) and its outcome shown; someone else's payment is a 404.

export async function CardPaymentOutcome({ paymentId, actor, billingHref, provision }: { paymentId: string; actor: ConfirmCardPaymentContext["actor"]; billingHref: string; provision?: ConfirmCardPaymentContext["provision"] }) {
  const payment = await confirmCardPayment({ db: getDb(), now: new Date(), actor, ...(provision ? { provision } : {}) }, paymentId).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  });
  return (
    <>
      <PageHeader title="Card payment" />
      <CardPaymentResult {...cardPaymentResultProps(payment, billingHref)} />
    </>
  );
}
