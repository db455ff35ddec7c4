"use server";

import { redirect } from "next/navigation";
import { confirmEmailChange } from "@/lib/accounts/profile/confirm-email-change";
import { runAction, type FormActionState } from "@/lib/actions/action-result";
import { assertNotImpersonating } from "@/lib/auth/impersonation/describe-impersonation";
import { getViewer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";

const field = (formData: FormData, name: string) => String(formData.get(name) ?? "");

/**
 * The link page's button: changes the sign-in address, then sends the person to sign in with it (the
 * change ended every session). The link works signed out, like the other email links (the token is
 * the proof); a customer view of an operator is refused all the same: the sign-in is the person's own.
 */
export async function confirmEmailChangeAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  return runAction(async () => {
    const viewer = await getViewer();
    if (viewer) assertNotImpersonating(viewer, "change this person's sign-in address");
    const { email } = await confirmEmailChange({ db: getDb(), now: new Date() }, { token: field(formData, "token") });
    redirect(`/login?emailChanged=1&email=${encodeURIComponent(email)}`);
  }, { log: "[auth] email change confirmation failed" });
}
