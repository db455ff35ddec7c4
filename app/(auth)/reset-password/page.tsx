import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { pageTitle } from "@/components/layout/page-title";
import { findUsableEmailTokenOrThrow, LINK_INVALID } from "@/lib/auth/email-tokens/consume-email-token";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { ResetPasswordForm } from "./reset-password-form";

export const metadata: Metadata = { title: pageTitle("Choose a new password") };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const token = (await searchParams).token;
  let problem: string | null = null;
  let email = "";
  try {
    if (typeof token !== "string" || !token) throw new DomainError("not_found", LINK_INVALID);
    email = (await findUsableEmailTokenOrThrow(getDb(), { purpose: "password_reset", token, now: new Date() })).email;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    problem = error.message;
  }

  return (
    <Card className="p-6 sm:p-8">
      <h1 className="text-lg font-semibold tracking-tight">Choose a new password</h1>
      {problem ? (
        <>
          <Alert tone="error" className="mt-4">
            {problem}
          </Alert>
          <p className="mt-4 text-sm text-neutral-600">
            <Link href="/forgot-password" className="font-medium text-neutral-900 underline underline-offset-2">
              Ask for a new link
            </Link>
          </p>
        </>
      ) : (
        <ResetPasswordForm token={token as string} email={email} />
      )}
    </Card>
  );
}
