"use server";

import { redirect } from "next/navigation";
import { requireViewer } from "@/lib/auth/session";
import { testCardGateway } from "@/lib/payments/test-card-gateway";

/**
 * The test bank's answer (test gateway only): the outcome is remembered by the gateway and the browser
 * goes back to the portal's return page, which asks the gateway, like a real bank's challenge.
 */
export async function answerTestChallenge(formData: FormData): Promise<void> {
  await requireViewer("/pay/test-3ds");
  const done = testCardGateway.completeChallenge(String(formData.get("payment") ?? ""), formData.get("answer") === "authenticate");
  redirect(done ? done.returnUrl : "/pay/test-3ds?expired=1");
}
