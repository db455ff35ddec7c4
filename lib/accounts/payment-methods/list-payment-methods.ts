import type { DbOrTx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

/** What an account holder sees of a saved card; never the gateway token. */
export const PAYMENT_METHOD_SELECT = {
  id: true,
  type: true,
  label: true,
  cardBrand: true,
  cardLastFour: true,
  isDefault: true,
  lastUsedAt: true,
} satisfies Prisma.PaymentMethodSelect;

export type PaymentMethodSummary = Prisma.PaymentMethodGetPayload<{ select: typeof PAYMENT_METHOD_SELECT }>;

/** An account's saved payment methods, the default first, then oldest first. */
export async function listPaymentMethods(actor: { accountId: string }, options: { db: DbOrTx }): Promise<PaymentMethodSummary[]> {
  const { db } = options;
  return db.paymentMethod.findMany({
    where: { accountId: actor.accountId },
    orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }, { id: "asc" }],
    select: PAYMENT_METHOD_SELECT,
  });
}
