import { addCardFromForm, startCardSetup } from "@/lib/accounts/payment-methods/add-card";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { formatMoney } from "@/lib/format/format-money";
import { Prisma } from "@/lib/generated/prisma/client";
import { activeCardGateway } from "@/lib/payments/card-gateways";
import { publicOrigin } from "@/lib/platform/public-origin";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import type { CreditActor } from "../resolve-credit-account";
import { CARD_PAYMENT_RULES } from "./card-payment-rules";
import { startCardPayment, type CardPaymentTarget } from "./start-card-payment";

// The portals' card forms (customer panel and reseller portal), read once here so both portals'
// server actions are a line each: parse the form, call the domain, say what happened.

export interface PortalPayer {
  db: Db;
  now: Date;
  actor: CreditActor;
  email: string | null;
  /** The portal's billing path: "/billing" (panel) or "/reseller/billing". */
  base: string;
}

/** Paid now (with the sentence to show), or the browser must go to the bank's challenge. */
export type PortalCardPayment = { redirect: string } | { data: { amount: string; currency: string }; message: string };

const field = (formData: FormData, name: string) => String(formData.get(name) ?? "").trim();

function parseAmount(text: string): Prisma.Decimal {
  const refuse = () => new DomainError("invalid", "Validation failed", { details: [{ field: "amount", message: CARD_PAYMENT_RULES.amountFormat }] });
  const normalised = text.replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(normalised)) throw refuse();
  return new Prisma.Decimal(normalised);
}

async function pay(payer: PortalPayer, target: CardPaymentTarget, methodId: string): Promise<PortalCardPayment> {
  const result = await startCardPayment(
    { db: payer.db, now: payer.now, actor: payer.actor, provision: requestProvisioning },
    { target, methodId: methodId || null, returnUrl: (id) => `${publicOrigin()}${payer.base}/payments/${id}` },
  );
  if (result.status === "requires_action") return { redirect: result.redirectUrl };
  if (result.status === "failed") throw new DomainError("invalid", result.reason);
  const money = formatMoney(result.amount, result.currency);
  return {
    data: { amount: result.amount.toFixed(2), currency: result.currency },
    message: target.kind === "top_up" ? `${money} was added to your credit.` : `${money} was paid by card.`,
  };
}

/** "Add credit": `amount` (a preset's value or typed), `methodId` (empty: the default card). */
export async function topUpFromForm(payer: PortalPayer, formData: FormData): Promise<PortalCardPayment> {
  return pay(payer, { kind: "top_up", amount: parseAmount(field(formData, "amount")) }, field(formData, "methodId"));
}

/** "Pay by card" on an invoice or proforma: `type`, `documentId`, `methodId`. */
export async function payDocumentFromForm(payer: PortalPayer, formData: FormData): Promise<PortalCardPayment> {
  const type = field(formData, "type");
  if (type !== "invoice" && type !== "proforma") throw new DomainError("invalid", "Unknown document type");
  return pay(payer, { kind: "document", type, id: field(formData, "documentId") }, field(formData, "methodId"));
}

/**
 * "Add a card": the test gateway takes the typed card (`number`, `expiry` as MM/YY, `cvc`), every
 * field checked at once; a redirect gateway (Stripe) sends the browser to its own card page.
 */
export async function addCardFromPortalForm(payer: PortalPayer, formData: FormData): Promise<{ redirect: string } | { message: string }> {
  const ctx = { db: payer.db, now: payer.now, actor: { accountId: payer.actor.accountId }, email: payer.email };
  const gateway = activeCardGateway();
  if (gateway.cardSetup.mode === "redirect") {
    const back = `${publicOrigin()}${payer.base}/cards`;
    return startCardSetup(ctx, { returnUrl: `${back}/added`, cancelUrl: back }).then(({ redirectUrl }) => ({ redirect: redirectUrl }));
  }
  const details: { field: string; message: string }[] = [];
  const number = field(formData, "number");
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(field(formData, "expiry"));
  const cvc = field(formData, "cvc");
  if (!number) details.push({ field: "number", message: "Enter the card number" });
  if (!expiry) details.push({ field: "expiry", message: "Enter the expiry as MM/YY" });
  if (!/^\d{3,4}$/.test(cvc)) details.push({ field: "cvc", message: "Enter the 3 or 4 digits on the back of the card" });
  if (details.length > 0) throw new DomainError("invalid", "Validation failed", { details });
  const year = Number(expiry![2]);
  const saved = await addCardFromForm(ctx, { number, expMonth: Number(expiry![1]), expYear: year < 100 ? 2000 + year : year, cvc });
  return { message: `${saved.label} was added${saved.isDefault ? " and is your default card" : ""}.` };
}
