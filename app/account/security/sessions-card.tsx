import { Badge } from "@/components/ui/badge";
import { SubmitButton } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { describeUserAgent } from "@/lib/auth/sessions/describe-user-agent";
import type { ListedSession } from "@/lib/auth/sessions/user-sessions";
import { formatCount } from "@/lib/format/format-count";
import { formatDateTime } from "@/lib/format/format-date-time";
import { formatRelativeTime } from "@/lib/format/format-relative-time";
import { signOutOtherSessionsAction, signOutSessionAction } from "./session-actions";
import { SignOutEverywhere } from "./sign-out-everywhere";

/** Where this user is signed in, with a way to end any other session, all others, or all. */
export function SessionsCard({ sessions, now }: { sessions: ListedSession[]; now: Date }) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Card>
      <CardHeader title="Sessions" description={`Where you are signed in: ${formatCount(sessions.length, "session")}. End one you do not recognise; a password change ends them all but this one.`} />
      <ul aria-label="Sessions" className="divide-y divide-neutral-100 border-t border-neutral-100">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-neutral-900">
                {describeUserAgent(s.userAgent)} {s.current && <Badge tone="green">This session</Badge>}
              </p>
              <p className="text-neutral-600">
                {s.ip ? `${s.ip} · ` : ""}signed in {formatDateTime(s.createdAt)} · active {formatRelativeTime(s.lastSeenAt, now)}
              </p>
            </div>
            {!s.current && (
              <form action={signOutSessionAction.bind(null, s.id)}>
                <SubmitButton variant="secondary" pendingLabel="Signing out…" aria-label={`Sign out ${describeUserAgent(s.userAgent)}, active ${formatRelativeTime(s.lastSeenAt, now)}`}>
                  Sign out
                </SubmitButton>
              </form>
            )}
          </li>
        ))}
      </ul>
      <CardBody className="flex flex-wrap gap-3">
        {others > 0 && (
          <form action={signOutOtherSessionsAction}>
            <SubmitButton variant="secondary" pendingLabel="Signing out…">
              Sign out of other sessions
            </SubmitButton>
          </form>
        )}
        <SignOutEverywhere />
      </CardBody>
    </Card>
  );
}
