"use server";

import { revalidatePath } from "next/cache";
import { operatorActionContext } from "@/app/admin/_lib/operator-action-context";
import type { ActionResult, FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { cancelOrderWithRefund } from "@/lib/admin/orders/cancel-order-with-refund";
import { retryOrderProvisioning } from "@/lib/admin/orders/retry-order-provisioning";
import { formatCount } from "@/lib/format/format-count";
import { formatMoney } from "@/lib/format/format-money";

// The order page's mutations (docs/operator-console.md, "Orders"): each checks the operator, calls one
// function of lib/admin/orders (which applies the rules and writes the audit row) and answers ActionResult.

function revalidate(orderId: string) {
  revalidatePath(`/admin/orders/${orderId}`);
  revalidatePath("/admin/orders");
  revalidatePath("/admin/services", "layout");
  revalidatePath("/admin/invoices", "layout");
  revalidatePath("/admin/customers/[id]", "page");
}

/** Cancels the order for the dialog's reason, refunding what was paid for services never set up. */
export async function cancelOrderAction(orderId: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  const ctx = await operatorActionContext();
  return runFormAction(formData, async (v) => {
    const r = await cancelOrderWithRefund(ctx, { orderId, reason: v.reason ?? "" });
    revalidate(orderId);
    const refunded = r.refunded.gt(0) ? ` ${formatMoney(r.refunded, r.currency)} went back to the customer's credit.` : " Nothing was paid, so nothing was refunded.";
    const byHand = r.byHand ? ` Refund by hand: ${r.byHand}.` : "";
    return `Order ${r.orderNumber} cancelled.${refunded}${byHand}`;
  });
}

/** Asks again for the setup of the order's failed services. */
export async function retryOrderAction(orderId: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  const ctx = await operatorActionContext();
  return runFormAction(formData, async () => {
    const r = await retryOrderProvisioning(ctx, { orderId });
    revalidate(orderId);
    const refused = r.refused.length ? ` Not retried: ${r.refused.map((x) => `${x.name} (${x.message})`).join("; ")}` : "";
    return `Setup asked for again for ${formatCount(r.retried.length, "service")}.${refused}`;
  });
}
