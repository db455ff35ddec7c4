import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { OffsetPager } from "@/components/layout/offset-pager";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/input";
import { requireReseller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { formatDateTime } from "@/lib/format/format-date-time";
import { firstParam, offsetParam, queryString, type PageSearchParams } from "@/lib/format/search-params";
import type { PaymentStatus } from "@/lib/generated/prisma/client";
import { listResellerOrders, provisioningStatusOf } from "@/lib/orders";
import { StatusBadge } from "@/components/status/status-badge";
import { statusLabel } from "@/lib/format/status-labels";
import { ScrollBox } from "@/components/ui/scroll-box";
import { pageTitle } from "@/components/layout/page-title";
import { formatMoney } from "@/lib/format/format-money";
import { formatCount } from "@/lib/format/format-count";

export const metadata: Metadata = { title: pageTitle("Orders") };

const PAGE_SIZE = 25;
const PAYMENT_STATUSES: PaymentStatus[] = ["pending", "processing", "paid", "failed", "refunded"];

export default async function OrdersPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const viewer = await requireReseller();
  const sp = await searchParams;
  const status = PAYMENT_STATUSES.find((s) => s === firstParam(sp.status));
  const externalOrderId = firstParam(sp.externalOrderId)?.trim().slice(0, 100) || undefined;
  const offset = offsetParam(sp.offset);
  const { orders, total } = await listResellerOrders(
    { db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } },
    { paymentStatus: status, externalOrderId, limit: PAGE_SIZE, offset },
  );
  const filtered = Boolean(status || externalOrderId);

  return (
    <>
      <PageHeader
        title="Orders"
        description="Orders your platform placed through the API and those placed at the client-panel checkout (storefront), newest first."
      />
      <Card>
        <CardHeader title="Order history" description={`${formatCount(total, "order")}${filtered ? " match" : ""}.`} />
        <CardBody>
          <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter orders">
            <label className="space-y-1.5 text-sm font-medium text-neutral-800">
              <span className="block">Payment status</span>
              <select name="status" defaultValue={status ?? ""} className={`${inputClasses} w-44`}>
                <option value="">Any status</option>
                {PAYMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel("payment", s)}
                  </option>
                ))}
              </select>
            </label>
            <label className="space-y-1.5 text-sm font-medium text-neutral-800">
              <span className="block">External order id</span>
              <input name="externalOrderId" defaultValue={externalOrderId ?? ""} maxLength={100} placeholder="Exact id your platform sent" className={`${inputClasses} w-64`} />
            </label>
            <button type="submit" className={buttonClasses({ variant: "secondary" })}>
              Filter
            </button>
            {filtered && (
              <a href="/reseller/orders" className={buttonClasses({ variant: "ghost" })}>
                Clear filters
              </a>
            )}
          </form>
        </CardBody>

        {orders.length === 0 ? (
          filtered ? (
            <EmptyState title="No order matches these filters">
              <p>The external order id must match exactly what your platform sent as <code className="font-mono text-xs">externalOrderId</code>.</p>
            </EmptyState>
          ) : (
            <EmptyState title="No orders yet">
              <p>
                Place an order with a signed <code className="font-mono text-xs">POST /v1/reseller/orders</code>, always with an{" "}
                <code className="font-mono text-xs">externalOrderId</code> so a retried request never orders twice.
              </p>
              <p className="mt-2">
                <a href="/v1/reseller/guide#orders" className="font-medium text-neutral-800 underline underline-offset-2">
                  Read the integration guide
                </a>
              </p>
            </EmptyState>
          )
        ) : (
          <ScrollBox label="Orders">
            <table className="w-full text-left text-sm">
              <thead className="border-y border-neutral-100 bg-neutral-50 text-xs font-medium text-neutral-500">
                <tr>
                  <th className="px-5 py-2">Order</th>
                  <th className="px-3 py-2">External id</th>
                  <th className="px-3 py-2">Product</th>
                  <th className="px-3 py-2">Payment</th>
                  <th className="px-3 py-2">Provisioning</th>
                  <th className="px-3 py-2 text-right">Total</th>
                  <th className="px-5 py-2">Placed</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {orders.map((o) => (
                  <tr key={o.id} className="align-top">
                    <td className="px-5 py-2.5">
                      <span className="font-mono text-xs font-medium text-neutral-900">{o.orderNumber}</span>
                      {o.paymentMode === "storefront" && <span className="block text-xs text-neutral-500">storefront</span>}
                    </td>
                    <td className="px-3 py-2.5 font-mono text-xs text-neutral-700">{o.externalOrderId ?? "—"}</td>
                    <td className="px-3 py-2.5 text-neutral-700">
                      {o.items[0]?.product.name ?? "—"}
                      {o.items.length > 1 && <span className="text-neutral-500"> +{o.items.length - 1}</span>}
                      {o.resellerCustomer && <span className="block text-xs text-neutral-500">for {o.resellerCustomer.externalCustomerId}</span>}
                    </td>
                    <td className="px-3 py-2.5">
                      <StatusBadge kind="payment" status={o.paymentStatus} />
                      {o.paymentFailedReason && o.paymentStatus === "failed" && <span className="mt-1 block text-xs text-red-700">{o.paymentFailedReason}</span>}
                    </td>
                    <td className="px-3 py-2.5 text-xs text-neutral-600">{provisioningStatusOf(o) ?? "—"}</td>
                    <td className="px-3 py-2.5 text-right tabular-nums whitespace-nowrap">
                      {formatMoney(o.total, o.currency)}
                    </td>
                    <td className="px-5 py-2.5 text-xs whitespace-nowrap text-neutral-600">{formatDateTime(o.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
        <OffsetPager offset={offset} pageSize={PAGE_SIZE} total={total} href={(o) => `/reseller/orders${queryString({ status, externalOrderId, offset: o })}`} />
      </Card>
    </>
  );
}
