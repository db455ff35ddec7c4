import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import type { Prisma } from "@/lib/generated/prisma/client";

/** Who manages saved payment methods: the account (cards are the account's). */
export interface PaymentMethodActor {
  accountId: string;
}

/** The context every payment method function takes first (lib/db/domain-context.ts). */
export type PaymentMethodContext<D extends DbOrTx = DbOrTx> = DomainContext<PaymentMethodActor, D>;

/** What an account holder sees of a saved card; never the gateway token. */
export const PAYMENT_METHOD_SELECT = {
  id: true,
  type: true,
  label: true,
  cardBrand: true,
  cardLastFour: true,
  expMonth: true,
  expYear: true,
  gateway: true,
  isDefault: true,
  lastUsedAt: true,
} satisfies Prisma.PaymentMethodSelect;

export type PaymentMethodSummary = Prisma.PaymentMethodGetPayload<{ select: typeof PAYMENT_METHOD_SELECT }>;

/** An account's saved payment methods, the default first, then oldest first. */
export async function listPaymentMethods({ db, actor }: PaymentMethodContext): Promise<PaymentMethodSummary[]> {
  return db.paymentMethod.findMany({
    where: { accountId: actor.accountId },
    orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }, { id: "asc" }],
    select: PAYMENT_METHOD_SELECT,
  });
}
