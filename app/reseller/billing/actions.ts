"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { setDefaultPaymentMethod } from "@/lib/accounts/payment-methods/set-default-payment-method";
import { requireReseller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";

export async function makeDefaultPaymentMethodAction(methodId: string): Promise<ActionResult> {
  return runAction(
    async () => {
      const viewer = await requireReseller();
      const method = await setDefaultPaymentMethod({ db: getDb(), now: new Date(), actor: { accountId: viewer.reseller.accountId } }, { id: methodId });
      revalidatePath("/reseller/billing");
      return `${method.label} is now your default payment method.`;
    },
    { log: "[reseller portal] default payment method failed", messages: { not_found: "That payment method is no longer on your account." } },
  );
}
