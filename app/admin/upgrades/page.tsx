import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Toaster } from "@/components/ui/toast";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { formatDateTime } from "@/lib/format/format-date-time";
import { listUpgradesAwaitingOperator } from "@/lib/services/changes/operator-upgrades";
import { DecisionButtons } from "./decision-buttons";
import { ScrollBox } from "@/components/ui/scroll-box";
import { pageTitle } from "@/components/layout/page-title";
import { formatMoney } from "@/lib/format/format-money";
import { formatCount } from "@/lib/format/format-count";

export const metadata: Metadata = { title: pageTitle("Plan changes") };

export default async function OperatorUpgradesPage() {
  const operator = await requireOperator();
  const ctx: OperatorContext = { db: getDb(), now: new Date(), actor: { userId: operator.user.id } };
  const held = await listUpgradesAwaitingOperator(ctx);
  return (
    <>
      <Toaster />
      <PageHeader
        title="Plan changes"
        description="Paid plan changes the hypervisor could not carry out. The charge stands until you settle them: try again once the host is fixed, mark them done after changing the server by hand, or cancel them with a refund to credit."
      />
      <Card>
        <CardHeader title="Waiting for you" description={`${formatCount(held.length, "change")}, oldest first.`} />
        {held.length === 0 ? (
          <EmptyState title="Nothing is waiting">
            <p>Every paid plan change was carried out. A change whose resize fails or is refused by the host appears here with the reason.</p>
          </EmptyState>
        ) : (
          <ScrollBox label="Plan changes">
            <table className="w-full text-left text-sm">
              <thead className="border-y border-neutral-100 bg-neutral-50 text-xs font-medium text-neutral-500">
                <tr>
                  <th className="px-5 py-2">Service</th>
                  <th className="px-3 py-2">Change</th>
                  <th className="px-3 py-2 text-right">Charged</th>
                  <th className="px-3 py-2">Why it is held</th>
                  <th className="px-3 py-2">Held since</th>
                  <th className="px-5 py-2">
                    <span className="sr-only">Decision</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {held.map((u) => (
                  <tr key={u.id} data-testid="held-upgrade">
                    <td className="px-5 py-3">
                      <div className="font-medium text-neutral-900">{u.serviceLabel}</div>
                      <div className="text-xs text-neutral-500">{u.accountName}</div>
                    </td>
                    <td className="px-3 py-3 text-neutral-700">
                      {u.fromProduct ?? "?"} → {u.toProduct ?? "?"}
                    </td>
                    <td className="px-3 py-3 text-right tabular-nums">
                      {formatMoney(u.total, u.currency)}
                    </td>
                    <td className="max-w-72 px-3 py-3 text-neutral-700">{u.failureReason ?? "—"}</td>
                    <td className="px-3 py-3 whitespace-nowrap text-neutral-500">{formatDateTime(u.heldSince)}</td>
                    <td className="px-5 py-3">
                      <DecisionButtons upgradeId={u.id} label={`${u.serviceLabel}: ${u.fromProduct ?? "?"} → ${u.toProduct ?? "?"}`} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </Card>
    </>
  );
}
