import type { DomainContext } from "@/lib/db/domain-context";

/**
 * Whether a customer's order call (API `POST /orders`, the panel's order form) with `idempotencyKey`
 * is a replay: the key already names an order of the actor's account, so placeOrder will answer that
 * order and charge nothing. Read before the order cool-down, which a replay neither consumes nor is
 * refused by (docs/decisions.md#r14). A key once taken stays taken (orders are never deleted), so a
 * call found to be a replay here is answered as one. One indexed look-up, nothing else.
 */
export async function isCustomerOrderReplay(ctx: DomainContext<{ accountId: string }>, input: { idempotencyKey: string | null }): Promise<boolean> {
  if (!input.idempotencyKey) return false;
  const found = await ctx.db.order.findUnique({
    where: { accountId_idempotencyKey: { accountId: ctx.actor.accountId, idempotencyKey: input.idempotencyKey } },
    select: { id: true },
  });
  return found !== null;
}
