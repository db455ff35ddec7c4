import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { getSecuritySettings } from "@/lib/auth/get-security-settings";
import { requireViewer } from "@/lib/auth/session";
import { formatDate } from "@/lib/format/format-date";
import { DisableTotpForm } from "./disable-totp-form";
import { EnableTotp } from "./enable-totp";
import { SignOutEverywhere } from "./sign-out-everywhere";
import { TwoFactorBadge } from "./two-factor-badge";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Security" };

export default async function SecurityPage() {
  const viewer = await requireViewer("/account/security");
  const settings = await getSecuritySettings({ userId: viewer.user.id }, { db: getDb() });
  const enabled = settings.totpEnabledAt !== null;

  return (
    <>
      <PageHeader title="Security" description={`Sign-in settings for ${settings.email}.`} />
      <div className="max-w-2xl space-y-6">
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
                  unused recovery code{settings.recoveryCodesLeft === 1 ? "" : "s"}.
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

        <Card>
          <CardHeader title="Sessions" description="Signed in on a computer you no longer use? End every session, this one included." />
          <CardBody>
            <SignOutEverywhere />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
