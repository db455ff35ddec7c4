import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getViewer } from "@/lib/auth/session";
import { postSignInPath } from "@/lib/auth/resolve-areas";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

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
  if (params.expired) notice = "Your sign-in took too long. Enter your email and password again.";
  else if (params.error === "CredentialsSignin") notice = CODE_MESSAGES[String(params.code)] ?? CODE_MESSAGES.invalid;
  else if (params.error) notice = "Sign-in failed. Please try again.";

  return <LoginForm callbackUrl={callbackUrl} notice={notice} />;
}
