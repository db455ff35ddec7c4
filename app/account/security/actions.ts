"use server";

import { revalidatePath } from "next/cache";
import { signOut } from "@/auth";
import { confirmTotpEnrolment } from "@/lib/auth/confirm-totp-enrolment";
import { disableTotp } from "@/lib/auth/disable-totp";
import { getSecuritySettings } from "@/lib/auth/get-security-settings";
import { fieldErrorsOf, ZConfirmTotpSchema, ZDisableTotpSchema } from "@/lib/auth/schemas";
import { requireOwnSignIn, requireViewer } from "@/lib/auth/session";
import { revokeAllSessions } from "@/lib/auth/session-token";
import { throttledMessage } from "@/lib/auth/sign-in-throttle";
import { startTotpEnrolment, type TotpEnrolment } from "@/lib/auth/start-totp-enrolment";
import { CHECK_THE_FIELDS, runAction, type ActionResult, type FormActionState } from "@/lib/actions/action-result";
import { DomainError } from "@/lib/errors/domain-error";
import { getDb } from "@/lib/db/client";

const PATH = "/account/security";
const LOG = { log: "[account] two-factor action failed" };

export type TwoFactorStatus = { enabled: boolean };

/** Whether two-factor authentication is on: the security page's badge (accountKeys.twoFactor). */
export async function twoFactorStatusAction(): Promise<TwoFactorStatus> {
  const viewer = await requireViewer(PATH);
  const settings = await getSecuritySettings({ userId: viewer.user.id }, { db: getDb() });
  return { enabled: settings.totpEnabledAt !== null };
}

/** A refusal of the code typed: shown under the code's input. */
function codeRefusal(message: string): DomainError {
  return new DomainError("invalid", message, { details: [{ field: "code", message }] });
}

function parseCode(schema: typeof ZConfirmTotpSchema | typeof ZDisableTotpSchema, formData: FormData): string {
  const parsed = schema.safeParse({ code: formData.get("code") ?? "" });
  if (!parsed.success) throw codeRefusal(fieldErrorsOf(parsed.error).code ?? CHECK_THE_FIELDS);
  return parsed.data.code;
}

export async function startTotpAction(): Promise<ActionResult<TotpEnrolment>> {
  return runAction(async () => {
    const viewer = await requireOwnSignIn(PATH);
    const result = await startTotpEnrolment({ userId: viewer.user.id }, { db: getDb() });
    if (result.status === "already_enabled") throw new DomainError("conflict", "Two-factor authentication is already on.");

    return { data: result.enrolment };
  }, LOG);
}

/** Turning it on answers the recovery codes, shown once. */
export async function confirmTotpAction(_prev: FormActionState<{ recoveryCodes: string[] }>, formData: FormData): Promise<FormActionState<{ recoveryCodes: string[] }>> {
  return runAction(async () => {
    const viewer = await requireOwnSignIn(PATH);
    const code = parseCode(ZConfirmTotpSchema, formData);
    const result = await confirmTotpEnrolment({ userId: viewer.user.id, code }, { db: getDb() });
    switch (result.status) {
      case "enabled":
        // No revalidation here: the page keeps showing the recovery codes until the user is done.
        return { data: { recoveryCodes: result.recoveryCodes } };
      case "invalid":
        throw codeRefusal("That code does not match. Enter the current code from your app; check your phone's clock if it keeps failing.");
      case "already_enabled":
        throw new DomainError("conflict", "Two-factor authentication is already on.");
      case "not_started":
        throw new DomainError("conflict", "The set-up expired. Start again.");
    }
  }, LOG);
}

export async function disableTotpAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  return runAction(async () => {
    const viewer = await requireOwnSignIn(PATH);
    const code = parseCode(ZDisableTotpSchema, formData);
    const now = new Date();
    const result = await disableTotp({ userId: viewer.user.id, code }, { db: getDb(), now });
    switch (result.status) {
      case "disabled":
      case "not_enabled":
        revalidatePath(PATH);
        return;
      case "throttled":
        throw new DomainError("rate_limited", throttledMessage(result.retryAt, now));
      case "replayed":
        throw codeRefusal("That code has already been used. Wait for the next code in your app.");
      case "invalid":
        throw codeRefusal("That code is not valid. Enter the current code from your app or an unused recovery code.");
    }
  }, LOG);
}

/** Ends every session of the user, this one included. */
export async function signOutEverywhereAction(): Promise<void> {
  const viewer = await requireOwnSignIn(PATH);
  await revokeAllSessions({ userId: viewer.user.id }, { db: getDb() });
  await signOut({ redirectTo: "/login" });
}
