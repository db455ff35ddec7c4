"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { requestEmailChange } from "@/lib/accounts/profile/request-email-change";
import { ONLY_THE_OWNER_EDITS, updateAccountProfile } from "@/lib/accounts/profile/update-account-profile";
import { updateUserName } from "@/lib/accounts/profile/update-user-name";
import { runAction, type FormActionState } from "@/lib/actions/action-result";
import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { requireOwnSignIn, requireViewer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { requestEmailSend } from "@/lib/mail/request-email-send";
import { publicOrigin } from "@/lib/platform/public-origin";

const PATH = "/account/profile";

const field = (formData: FormData, name: string) => String(formData.get(name) ?? "");

/** The "Your name" card. The layout (menu, account name) shows it from the next render on. */
export async function updateNameAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const values = { name: field(formData, "name") };
  return runAction(
    async () => {
      const viewer = await requireViewer(PATH);
      await updateUserName({ db: getDb(), now: new Date(), actor: { userId: viewer.user.id } }, values);
      revalidatePath("/", "layout");
      return "Name saved.";
    },
    { log: "[account] saving the name failed", values },
  );
}

/** The "Account details" card, for the owner of the customer account the panel shows. */
export async function updateAccountProfileAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const values = { company: field(formData, "company"), country: field(formData, "country"), currency: field(formData, "currency"), vatNumber: field(formData, "vatNumber") };
  return runAction(
    async () => {
      const viewer = await requireViewer(PATH);
      const accountId = viewer.areas.customer?.accountId;
      if (!accountId) throw new DomainError("forbidden", ONLY_THE_OWNER_EDITS);
      await updateAccountProfile({ db: getDb(), now: new Date(), actor: { userId: viewer.user.id, accountId } }, values);
      revalidatePath("/", "layout");
      return "Account details saved.";
    },
    { log: "[account] saving the account details failed", values, fullStop: true },
  );
}

/**
 * The "Email address" card: the new address and the current password (re-authentication). Refused in
 * a customer view (requireOwnSignIn): the sign-in is the person's own. Nothing changes until the link
 * sent to the new address is used; the password is never sent back to the form.
 */
export async function requestEmailChangeAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const values = { newEmail: field(formData, "newEmail") };
  const result = await runAction(
    async () => {
      const viewer = await requireOwnSignIn(PATH);
      const clientAddress = clientIpFromTrustedHeader(await headers());
      const { newEmail } = await requestEmailChange(
        { db: getDb(), now: new Date(), origin: publicOrigin(), actor: { userId: viewer.user.id, clientAddress } },
        { newEmail: values.newEmail, currentPassword: field(formData, "currentPassword") },
      );
      return `We sent a link to ${newEmail}. Your sign-in address changes when you open it (it works once, for 24 hours); until then, sign in as before.`;
    },
    { log: "[account] requesting an email change failed", values },
  );
  if (result.ok) await requestEmailSend();
  return result;
}
