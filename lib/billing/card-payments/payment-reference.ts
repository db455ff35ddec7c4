/**
 * The reference a card payment is sent to the gateway with, `<what it pays>:<paymentId>`: the
 * gateway's idempotency key, the key a webhook or a lookup finds the payment by. What it pays is the
 * order, the document or `top-up`; the payment id alone decides which payment it is.
 */
export function paymentReference(payment: { id: string; purpose: "order" | "document" | "top_up"; orderId: string | null; invoiceId: string | null; proformaId: string | null }): string {
  const target = payment.orderId ?? payment.invoiceId ?? payment.proformaId ?? "top-up";
  return `${target}:${payment.id}`;
}

/** The payment id named by a reference, or null when it is not one of ours. */
export function paymentIdOfReference(reference: string): string | null {
  const id = reference.slice(reference.lastIndexOf(":") + 1);
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
}
