import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { pageTitle } from "@/components/layout/page-title";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail";
import { readOnlyAccountMessage } from "@/lib/accounts/account-permissions";
import { COUNTRIES } from "@/lib/accounts/countries";
import { getProfile } from "@/lib/accounts/profile/get-profile";
import { CURRENCY_LOCKED } from "@/lib/accounts/profile/update-account-profile";
import { requireViewer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { AccountDetailsForm } from "./account-details-form";
import { EmailForm } from "./email-form";
import { NameForm } from "./name-form";

export const metadata: Metadata = { title: pageTitle("Profile") };

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

export default async function ProfilePage() {
  const viewer = await requireViewer("/account/profile");
  const profile = await getProfile({ db: getDb(), now: new Date(), actor: { userId: viewer.user.id, accountId: viewer.areas.customer?.accountId ?? null } });
  const account = profile.account;

  return (
    <>
      <PageHeader title="Profile" description={`Your details and your account's, for ${profile.email}.`} />
      <div className="max-w-2xl space-y-6">
        <Card>
          <CardHeader title="Your name" description="Shown in the portal and in emails to you." />
          <CardBody>
            <NameForm name={profile.name} />
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Email address" description="You sign in with it, and emails to you go there." />
          <CardBody>
            {viewer.impersonation ? (
              <div className="space-y-4">
                <Alert>Signed in as a customer for support, you cannot change their sign-in address.</Alert>
                <dl>
                  <Detail label="Current address">{profile.email}</Detail>
                </dl>
              </div>
            ) : (
              <EmailForm email={profile.email} />
            )}
          </CardBody>
        </Card>

        {account && (
          <Card>
            <CardHeader title="Account details" description={`${account.name}: what invoices are made out to.`} />
            <CardBody>
              {account.editable ? (
                <AccountDetailsForm
                  account={account}
                  countries={COUNTRIES}
                  currencies={account.currencies}
                  currencyChangeable={account.currencyChangeable}
                  currencyLocked={CURRENCY_LOCKED}
                />
              ) : (
                <div className="space-y-4">
                  <Alert>{account.owner ? `${readOnlyAccountMessage(account.status)}.` : "Only the account owner can change these details."}</Alert>
                  <dl className="grid gap-4 sm:grid-cols-2">
                    <Detail label="Company">{account.company ?? "—"}</Detail>
                    <Detail label="Country">{countryName(account.country)}</Detail>
                    <Detail label="VAT number">{account.vatNumber ?? "—"}</Detail>
                    <Detail label="Currency">{account.currency}</Detail>
                  </dl>
                </div>
              )}
            </CardBody>
          </Card>
        )}
      </div>
    </>
  );
}
