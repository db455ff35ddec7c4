"use server";

import { headers } from "next/headers";
import { signIn } from "@/auth";
import { changePassword } from "@/lib/accounts/profile/change-password";
import { runAction, type FormActionState } from "@/lib/actions/action-result";
import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { mintLoginTicket } from "@/lib/auth/login-ticket";
import { requireOwnSignIn } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";

const PATH = "/account/security";
/** Where the browser lands after a change: the page says the password changed. */
const PASSWORD_CHANGED_PATH = `${PATH}?password=changed`;

const field = (formData: FormData, name: string) => String(formData.get(name) ?? "");

/**
 * The Password card. The change bumps sessionVersion, which ends every session, this one included;
 * this browser then gets a fresh session at once, the way sign-in finishes (lib/auth/sign-in-flow.ts):
 * a login ticket for the new sessionVersion handed to signIn(), which sets the cookie and redirects.
 * The ticket vouches for the second factor too: this session had already passed it. Passwords are
 * never sent back to the form.
 */
export async function changePasswordAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  return runAction(
    async () => {
      const viewer = await requireOwnSignIn(PATH);
      const clientAddress = clientIpFromTrustedHeader(await headers());
      const changed = await changePassword(
        { db: getDb(), now: new Date(), actor: { userId: viewer.user.id, clientAddress } },
        { currentPassword: field(formData, "currentPassword"), newPassword: field(formData, "newPassword"), confirm: field(formData, "confirm") },
      );
      await signIn("credentials", { ticket: mintLoginTicket(changed, { totp: changed.hasTotp }), redirectTo: PASSWORD_CHANGED_PATH });
      // signIn redirects on success and throws on failure; reaching here means neither happened.
      throw new Error("sign-in after the password change did not complete");
    },
    { log: "[account] password change failed" },
  );
}
