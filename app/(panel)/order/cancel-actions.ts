"use server";

import { revalidatePath } from "next/cache";
import { runAction, type FormActionState } from "@/lib/actions/action-result";
import { requireCustomerFor } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { cancelUnpaidOrder, type CancellableOrder } from "@/lib/orders";

/** "Cancel order" on an unpaid document or a service waiting for payment: cancelUnpaidOrder for the signed-in customer's account. */
export async function cancelUnpaidOrderAction(_prev: FormActionState<CancellableOrder>, formData: FormData): Promise<FormActionState<CancellableOrder>> {
  return runAction(
    async () => {
      const { customer } = await requireCustomerFor({ change: true, may: "services:manage" });
      // Refused too: the order was paid or cancelled elsewhere meanwhile, and the page should show it.
      revalidatePath("/services", "layout");
      revalidatePath("/billing", "layout");
      return { data: await cancelUnpaidOrder({ db: getDb(), now: new Date(), actor: { accountId: customer.accountId } }, { orderId: String(formData.get("orderId") ?? "") }) };
    },
    { log: "[panel] cancelling an unpaid order failed", fullStop: true },
  );
}
