"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { runAction, succeed, type FormActionState } from "@/lib/actions/action-result";
import { requestSignUp } from "@/lib/accounts/sign-up/request-sign-up";
import { verifySignUp } from "@/lib/accounts/sign-up/verify-sign-up";
import { getDb } from "@/lib/db/client";
import { requestEmailSend } from "@/lib/mail/request-email-send";
import { publicOrigin } from "@/lib/platform/public-origin";

const field = (formData: FormData, name: string) => String(formData.get(name) ?? "");

/** Sign-up: the same answer for every address (lib/accounts/sign-up/request-sign-up.ts); the form then says "check your inbox". */
export async function signUpAction(_prev: FormActionState<{ email: string }>, formData: FormData): Promise<FormActionState<{ email: string }>> {
  const values = { name: field(formData, "name"), email: field(formData, "email"), company: field(formData, "company"), country: field(formData, "country"), currency: field(formData, "currency"), vatNumber: field(formData, "vatNumber") };
  return runAction(
    async () => {
      const clientAddress = clientIpFromTrustedHeader(await headers());
      const { queued } = await requestSignUp({ db: getDb(), now: new Date(), origin: publicOrigin(), clientAddress }, { ...values, password: field(formData, "password") });
      if (queued) await requestEmailSend();
      return succeed({ email: values.email.trim().toLowerCase() });
    },
    { log: "[auth] sign-up failed", values },
  );
}

/** The verify-email page's button: creates the account, then sends the person to sign in. */
export async function verifyEmailAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  return runAction(async () => {
    const { email, pendingApproval } = await verifySignUp({ db: getDb(), now: new Date() }, { token: field(formData, "token") });
    redirect(`/login?verified=${pendingApproval ? "pending" : "1"}&email=${encodeURIComponent(email)}`);
  }, { log: "[auth] email verification failed" });
}
