import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { pageTitle } from "@/components/layout/page-title";
import { describeEmailChange } from "@/lib/accounts/profile/confirm-email-change";
import { LINK_INVALID } from "@/lib/auth/email-tokens/consume-email-token";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { ConfirmEmailChangeForm } from "./confirm-email-change-form";

export const metadata: Metadata = { title: pageTitle("Confirm your new email address") };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The email change link's page. Opening it changes nothing (mail scanners open links too): the
 * address changes with the button, which spends the token.
 */
export default async function ConfirmEmailChangePage({ searchParams }: { searchParams: SearchParams }) {
  const token = (await searchParams).token;
  let problem: string | null = null;
  let change = { currentEmail: "", newEmail: "" };
  try {
    if (typeof token !== "string" || !token) throw new DomainError("not_found", LINK_INVALID);
    change = await describeEmailChange({ db: getDb(), now: new Date() }, { token });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    problem = error.message;
  }

  return (
    <Card className="p-6 sm:p-8">
      <h1 className="text-lg font-semibold tracking-tight">Confirm your new email address</h1>
      {problem ? (
        <>
          <Alert tone="error" className="mt-4">
            {problem}
          </Alert>
          <p className="mt-4 text-sm text-neutral-600">
            <Link href="/login" className="font-medium text-neutral-900 underline underline-offset-2">
              Sign in
            </Link>{" "}
            and ask for the change again on your Profile page for a new link.
          </p>
        </>
      ) : (
        <ConfirmEmailChangeForm token={token as string} currentEmail={change.currentEmail} newEmail={change.newEmail} />
      )}
    </Card>
  );
}
