import type { ViewerImpersonation } from "@/lib/auth/impersonation/describe-impersonation";
import { formatDateTime } from "@/lib/format/format-date-time";
import { endImpersonationAction } from "./impersonation-actions";

/**
 * Shown on every page while an operator looks at the portal as a customer's person: who is looking,
 * until when, and the way back. Not dismissable; it is the reminder that actions here are the customer's.
 */
export function ImpersonationBanner({ impersonation, userEmail }: { impersonation: ViewerImpersonation; userEmail: string }) {
  return (
    <div role="region" aria-label="Signed in as a customer" className="sticky top-0 z-20 border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm text-amber-950 md:col-span-2">
      <form action={endImpersonationAction.bind(null, impersonation.accountId)} className="mx-auto flex max-w-6xl flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <p className="min-w-0 break-words">
          <strong className="font-semibold">Signed in as {userEmail}</strong> ({impersonation.accountName}) by {impersonation.operatorEmail} for support, until{" "}
          {formatDateTime(impersonation.expiresAt)}. The sign-in is recorded in the account&apos;s audit log.
        </p>
        <button type="submit" className="shrink-0 rounded-md bg-amber-950 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-900 focus-visible:ring-2 focus-visible:ring-amber-950 focus-visible:ring-offset-2 focus-visible:outline-none">
          Back to the console
        </button>
      </form>
    </div>
  );
}
