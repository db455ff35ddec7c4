"use server";

import { redirect } from "next/navigation";
import { checkPasswordSignIn, WRONG_CREDENTIALS_MESSAGE } from "@/lib/auth/check-password-sign-in";
import { lockedMessage } from "@/lib/auth/attempt-limit";
import { fieldErrorsOf, ZSecondFactorSchema, ZSignInSchema, type FieldErrors, type TSecondFactor, type TSignIn } from "@/lib/auth/schemas";
import { clearPendingSecondFactor, finishSignIn, getPendingSecondFactor, startSecondFactorStep } from "@/lib/auth/sign-in-flow";
import { verifySecondFactor } from "@/lib/auth/verify-second-factor";

export type SignInState = { error?: string; fieldErrors?: FieldErrors<TSignIn>; email?: string };

function callbackOf(formData: FormData): string | null {
  const v = formData.get("callbackUrl");

  return typeof v === "string" && v ? v : null;
}

/** Step one: email and password. Redirects on success (to the code step when TOTP is on). */
export async function signInAction(_prev: SignInState, formData: FormData): Promise<SignInState> {
  const email = String(formData.get("email") ?? "");
  const parsed = ZSignInSchema.safeParse({ email, password: formData.get("password") ?? "" });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), email };

  const result = await checkPasswordSignIn(parsed.data);
  if (result.status === "invalid") return { error: WRONG_CREDENTIALS_MESSAGE, email };
  if (result.status === "locked") return { error: lockedMessage(result.lockedUntil, new Date()), email };

  if (result.user.hasTotp) return startSecondFactorStep(result.user, callbackOf(formData));

  return finishSignIn(result.user, { totp: false }, callbackOf(formData));
}

export type VerifyState = { error?: string; fieldErrors?: FieldErrors<TSecondFactor> };

const SECOND_FACTOR_ERRORS = {
  invalid: "That code is not valid. Check your authenticator app (and your phone's clock) and try again.",
  replayed: "That code has already been used. Wait for the next code in your app.",
} as const;

/** Step two: an authenticator code or a recovery code for the user whose password was right. */
export async function verifySecondFactorAction(_prev: VerifyState, formData: FormData): Promise<VerifyState> {
  const pending = await getPendingSecondFactor();
  if (!pending) redirect("/login?expired=1");

  const parsed = ZSecondFactorSchema.safeParse({ code: formData.get("code") ?? "" });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error) };

  const result = await verifySecondFactor({ userId: pending.id, code: parsed.data.code });
  switch (result.status) {
    case "ok":
      await clearPendingSecondFactor();
      return finishSignIn(pending, { totp: true }, callbackOf(formData));
    case "locked":
      return { error: lockedMessage(result.lockedUntil, new Date()) };
    case "not_enabled":
      // Turned off in the meantime: the password step alone decides now.
      await clearPendingSecondFactor();
      redirect("/login");
    default:
      return { fieldErrors: { code: SECOND_FACTOR_ERRORS[result.status] } };
  }
}
