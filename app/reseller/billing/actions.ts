"use server";

import { revalidatePath } from "next/cache";
import { setDefaultPaymentMethod } from "@/lib/accounts/payment-methods/set-default-payment-method";
import { requireReseller } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors/domain-error";

export type MakeDefaultState = { error?: string; done?: string };

export async function makeDefaultPaymentMethodAction(methodId: string): Promise<MakeDefaultState> {
  const viewer = await requireReseller();
  try {
    const method = await setDefaultPaymentMethod({ accountId: viewer.reseller.accountId }, methodId);
    revalidatePath("/reseller/billing");
    return { done: `${method.label} is now your default payment method.` };
  } catch (error) {
    if (error instanceof DomainError) return { error: error.kind === "not_found" ? "That payment method is no longer on your account." : error.message };
    throw error;
  }
}
