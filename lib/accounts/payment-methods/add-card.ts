import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { CardFormError, type CardForm, type CardGateway } from "@/lib/payments/card-gateway";
import { activeCardGateway } from "@/lib/payments/card-gateways";
import { PAYMENT_METHOD_SELECT, type PaymentMethodContext, type PaymentMethodSummary } from "./list-payment-methods";
import { PAYMENT_METHOD_RULES } from "./payment-method-rules";
import { savePaymentMethod } from "./save-payment-method";

type Ctx = PaymentMethodContext<Db> & { gateway?: CardGateway; email?: string | null };

/** A card typed into the portal's form: only a gateway that takes card details (the test gateway) does. Refusals name their field. */
export async function addCardFromForm(ctx: Ctx, form: CardForm): Promise<PaymentMethodSummary> {
  const gateway = ctx.gateway ?? activeCardGateway();
  if (gateway.cardSetup.mode !== "form") throw new DomainError("invalid", PAYMENT_METHOD_RULES.formOnlyInTestMode);
  let card;
  try {
    card = await gateway.cardSetup.save(form);
  } catch (error) {
    if (error instanceof CardFormError) throw new DomainError("invalid", "Validation failed", { details: [{ field: error.field, message: error.message }] });
    throw error;
  }
  return ctx.db.$transaction((tx) => savePaymentMethod(tx, { accountId: ctx.actor.accountId, gateway: gateway.name, card, now: ctx.now }));
}

/**
 * Opens the gateway's own card page (Stripe Checkout in setup mode) for the account; the page sends
 * the browser back to `returnUrl` with the id finishCardSetup takes. The account's existing gateway
 * customer is reused, so all its cards live under one customer.
 */
export async function startCardSetup(ctx: Ctx, urls: { returnUrl: string; cancelUrl: string }): Promise<{ redirectUrl: string }> {
  const gateway = ctx.gateway ?? activeCardGateway();
  if (gateway.cardSetup.mode !== "redirect") throw new DomainError("invalid", PAYMENT_METHOD_RULES.redirectOnly);
  const existing = await ctx.db.paymentMethod.findFirst({ where: { accountId: ctx.actor.accountId, gateway: gateway.name, gatewayCustomer: { not: null } }, select: { gatewayCustomer: true } });
  // One reference per card page (`<accountId>:<nonce>`): the gateway keys its requests by it, and finish checks the account.
  return gateway.cardSetup.start({ reference: `${ctx.actor.accountId}:${randomUUID()}`, customer: existing?.gatewayCustomer ?? null, email: ctx.email ?? null, ...urls });
}

/** Back from the card page: the card it saved is stored, if the page was opened for this account. */
export async function finishCardSetup(ctx: Ctx, setupReference: string): Promise<PaymentMethodSummary> {
  const gateway = ctx.gateway ?? activeCardGateway();
  if (gateway.cardSetup.mode !== "redirect") throw new DomainError("invalid", PAYMENT_METHOD_RULES.redirectOnly);
  let card;
  try {
    card = await gateway.cardSetup.finish(setupReference);
  } catch (error) {
    console.warn("[payments] card setup could not be finished", error);
    throw new DomainError("invalid", PAYMENT_METHOD_RULES.setupNotComplete);
  }
  if (!card.reference.startsWith(`${ctx.actor.accountId}:`)) throw new DomainError("not_found", PAYMENT_METHOD_RULES.setupMismatch);
  return ctx.db.$transaction(async (tx) => {
    // A reload of the return page must not save the card twice.
    const already = await tx.paymentMethod.findFirst({ where: { accountId: ctx.actor.accountId, gateway: gateway.name, gatewayToken: card.token }, select: { id: true } });
    if (already) return tx.paymentMethod.findUniqueOrThrow({ where: { id: already.id }, select: PAYMENT_METHOD_SELECT });
    return savePaymentMethod(tx, { accountId: ctx.actor.accountId, gateway: gateway.name, card, now: ctx.now });
  });
}
