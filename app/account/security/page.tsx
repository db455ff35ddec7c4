import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { getEmailPreferences } from "@/lib/accounts/email-preferences";
import { getSecuritySettings } from "@/lib/auth/get-security-settings";
import { listUserSessions } from "@/lib/auth/sessions/user-sessions";
import { requireViewer } from "@/lib/auth/session";
import { formatDate } from "@/lib/format/format-date";
import { DisableTotpForm } from "./disable-totp-form";
import { EmailPreferencesForm } from "./email-preferences-form";
import { EnableTotp } from "./enable-totp";
import { ChangePasswordForm } from "./change-password-form";
import { SessionsCard } from "./sessions-card";
import { TwoFactorBadge } from "./two-factor-badge";
import { getDb } from "@/lib/db/client";
import { pageTitle } from "@/components/layout/page-title";
import { pluralNoun } from "@/lib/format/format-count";

export const metadata: Metadata = { title: pageTitle("Security") };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SecurityPage({ searchParams }: { searchParams: SearchParams }) {
  const passwordChanged = (await searchParams).password === "changed";
  const viewer = await requireViewer("/account/security");
  if (viewer.impersonation) {
    return (
      <>
        <PageHeader title="Security" description={`Sign-in settings for ${viewer.user.email}.`} />
        <Alert tone="info" title="Sign-in settings stay the customer's">
          Signed in as a customer for support, you cannot see or change their password, two-factor authentication or sessions.
        </Alert>
      </>
    );
  }
  const settings = await getSecuritySettings({ userId: viewer.user.id }, { db: getDb() });
  const enabled = settings.totpEnabledAt !== null;
  // Account emails go to the owner of a customer or reseller account (lib/mail/notify-account-events.ts).
  const getsAccountEmails = viewer.areas.customer?.role === "owner" || viewer.areas.reseller !== null;
  const now = new Date();
  const [emailPreferences, sessions] = await Promise.all([
    getsAccountEmails ? getEmailPreferences({ db: getDb(), now, actor: { userId: viewer.user.id } }) : null,
    listUserSessions({ db: getDb(), now, actor: { userId: viewer.user.id, sessionId: viewer.sessionId } }),
  ]);

  return (
    <>
      <PageHeader title="Security" description={`Sign-in settings for ${settings.email}.`} />
      <div className="max-w-2xl space-y-6">
        <Card>
          <CardHeader title="Password" description="You stay signed in here; every other session ends when the password changes." />
          <CardBody className="space-y-4">
            {passwordChanged && <Alert tone="success">Password changed. Every other session has ended; this one continues.</Alert>}
            <ChangePasswordForm />
          </CardBody>
        </Card>

        <Card>
          <CardHeader
            title="Two-factor authentication"
            description="Ask for a code from an authenticator app after your password."
            action={<TwoFactorBadge initial={{ enabled }} />}
          />
          <CardBody>
            {enabled ? (
              <div className="space-y-4">
                <p className="text-sm text-neutral-600">
                  Turned on {formatDate(settings.totpEnabledAt!)}. You have <strong className="font-medium text-neutral-900">{settings.recoveryCodesLeft}</strong>{" "}
                  unused {pluralNoun(settings.recoveryCodesLeft, "recovery code")}.
                </p>
                {settings.recoveryCodesLeft <= 3 && (
                  <Alert tone="warning" title="Running out of recovery codes">
                    To get ten new codes, turn two-factor authentication off and on again.
                  </Alert>
                )}
                <DisableTotpForm />
              </div>
            ) : (
              <EnableTotp />
            )}
          </CardBody>
        </Card>

        {emailPreferences && (
          <Card>
            <CardHeader title="Email notifications" description={`Choose which emails about your account are sent to ${settings.email}.`} />
            <CardBody>
              <EmailPreferencesForm preferences={emailPreferences} />
            </CardBody>
          </Card>
        )}

        <SessionsCard sessions={sessions} now={now} />
      </div>
    </>
  );
}
