import type { DbOrTx } from "@/lib/db/client";
import type { SavedCard } from "@/lib/payments/card-gateway";
import { PAYMENT_METHOD_SELECT, type PaymentMethodSummary } from "./list-payment-methods";

const BRANDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover", jcb: "JCB", diners: "Diners Club", unionpay: "UnionPay" };

/** "Visa ending 4242": what a saved card is called in lists and receipts. */
export function cardLabel(card: { brand: string | null; lastFour: string }): string {
  const brand = card.brand ? (BRANDS[card.brand] ?? card.brand[0]!.toUpperCase() + card.brand.slice(1)) : "Card";
  return `${brand} ending ${card.lastFour}`;
}

/**
 * Stores a card the gateway saved (only its token, brand, last four and expiry). The account's
 * first card becomes its default; the account row is locked first (as setDefaultPaymentMethod
 * does), so two cards saved at once cannot both be the first.
 */
export async function savePaymentMethod(tx: DbOrTx, input: { accountId: string; gateway: string; card: SavedCard; now: Date }): Promise<PaymentMethodSummary> {
  await tx.$queryRaw`SELECT id FROM "ClientAccount" WHERE id = ${input.accountId}::uuid FOR UPDATE`;
  const first = (await tx.paymentMethod.count({ where: { accountId: input.accountId } })) === 0;
  const { card } = input;
  return tx.paymentMethod.create({
    data: {
      accountId: input.accountId,
      gateway: input.gateway,
      type: "card",
      label: cardLabel(card),
      cardBrand: card.brand,
      cardLastFour: card.lastFour,
      expMonth: card.expMonth,
      expYear: card.expYear,
      gatewayToken: card.token,
      gatewayCustomer: card.customer,
      isDefault: first,
      createdAt: input.now,
    },
    select: PAYMENT_METHOD_SELECT,
  });
}
