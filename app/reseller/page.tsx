import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Stat } from "@/components/ui/stat";
import { StatusBadge } from "@/components/status/status-badge";
import { requireReseller } from "@/lib/auth/session";
import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import { getResellerDashboard } from "@/lib/resellers/get-reseller-dashboard";
import { getDb } from "@/lib/db/client";
import { pageTitle } from "@/components/layout/page-title";
import { pluralNoun } from "@/lib/format/format-count";

export const metadata: Metadata = { title: pageTitle("Reseller portal") };

function percent(value: string): string {
  return `${Number(value).toLocaleString("en-GB", { maximumFractionDigits: 2 })}%`;
}

export default async function ResellerDashboardPage() {
  const viewer = await requireReseller();
  const d = await getResellerDashboard({ db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } });

  return (
    <>
      <PageHeader title="Reseller portal" description={`Wholesale programme of ${d.accountName}.`} />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Profile status"
          value={<StatusBadge kind="reseller" status={d.status} />}
          detail={d.approvedAt ? `Approved ${formatDate(d.approvedAt)}` : undefined}
        />
        <Stat
          label="Tier"
          value={d.tier?.name ?? "No tier"}
          detail={d.tier ? `${percent(d.tier.discountPercent)} off retail by default` : `${percent(d.defaultDiscountPercent)} off retail by default`}
        />
        <Stat label="Credit balance" value={formatMoney(d.creditBalance, d.currency)} detail="Wholesale orders are paid from credit." />
        <Stat label="API keys" value={d.apiKeys.active} detail={d.apiKeys.total === d.apiKeys.active ? "All active" : `${d.apiKeys.total} issued, ${d.apiKeys.total - d.apiKeys.active} revoked or expired`} />
      </dl>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Webhooks"
            description="Signed event deliveries for orders and services."
            action={d.webhook.configured ? <Badge tone="green">Configured</Badge> : <Badge tone="amber">Not set</Badge>}
          />
          {d.webhook.configured ? (
            <CardBody>
              <p className="text-sm text-neutral-600">
                Events are delivered to <span className="font-mono text-neutral-900">{d.webhook.origin}</span>, signed with your profile&apos;s signing
                secret.{" "}
                <a href="/reseller/webhooks" className="font-medium text-neutral-800 underline underline-offset-2">
                  Delivery log
                </a>
              </p>
            </CardBody>
          ) : (
            <EmptyState title="No webhook URL on file">
              Events raised while no URL is set are dropped. Set one on the{" "}
              <a href="/reseller/webhooks" className="font-medium text-neutral-800 underline underline-offset-2">
                Webhooks
              </a>{" "}
              page, or with <code className="font-mono text-neutral-700">PUT /account/webhook</code> on the reseller API (a key with the{" "}
              <code className="font-mono text-neutral-700">account</code> scope), before ordering.
            </EmptyState>
          )}
        </Card>
        <Card>
          <CardHeader title="Customers" description="End customers you have registered through the reseller API." />
          <CardBody>
            <p className="text-2xl font-semibold tracking-tight tabular-nums">{d.customers}</p>
            <p className="mt-1 text-sm text-neutral-500">
              {d.customers === 0
                ? "None yet. Create customer records with POST /customers, then bind API keys to them so each end customer sees only their own services."
                : `${pluralNoun(d.customers, "customer record")} registered`}
            </p>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
