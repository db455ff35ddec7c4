import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/app-shell";
import { pageTitle } from "@/components/layout/page-title";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { formatDate } from "@/lib/format/format-date";
import { getResellerStanding, MONTHLY_VOLUMES, type ResellerStanding } from "@/lib/resellers/apply-for-reseller-programme";
import { ApplicationForm } from "./application-form";

export const metadata: Metadata = { title: pageTitle("Reseller programme") };

function Standing({ standing }: { standing: NonNullable<ResellerStanding> }) {
  switch (standing.status) {
    case "pending":
      return (
        <Alert tone="info" title="Your application is waiting for approval">
          Sent {formatDate(standing.appliedAt)}. Once the supplier approves it, the reseller portal appears in your menu.
        </Alert>
      );
    case "active":
      return (
        <Alert tone="success" title="You are a reseller">
          Buy at wholesale in the{" "}
          <Link href="/reseller" className="font-medium underline underline-offset-2">
            reseller portal
          </Link>
          .
        </Alert>
      );
    default:
      return (
        <Alert tone="warning" title={`Your reseller profile is ${standing.status}`}>
          Ask the supplier if you would like it reopened.
        </Alert>
      );
  }
}

/** Where the account stands in the reseller programme, or the form to apply (owners only). */
export default async function ResellerProgrammePage() {
  const viewer = await requireCustomer();
  const customer = viewer.customer;
  const standing = customer ? await getResellerStanding({ db: getDb(), now: new Date(), actor: { userId: viewer.user.id, accountId: customer.accountId } }) : null;

  return (
    <>
      <PageHeader title="Reseller programme" description="Sell the supplier's servers under your own name, at wholesale prices, through the reseller API and portal." />
      <div className="max-w-2xl space-y-6">
        {!customer ? (
          <Card>
            <EmptyState title="Your sign-in is not linked to a customer account">A customer account applies to the programme.</EmptyState>
          </Card>
        ) : standing ? (
          <Standing standing={standing} />
        ) : customer.role !== "owner" ? (
          <Alert tone="info">Only the account owner can apply to the reseller programme.</Alert>
        ) : (
          <Card>
            <CardHeader title="Apply" description="The supplier reads every application and answers by approving it or getting in touch." />
            <CardBody>
              <ApplicationForm volumes={Object.entries(MONTHLY_VOLUMES).map(([value, label]) => ({ value, label }))} />
            </CardBody>
          </Card>
        )}
      </div>
    </>
  );
}
