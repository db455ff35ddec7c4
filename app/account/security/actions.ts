"use server";

import { revalidatePath } from "next/cache";
import { signOut } from "@/auth";
import { lockedMessage } from "@/lib/auth/attempt-limit";
import { confirmTotpEnrolment } from "@/lib/auth/confirm-totp-enrolment";
import { disableTotp } from "@/lib/auth/disable-totp";
import { getSecuritySettings } from "@/lib/auth/get-security-settings";
import { fieldErrorsOf, ZConfirmTotpSchema, ZDisableTotpSchema } from "@/lib/auth/schemas";
import { requireViewer } from "@/lib/auth/session";
import { revokeAllSessions } from "@/lib/auth/session-token";
import { startTotpEnrolment, type TotpEnrolment } from "@/lib/auth/start-totp-enrolment";

const PATH = "/account/security";

export type TwoFactorStatus = { enabled: boolean };

/** Whether two-factor authentication is on: the security page's badge (accountKeys.twoFactor). */
export async function twoFactorStatusAction(): Promise<TwoFactorStatus> {
  const viewer = await requireViewer(PATH);
  const settings = await getSecuritySettings({ userId: viewer.user.id });
  return { enabled: settings.totpEnabledAt !== null };
}

export type StartTotpResult = { enrolment?: TotpEnrolment; error?: string };

export async function startTotpAction(): Promise<StartTotpResult> {
  const viewer = await requireViewer(PATH);
  const result = await startTotpEnrolment({ userId: viewer.user.id });
  if (result.status === "already_enabled") return { error: "Two-factor authentication is already on." };

  return { enrolment: result.enrolment };
}

export type ConfirmTotpState = { recoveryCodes?: string[]; error?: string; fieldError?: string };

export async function confirmTotpAction(_prev: ConfirmTotpState, formData: FormData): Promise<ConfirmTotpState> {
  const viewer = await requireViewer(PATH);
  const parsed = ZConfirmTotpSchema.safeParse({ code: formData.get("code") ?? "" });
  if (!parsed.success) return { fieldError: fieldErrorsOf(parsed.error).code };

  const result = await confirmTotpEnrolment({ userId: viewer.user.id, code: parsed.data.code });
  switch (result.status) {
    case "enabled":
      // No revalidation here: the page keeps showing the recovery codes until the user is done.
      return { recoveryCodes: result.recoveryCodes };
    case "invalid":
      return { fieldError: "That code does not match. Enter the current code from your app; check your phone's clock if it keeps failing." };
    case "already_enabled":
      return { error: "Two-factor authentication is already on." };
    case "not_started":
      return { error: "The set-up expired. Start again." };
  }
}

export type DisableTotpState = { error?: string; fieldError?: string };

export async function disableTotpAction(_prev: DisableTotpState, formData: FormData): Promise<DisableTotpState> {
  const viewer = await requireViewer(PATH);
  const parsed = ZDisableTotpSchema.safeParse({ code: formData.get("code") ?? "" });
  if (!parsed.success) return { fieldError: fieldErrorsOf(parsed.error).code };

  const result = await disableTotp({ userId: viewer.user.id, code: parsed.data.code });
  switch (result.status) {
    case "disabled":
      revalidatePath(PATH);
      return {};
    case "locked":
      return { error: lockedMessage(result.lockedUntil, new Date()) };
    case "replayed":
      return { fieldError: "That code has already been used. Wait for the next code in your app." };
    case "not_enabled":
      revalidatePath(PATH);
      return {};
    case "invalid":
      return { fieldError: "That code is not valid. Enter the current code from your app or an unused recovery code." };
  }
}

/** Ends every session of the user, this one included. */
export async function signOutEverywhereAction(): Promise<void> {
  const viewer = await requireViewer(PATH);
  await revokeAllSessions({ userId: viewer.user.id });
  await signOut({ redirectTo: "/login" });
}
