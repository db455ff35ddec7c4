import type { Metadata } from "next";
import Link from "next/link";
import { pageTitle } from "@/components/layout/page-title";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { describeInvitation, type InvitationSummary } from "@/lib/accounts/team/describe-invitation";
import { PERMISSION_DESCRIPTIONS } from "@/lib/accounts/team/permission-descriptions";
import { LINK_USED } from "@/lib/auth/email-tokens/consume-email-token";
import { getViewer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { formatDate } from "@/lib/format/format-date";
import { AcceptForm } from "./accept-form";
import { acceptInvitationAction, joinAsNewUserAction, signOutToAcceptAction } from "./actions";
import { JoinForm } from "./join-form";
import { invitationPath } from "./invitation-path";

export const metadata: Metadata = { title: pageTitle("Team invitation") };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A team invitation's link (docs/accounts.md#teams): who invited whom to what, and the way on for
 * whoever opened it. Opening it spends nothing; only the accept button does.
 */
export default async function InvitationPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : "";
  const viewer = await getViewer();

  let invitation: InvitationSummary;
  try {
    invitation = await describeInvitation({ db: getDb(), now: new Date() }, { token, userId: viewer?.user.id ?? null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return <LinkDead message={error.message} used={error.message === LINK_USED} signedIn={viewer !== null} />;
  }

  const here = invitationPath(token);
  return (
    <Card className="p-6 sm:p-8">
      <h1 className="text-lg font-semibold tracking-tight wrap-anywhere">Join {invitation.accountName}</h1>
      <p className="mt-1 text-sm text-neutral-600 wrap-anywhere">
        {invitation.inviterName} invited <span className="font-medium text-neutral-900">{invitation.email}</span> to the team of {invitation.accountName}.
      </p>

      <h2 className="mt-5 text-sm font-medium text-neutral-800">You will be able to</h2>
      <ul className="mt-1.5 list-disc space-y-1 pl-5 text-sm text-neutral-600">
        {invitation.permissions.map((p) => (
          <li key={p}>
            <span className="font-medium text-neutral-800">{PERMISSION_DESCRIPTIONS[p].title}</span>: {PERMISSION_DESCRIPTIONS[p].description}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-neutral-500">The invitation is valid until {formatDate(invitation.expiresAt)}.</p>

      <div className="mt-6 space-y-3">
        {!viewer ? (
          <>
            <Link href={`/login?callbackUrl=${encodeURIComponent(here)}`} className={buttonClasses({ className: "w-full" })}>
              Sign in to accept
            </Link>
            <p className="text-xs text-neutral-500">Sign in with {invitation.email}, or, new here, choose your name and a password:</p>
            <JoinForm action={joinAsNewUserAction.bind(null, token)} email={invitation.email} />
          </>
        ) : invitation.refusal === null ? (
          <AcceptForm action={acceptInvitationAction.bind(null, token)} />
        ) : invitation.refusal.code === "WRONG_ADDRESS" ? (
          <>
            <Alert tone="warning">
              <span className="wrap-anywhere">{invitation.refusal.message}</span> You are signed in as {viewer.user.email}.
            </Alert>
            <form action={signOutToAcceptAction.bind(null, token)}>
              <button type="submit" className={buttonClasses({ variant: "secondary", className: "w-full" })}>
                Sign out to switch address
              </button>
            </form>
          </>
        ) : (
          <>
            <Alert tone={invitation.refusal.code === "ALREADY_ON_TEAM" ? "info" : "warning"}>{invitation.refusal.message}</Alert>
            <Link href="/" className={buttonClasses({ variant: "secondary", className: "w-full" })}>
              Go to the panel
            </Link>
          </>
        )}
      </div>
    </Card>
  );
}

/** A link that no longer works: why, and what to do instead. */
function LinkDead({ message, used, signedIn }: { message: string; used: boolean; signedIn: boolean }) {
  return (
    <Card className="p-6 sm:p-8">
      <h1 className="text-lg font-semibold tracking-tight">This invitation can&apos;t be used</h1>
      <Alert tone="warning" className="mt-4">
        {message}
      </Alert>
      <p className="mt-4 text-sm text-neutral-600">
        {used
          ? "It was accepted already, or the account owner withdrew it or sent a newer one. If you accepted it, you are on the team: sign in to see the account."
          : "Ask the account owner to send you a new invitation."}
      </p>
      <Link href={signedIn ? "/" : "/login"} className={buttonClasses({ variant: "secondary", className: "mt-6 w-full" })}>
        {signedIn ? "Go to the panel" : "Sign in"}
      </Link>
    </Card>
  );
}
