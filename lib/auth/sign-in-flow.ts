import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { signIn } from "@/auth";
import type { DbOrTx } from "@/lib/db/client";
import { MFA_PENDING_TTL_SECONDS, mintLoginTicket, mintMfaPending, readMfaPending } from "./login-ticket";
import { postSignInPath, resolveAreas } from "./resolve-areas";

// Glue between the login server actions and Auth.js: the pending second-factor cookie and the
// final signIn() with a login ticket. Domain rules live in the functions these call.

const MFA_COOKIE = "rf_mfa_pending";

/** Creates the session and redirects (throws Next's redirect) to the callback or the user's home. */
export async function finishSignIn(
  user: { id: string; sessionVersion: number },
  factors: { totp: boolean },
  callbackUrl: string | null,
  options: { db: DbOrTx },
): Promise<never> {
  const areas = await resolveAreas({ userId: user.id }, options);
  await signIn("credentials", { ticket: mintLoginTicket(user, factors), redirectTo: postSignInPath(callbackUrl, areas) });
  // signIn redirects on success and throws on failure; reaching here means neither happened.
  throw new Error("sign-in did not complete");
}

/** Remembers that the password was right and sends the browser to the code step. */
export async function startSecondFactorStep(user: { id: string; sessionVersion: number }, callbackUrl: string | null): Promise<never> {
  const secure = (await headers()).get("x-forwarded-proto") === "https";
  (await cookies()).set(MFA_COOKIE, mintMfaPending(user), {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/login",
    maxAge: MFA_PENDING_TTL_SECONDS,
  });
  redirect(callbackUrl ? `/login/verify?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/login/verify");
}

export async function getPendingSecondFactor(): Promise<{ id: string; sessionVersion: number } | null> {
  return readMfaPending((await cookies()).get(MFA_COOKIE)?.value);
}

export async function clearPendingSecondFactor(): Promise<void> {
  (await cookies()).delete({ name: MFA_COOKIE, path: "/login" });
}
