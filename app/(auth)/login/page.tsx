import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getViewer } from "@/lib/auth/session";
import { postSignInPath } from "@/lib/auth/resolve-areas";
import { getDb } from "@/lib/db/client";
import { LoginForm } from "./login-form";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Sign in") };

// Codes Auth.js puts on /login?error=CredentialsSignin&code=… after a direct post to its callback.
const CODE_MESSAGES: Record<string, string> = {
  invalid: "Wrong email or password.",
  throttled: "Too many failed sign-in attempts. Wait a few minutes, then try again.",
  busy: "Sign-in is busy right now. Try again in a few seconds.",
  totp_required: "This account uses two-factor authentication. Sign in with the form below.",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = typeof params.callbackUrl === "string" ? params.callbackUrl : null;
  const viewer = await getViewer();
  if (viewer) redirect(postSignInPath(callbackUrl, viewer.areas));

  let notice: string | undefined;
  let success: string | undefined;
  if (params.verified === "pending") success = "Your email address is confirmed and your account is created. It now waits for our approval: sign in to look around, and we will email you once you can order.";
  else if (params.verified) success = "Your email address is confirmed and your account is ready. Sign in to start.";
  else if (params.reset) success = "Your password is changed. Sign in with the new one.";
  else if (params.joined) success = "You are on the team. Sign in with your new password.";
  else if (params.emailChanged) success = "Your sign-in address is changed, and every session has ended. Sign in with the new address.";
  if (params.expired) notice = "Your sign-in took too long. Enter your email and password again.";
  else if (params.error === "CredentialsSignin") notice = CODE_MESSAGES[String(params.code)] ?? CODE_MESSAGES.invalid;
  else if (params.error) notice = "Sign-in failed. Please try again.";

  const settings = await getDb().platformSettings.findUnique({ where: { id: 1 }, select: { signUpOpen: true } });
  const email = typeof params.email === "string" ? params.email : undefined;
  return <LoginForm callbackUrl={callbackUrl} notice={notice} success={success} email={email} signUpOpen={settings?.signUpOpen ?? true} />;
}
