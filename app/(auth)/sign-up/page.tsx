import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { pageTitle } from "@/components/layout/page-title";
import { listAccountCurrencies } from "@/lib/accounts/account-currencies";
import { COUNTRIES } from "@/lib/accounts/countries";
import { SIGN_UPS_CLOSED } from "@/lib/accounts/sign-up/request-sign-up";
import { getViewer } from "@/lib/auth/session";
import { AREA_HOME } from "@/lib/auth/resolve-areas";
import { getDb } from "@/lib/db/client";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: pageTitle("Create an account") };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await getViewer();
  if (viewer) redirect(AREA_HOME[viewer.home]);
  const params = await searchParams;
  const db = getDb();
  const settings = await db.platformSettings.findUnique({ where: { id: 1 }, select: { signUpOpen: true } });
  if (settings && !settings.signUpOpen) {
    return (
      <Card className="p-6 sm:p-8">
        <h1 className="text-lg font-semibold tracking-tight">Create an account</h1>
        <Alert className="mt-4">{SIGN_UPS_CLOSED}</Alert>
        <p className="mt-6 text-sm text-neutral-600">
          Already have an account?{" "}
          <Link href="/login" className="font-medium text-neutral-900 underline underline-offset-2">
            Sign in
          </Link>
        </p>
      </Card>
    );
  }
  return <SignUpForm countries={COUNTRIES} currencies={await listAccountCurrencies({ db })} email={typeof params.email === "string" ? params.email : ""} />;
}
