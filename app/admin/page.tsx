import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Stat } from "@/components/ui/stat";
import { StatusCounts } from "@/components/status/status-counts";
import { getAttentionItems } from "@/lib/admin/get-attention-items";
import { getOperatorDashboard } from "@/lib/admin/get-operator-dashboard";
import { requireOperatorContext } from "@/lib/auth/session";
import { pageTitle } from "@/components/layout/page-title";
import { AttentionCard } from "./attention-card";

export const metadata: Metadata = { title: pageTitle("Operator console") };

/** Non-zero statuses first in their natural order; zero ones are left out. */
function nonZero(byStatus: Record<string, number>) {
  return Object.entries(byStatus)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => ({ status, count }));
}

export default async function OperatorDashboardPage() {
  const ctx = await requireOperatorContext();
  const [d, attention] = await Promise.all([getOperatorDashboard(ctx), getAttentionItems(ctx)]);
  const blocks = [
    { title: "Client accounts", kind: "account" as const, counts: d.accounts, empty: "No client accounts yet." },
    { title: "Reseller profiles", kind: "reseller" as const, counts: d.resellers, empty: "No reseller has applied yet." },
    { title: "Services", kind: "service" as const, counts: d.services, empty: "No services yet. They appear here as customers and resellers order." },
  ];

  return (
    <>
      <PageHeader title="Operator console" description="The state of this Rackfront instance at a glance." />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Client accounts" href="/admin/customers" value={d.accounts.total} detail={`${d.accounts.byStatus.active} active`} />
        <Stat label="Resellers" href="/admin/resellers" value={d.resellers.total} detail={d.resellers.byStatus.pending ? `${d.resellers.byStatus.pending} awaiting approval` : `${d.resellers.byStatus.active} active`} />
        <Stat label="Products" href="/admin/products" value={d.products.total} detail={`${d.products.enabled} on sale`} />
        <Stat label="Services" href="/admin/services" value={d.services.total} detail={d.services.total ? `${d.services.byStatus.active} active` : "None ordered yet"} />
      </dl>
      <div className="mt-6">
        <AttentionCard items={attention} now={ctx.now} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        {blocks.map((b) => (
          <Card key={b.title}>
            <CardHeader title={`${b.title} by status`} />
            {b.counts.total === 0 ? (
              <EmptyState title={b.empty} />
            ) : (
              <CardBody className="py-1">
                <StatusCounts kind={b.kind} items={nonZero(b.counts.byStatus)} />
              </CardBody>
            )}
          </Card>
        ))}
      </div>
    </>
  );
}
