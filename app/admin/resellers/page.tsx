import type { Metadata } from "next";
import Link from "next/link";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { percentText } from "@/lib/admin/format";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { formatDate } from "@/lib/format/format-date";
import { listResellersForAdmin } from "@/lib/resellers/admin/admin-reseller-reads";
import { StatusBadge } from "@/components/status/status-badge";
import { pageTitle } from "@/components/layout/page-title";
import { formatCount } from "@/lib/format/format-count";

export const metadata: Metadata = { title: pageTitle("Resellers") };

export default async function ResellersPage() {
  const operator = await requireOperator();
  const resellers = await listResellersForAdmin({ db: getDb(), now: new Date(), actor: { userId: operator.user.id } });
  const pending = resellers.filter((r) => r.status === "pending").length;
  return (
    <>
      <PageHeader
        title="Resellers"
        description={pending ? `${formatCount(pending, "application")} waiting for approval (listed first).` : "Accounts buying at wholesale through the reseller API."}
      />
      <Card>
        {resellers.length === 0 ? (
          <EmptyState title="No resellers yet">A customer account becomes a reseller when it applies; its application appears here for approval.</EmptyState>
        ) : (
          <Table head={["Reseller", "Owner", "Status", "Tier", "Default discount", "Live API keys", "Applied"]} label="Resellers">
            {resellers.map((r) => (
              <tr key={r.id}>
                <Td>
                  <Link href={`/admin/resellers/${r.id}`} className={linkClass}>{r.account.company ?? r.account.name}</Link>
                  <span className="block text-xs text-neutral-500">{r.account.country} · {r.account.currency}</span>
                </Td>
                <Td className="text-neutral-600">{r.account.owner.email}</Td>
                <Td>
                  <StatusBadge kind="reseller" status={r.status} />
                </Td>
                <Td>
                  {r.tier?.name ?? "—"}
                  {r.tierPinned && <span className="text-xs text-neutral-500"> (pinned)</span>}
                </Td>
                <Td className="tabular-nums">{percentText(r.defaultDiscountPercent)} %</Td>
                <Td className="tabular-nums">{r._count.apiKeys}</Td>
                <Td className="whitespace-nowrap text-neutral-600">{formatDate(r.createdAt)}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </>
  );
}
