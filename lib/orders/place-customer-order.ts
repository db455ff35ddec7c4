import { assertAccountWritable } from "@/lib/accounts/assert-account-writable";
import { applyAutoCredit, type AutoCreditOutcome } from "@/lib/billing/apply-auto-credit";
import { resolveCreditAccountId } from "@/lib/billing/resolve-credit-account";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import type { OrderBuyer, OrderRunContext, PlaceOrderInput } from "./order-input";
import { loadOrderRecord } from "./order-record";
import { placeOrder, type PlaceOrderResult } from "./place-order";

/** A customer ordering; `isOwner` decides whose credit auto-credit draws on (resolveCreditAccountId). */
export type CustomerOrderBuyer = Extract<OrderBuyer, { kind: "customer" }> & { isOwner: boolean };

export interface PlaceCustomerOrderResult extends PlaceOrderResult {
  /** What auto-credit paid on the order's document (the customer API spec Bodies, Auto-credit); null when nothing. */
  autoCredit: AutoCreditOutcome | null;
}

/**
 * A customer's order (the API's POST /orders and the panel's order form): placeOrder, then — for a
 * new order whose document is open and an account with auto-credit on — the document is paid from
 * the orderer's own credit within the same request (`settled: true` when it covered everything),
 * and the services it released are sent to provisioning. The payment is its own transaction after
 * the order's: if it fails the order stands with its document open, as without auto-credit.
 */
export async function placeCustomerOrder(ctx: OrderRunContext<CustomerOrderBuyer>, input: PlaceOrderInput): Promise<PlaceCustomerOrderResult> {
  const { db, now, actor } = ctx;
  await assertAccountWritable(db, actor.accountId);
  const result = await placeOrder(ctx, input);
  const document = result.document;
  if (!result.created || !document || document.settled) return { ...result, autoCredit: null };

  const { accountId, userId } = actor;
  const creditAccountId = userId ? await resolveCreditAccountId(db, { accountId, userId, isOwner: actor.isOwner }) : accountId;
  if (!creditAccountId) return { ...result, autoCredit: null };
  const autoCredit = await db.$transaction((tx) => applyAutoCredit(tx, { accountId, document: { type: document.type, id: document.id }, now, creditAccountId }));
  if (!autoCredit) return { ...result, autoCredit: null };
  if (autoCredit.releasedServiceIds.length > 0) await (ctx.provision ?? requestProvisioning)(autoCredit.releasedServiceIds);

  return { ...result, order: await loadOrderRecord(db, result.order.id), autoCredit };
}
