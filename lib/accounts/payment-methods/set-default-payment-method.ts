import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { PAYMENT_METHOD_SELECT, type PaymentMethodContext, type PaymentMethodSummary } from "./list-payment-methods";

export const PAYMENT_METHOD_NOT_FOUND = "Payment method not found";

/**
 * Makes one saved method (`id`) the account's default and every other one not; another account's
 * method is a 404. The account row is locked first, so two concurrent calls cannot leave two defaults.
 */
export async function setDefaultPaymentMethod({ db, actor }: PaymentMethodContext<Db>, { id: methodId }: { id: string }): Promise<PaymentMethodSummary> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "ClientAccount" WHERE id = ${actor.accountId}::uuid FOR UPDATE`;
    const method = await tx.paymentMethod.findFirst({ where: { id: methodId, accountId: actor.accountId }, select: { id: true } });
    if (!method) throw new DomainError("not_found", PAYMENT_METHOD_NOT_FOUND);
    await tx.paymentMethod.updateMany({ where: { accountId: actor.accountId, isDefault: true, NOT: { id: methodId } }, data: { isDefault: false } });
    return tx.paymentMethod.update({ where: { id: methodId }, data: { isDefault: true }, select: PAYMENT_METHOD_SELECT });
  });
}
