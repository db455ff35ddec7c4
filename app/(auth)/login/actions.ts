"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { checkPasswordSignIn, WRONG_CREDENTIALS_MESSAGE } from "@/lib/auth/check-password-sign-in";
import { SIGN_IN_BUSY_MESSAGE, throttledMessage } from "@/lib/auth/sign-in-throttle";
import { parseActionInput, runAction, type FormActionState } from "@/lib/actions/action-result";
import { ZSecondFactorSchema, ZSignInSchema } from "@/lib/auth/schemas";
import { DomainError } from "@/lib/errors/domain-error";
import { clearPendingSecondFactor, finishSignIn, getPendingSecondFactor, startSecondFactorStep } from "@/lib/auth/sign-in-flow";
import { verifySecondFactor } from "@/lib/auth/verify-second-factor";
import { getDb } from "@/lib/db/client";

const LOG = { log: "[auth] sign-in failed" };

function callbackOf(formData: FormData): string | null {
  const v = formData.get("callbackUrl");

  return typeof v === "string" && v ? v : null;
}

/**
 * Step one: email and password. Redirects on success (to the code step when TOTP is on); a refusal
 * sends back the email typed (`values.email`), never the password.
 */
export async function signInAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const email = String(formData.get("email") ?? "");
  return runAction(
    async () => {
      const input = parseActionInput(ZSignInSchema, { email, password: formData.get("password") ?? "" });
      const now = new Date();
      const clientAddress = clientIpFromTrustedHeader(await headers());
      const result = await checkPasswordSignIn({ db: getDb(), now }, { ...input, clientAddress });
      if (result.status === "invalid") throw new DomainError("invalid", WRONG_CREDENTIALS_MESSAGE);
      if (result.status === "throttled") throw new DomainError("rate_limited", throttledMessage(result.retryAt, now));
      if (result.status === "busy") throw new DomainError("rate_limited", SIGN_IN_BUSY_MESSAGE);

      if (result.user.hasTotp) return startSecondFactorStep(result.user, callbackOf(formData));

      return finishSignIn(result.user, { totp: false }, callbackOf(formData), { db: getDb() });
    },
    { ...LOG, values: { email } },
  );
}

const SECOND_FACTOR_ERRORS = {
  invalid: "That code is not valid. Check your authenticator app (and your phone's clock) and try again.",
  replayed: "That code has already been used. Wait for the next code in your app.",
} as const;

/** Step two: an authenticator code or a recovery code for the user whose password was right. Redirects on success. */
export async function verifySecondFactorAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  return runAction(async () => {
    const pending = await getPendingSecondFactor();
    if (!pending) redirect("/login?expired=1");

    const { code } = parseActionInput(ZSecondFactorSchema, { code: formData.get("code") ?? "" });
    const now = new Date();
    const clientAddress = clientIpFromTrustedHeader(await headers());
    const result = await verifySecondFactor({ userId: pending.id, code, clientAddress }, { db: getDb(), now });
    switch (result.status) {
      case "ok":
        await clearPendingSecondFactor();
        return finishSignIn(pending, { totp: true }, callbackOf(formData), { db: getDb() });
      case "throttled":
        throw new DomainError("rate_limited", throttledMessage(result.retryAt, now));
      case "not_enabled":
        // Turned off in the meantime: the password step alone decides now.
        await clearPendingSecondFactor();
        redirect("/login");
      default: {
        const message = SECOND_FACTOR_ERRORS[result.status];
        throw new DomainError("invalid", message, { details: [{ field: "code", message }] });
      }
    }
  }, LOG);
}
