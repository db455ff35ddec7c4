"use server";

import { redirect } from "next/navigation";
import { signOut } from "@/auth";
import { runAction, type ActionResult, type FormActionState } from "@/lib/actions/action-result";
import { acceptInvitation } from "@/lib/accounts/team/accept-invitation";
import { joinTeamAsNewUser } from "@/lib/accounts/team/join-team-as-new-user";
import { getViewer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { invitationPath } from "./invitation-path";

/** Accepts the invitation for the signed-in user, then opens the panel of the account they joined. */
export async function acceptInvitationAction(token: string, _prev: FormActionState, _form: FormData): Promise<ActionResult> {
  const viewer = await getViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(invitationPath(token))}`);
  const result = await runAction(async () => {
    await acceptInvitation({ db: getDb(), now: new Date() }, { token, userId: viewer.user.id });
  }, { log: "[invitation] accept failed" });
  if (result.ok) redirect("/");
  return result;
}

/** Signs out and comes back to the invitation through the sign-in page, for the invited address to accept it. */
export async function signOutToAcceptAction(token: string): Promise<void> {
  await signOut({ redirectTo: `/login?callbackUrl=${encodeURIComponent(invitationPath(token))}` });
}

/** Creates the invited person's sign-in and membership at once, then sends them to sign in. */
export async function joinAsNewUserAction(token: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  const values = { name: String(formData.get("name") ?? "") };
  const result = await runAction(
    async () => {
      const { email } = await joinTeamAsNewUser({ db: getDb(), now: new Date() }, { token, name: values.name, password: String(formData.get("password") ?? "") });
      return { data: email };
    },
    { log: "[invitation] join as a new user failed", values },
  );
  if (result.ok) redirect(`/login?joined=1&email=${encodeURIComponent(result.data)}`);
  return result;
}
