import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { CardGateway } from "@/lib/payments/card-gateway";
import { cardGatewayByName } from "@/lib/payments/card-gateways";
import type { PaymentMethodContext } from "./list-payment-methods";
import { PAYMENT_METHOD_RULES } from "./payment-method-rules";
import { PAYMENT_METHOD_NOT_FOUND } from "./set-default-payment-method";

/**
 * Removes a saved card: refused while a payment with it is still `processing` (its settlement needs
 * the card's gateway); the default passes to the oldest remaining card. The gateway is told to
 * forget the card after the row is gone; a gateway that cannot be reached then is logged, not an
 * error (the card can no longer be used from here either way).
 */
export async function removePaymentMethod(ctx: PaymentMethodContext<Db> & { gateway?: (name: string) => CardGateway | null }, { id }: { id: string }): Promise<{ label: string }> {
  const { db, actor } = ctx;
  const removed = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "ClientAccount" WHERE id = ${actor.accountId}::uuid FOR UPDATE`;
    const method = /^[0-9a-f-]{36}$/i.test(id) ? await tx.paymentMethod.findFirst({ where: { id, accountId: actor.accountId } }) : null;
    if (!method) throw new DomainError("not_found", PAYMENT_METHOD_NOT_FOUND);
    if ((await tx.payment.count({ where: { paymentMethodId: id, status: "processing" } })) > 0) throw new DomainError("conflict", PAYMENT_METHOD_RULES.inUse);
    await tx.paymentMethod.delete({ where: { id } });
    if (method.isDefault) {
      const next = await tx.paymentMethod.findFirst({ where: { accountId: actor.accountId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
      if (next) await tx.paymentMethod.update({ where: { id: next.id }, data: { isDefault: true } });
    }
    return method;
  });
  const gateway = (ctx.gateway ?? cardGatewayByName)(removed.gateway);
  try {
    await gateway?.removeCard({ token: removed.gatewayToken, customer: removed.gatewayCustomer });
  } catch (err) {
    console.warn(`[payments] gateway ${removed.gateway} could not forget card ${removed.id}`, err);
  }
  return { label: removed.label };
}
