"use server";

import { redirect } from "next/navigation";
import { runAction, type FormActionState } from "@/lib/actions/action-result";
import { resetPassword } from "@/lib/auth/password-reset/reset-password";
import { getDb } from "@/lib/db/client";

/** Sets the new password, then sends the person to sign in with it (every older session has ended). */
export async function resetPasswordAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  return runAction(async () => {
    const { email } = await resetPassword(
      { db: getDb(), now: new Date() },
      { token: String(formData.get("token") ?? ""), password: String(formData.get("password") ?? ""), confirm: String(formData.get("confirm") ?? "") },
    );
    redirect(`/login?reset=1&email=${encodeURIComponent(email)}`);
  }, { log: "[auth] password reset failed" });
}
