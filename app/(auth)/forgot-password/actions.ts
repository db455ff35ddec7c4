"use server";

import { headers } from "next/headers";
import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { runAction, succeed, type FormActionState } from "@/lib/actions/action-result";
import { requestPasswordReset, RESET_REQUESTED } from "@/lib/auth/password-reset/request-password-reset";
import { getDb } from "@/lib/db/client";
import { requestEmailSend } from "@/lib/mail/request-email-send";
import { publicOrigin } from "@/lib/platform/public-origin";

/** "Forgot password": always RESET_REQUESTED, whether or not the address has an account. */
export async function forgotPasswordAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const email = String(formData.get("email") ?? "");
  return runAction(
    async () => {
      const clientAddress = clientIpFromTrustedHeader(await headers());
      const { queued } = await requestPasswordReset({ db: getDb(), now: new Date(), origin: publicOrigin(), clientAddress }, { email });
      if (queued) await requestEmailSend();
      return succeed(undefined, RESET_REQUESTED);
    },
    { log: "[auth] password reset request failed", values: { email } },
  );
}
