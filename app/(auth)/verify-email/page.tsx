import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { pageTitle } from "@/components/layout/page-title";
import { findUsableEmailTokenOrThrow } from "@/lib/auth/email-tokens/consume-email-token";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { VerifyEmailForm } from "./verify-email-form";

export const metadata: Metadata = { title: pageTitle("Confirm your email address") };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The sign-up link's page. Opening it changes nothing (mail scanners open links too): the account is
 * created by the button, which spends the token.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const token = (await searchParams).token;
  let problem: string | null = null;
  let email = "";
  try {
    if (typeof token !== "string" || !token) throw new DomainError("not_found", "This link is not valid. Check that you opened the whole link from the email.");
    email = (await findUsableEmailTokenOrThrow(getDb(), { purpose: "sign_up", token, now: new Date() })).email;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    problem = error.message;
  }

  return (
    <Card className="p-6 sm:p-8">
      <h1 className="text-lg font-semibold tracking-tight">Confirm your email address</h1>
      {problem ? (
        <>
          <Alert tone="error" className="mt-4">
            {problem}
          </Alert>
          <p className="mt-4 text-sm text-neutral-600">
            <Link href="/sign-up" className="font-medium text-neutral-900 underline underline-offset-2">
              Sign up again
            </Link>{" "}
            for a new link, or{" "}
            <Link href="/login" className="font-medium text-neutral-900 underline underline-offset-2">
              sign in
            </Link>{" "}
            if your account is already created.
          </p>
        </>
      ) : (
        <VerifyEmailForm token={token as string} email={email} />
      )}
    </Card>
  );
}
