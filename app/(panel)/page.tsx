import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/app-shell";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ReceiptIcon, ServerIcon } from "@/components/ui/icons";
import { Stat } from "@/components/ui/stat";
import { StatusCounts } from "@/components/status/status-counts";
import { getCustomerDashboard } from "@/lib/accounts/get-customer-dashboard";
import { requireCustomer } from "@/lib/auth/session";
import { BillingDocumentTable } from "./billing/document-table";
import { formatMoney } from "@/lib/format/format-money";
import { getDb } from "@/lib/db/client";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Dashboard") };

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

export default async function CustomerDashboardPage() {
  const viewer = await requireCustomer();
  const greeting = `Welcome back${viewer.user.name ? `, ${firstName(viewer.user.name)}` : ""}`;
  if (!viewer.customer) {
    return (
      <>
        <PageHeader title={greeting} />
        <Card>
          <EmptyState title="Your sign-in is not linked to a customer account">
            Ask the owner of your company&apos;s Rackfront account to add {viewer.user.email} as a team member, or contact Rackfront support to open an
            account.
          </EmptyState>
        </Card>
      </>
    );
  }

  const d = await getCustomerDashboard({ db: getDb(), now: new Date(), actor: { membership: viewer.customer, userId: viewer.user.id } });
  const currency = d.account.currency;
  const active = d.services?.byStatus.find((s) => s.status === "active")?.count ?? 0;

  return (
    <>
      <PageHeader
        title={greeting}
        description={viewer.customer.role === "owner" ? `Overview of ${d.account.name}.` : `Overview of ${d.account.name}, where you are a team member.`}
      />
      {d.account.status === "suspended" && (
        <Alert tone="warning" title="This account is suspended" className="mb-6">
          Services can&apos;t be ordered or changed until the account is reinstated. Pay outstanding invoices or contact support.
        </Alert>
      )}

      <dl className="grid gap-4 sm:grid-cols-3">
        {d.credit && (
          <Stat
            label="Your credit balance"
            href="/billing/credit"
            value={formatMoney(d.credit.balance, d.credit.currency)}
            detail={viewer.customer.role === "owner" ? "Prepaid credit is used for invoices first." : "Credit is per person: this is yours, not the account owner's."}
          />
        )}
        {d.services && <Stat label="Services" href="/services" value={d.services.total} detail={d.services.total ? `${active} active` : "None yet"} />}
        {d.invoices && (
          <Stat
            label="Unpaid invoices"
            href="/billing/invoices?status=unpaid"
            value={d.invoices.unpaidCount}
            detail={d.invoices.unpaidCount ? `${formatMoney(d.invoices.unpaidTotal, currency)} due` : "You're all paid up"}
          />
        )}
      </dl>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_2fr]">
        <Card>
          <CardHeader title="Services by status" />
          {!d.services ? (
            <EmptyState title="Not visible with your role">Ask the account owner for the services.view permission.</EmptyState>
          ) : d.services.total === 0 ? (
            <EmptyState icon={<ServerIcon className="size-5" />} title="No services yet">
              <p>Servers, game servers, IP transit and colocation you order show up here with their status.</p>
              <p className="mt-4">
                <Link href="/order" className={buttonClasses()}>
                  Order a server
                </Link>
              </p>
            </EmptyState>
          ) : (
            <CardBody className="py-1">
              <StatusCounts kind="service" items={d.services.byStatus} />
            </CardBody>
          )}
        </Card>

        <Card>
          <CardHeader title="Recent invoices" description={d.invoices?.recent.length ? "The last five invoices issued to this account." : undefined} />
          {!d.invoices ? (
            <EmptyState title="Not visible with your role">Ask the account owner for the invoices.view permission.</EmptyState>
          ) : d.invoices.recent.length === 0 ? (
            <EmptyState icon={<ReceiptIcon className="size-5" />} title="No invoices yet">
              Invoices are issued when you order a service and at each renewal. They will be listed here.
            </EmptyState>
          ) : (
            <BillingDocumentTable kind="invoice" rows={d.invoices.recent} />
          )}
        </Card>
      </div>
    </>
  );
}
