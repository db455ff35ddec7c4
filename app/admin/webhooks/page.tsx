import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { OffsetPager } from "@/components/layout/offset-pager";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Toaster } from "@/components/ui/toast";
import { requireOperatorContext } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/format/format-date-time";
import { offsetParam, type PageSearchParams } from "@/lib/format/search-params";
import { getWebhookMaxAttempts, listFailedWebhookDeliveries, WEBHOOK_MAX_ATTEMPTS_RANGE } from "@/lib/webhooks/operator-webhooks";
import { MaxAttemptsForm } from "./max-attempts-form";
import { RequeueButton } from "./requeue-button";
import { ScrollBox } from "@/components/ui/scroll-box";
import { pageTitle } from "@/components/layout/page-title";
import { formatCount } from "@/lib/format/format-count";

export const metadata: Metadata = { title: pageTitle("Webhooks") };

const PAGE_SIZE = 25;

export default async function OperatorWebhooksPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const ctx = await requireOperatorContext();
  const sp = await searchParams;
  const offset = offsetParam(sp.offset);
  const [maxAttempts, { deliveries, total }] = await Promise.all([
    getWebhookMaxAttempts(ctx),
    listFailedWebhookDeliveries(ctx, { limit: PAGE_SIZE, offset }),
  ]);

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Reseller webhook deliveries that failed for good, and how many attempts a delivery gets before it does."
      />
      <Card>
        <CardHeader
          title="Attempt limit"
          description="Failed attempts are retried after 60 s, doubling up to an hour. After this many attempts a delivery is failed until someone re-queues it."
        />
        <CardBody>
          <MaxAttemptsForm current={maxAttempts} min={WEBHOOK_MAX_ATTEMPTS_RANGE.min} max={WEBHOOK_MAX_ATTEMPTS_RANGE.max} />
        </CardBody>
      </Card>

      <Card className="mt-6">
        <CardHeader
          title="Failed deliveries"
          description={`${formatCount(total, "delivery", "deliveries")} failed for good, most recent first. Re-queue one once the reseller's endpoint works again: it is sent with the same X-Webhook-Id.`}
        />
        {deliveries.length === 0 ? (
          <EmptyState title="No failed deliveries">
            <p>Every reseller endpoint has accepted its events, or they are still being retried. Deliveries that exhaust their attempts appear here.</p>
          </EmptyState>
        ) : (
          <ScrollBox label="Webhook deliveries">
            <table className="w-full text-left text-sm">
              <thead className="border-y border-neutral-100 bg-neutral-50 text-xs font-medium text-neutral-500">
                <tr>
                  <th className="px-5 py-2">Reseller</th>
                  <th className="px-3 py-2">Event</th>
                  <th className="px-3 py-2 text-right">Attempts</th>
                  <th className="px-3 py-2">Last result</th>
                  <th className="px-3 py-2">Failed</th>
                  <th className="px-5 py-2 text-right">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {deliveries.map((d) => (
                  <tr key={d.id} className="align-top">
                    <td className="px-5 py-2.5 font-medium text-neutral-900">{d.resellerName}</td>
                    <td className="px-3 py-2.5">
                      <span className="font-mono text-xs">{d.event}</span>
                      <span className="block font-mono text-[11px] text-neutral-400">{d.id}</span>
                    </td>
                    <td className="px-3 py-2.5 text-right tabular-nums">{d.attempts}</td>
                    <td className="max-w-72 px-3 py-2.5 text-neutral-600">
                      {d.lastStatusCode !== null ? <span className="font-mono text-xs">HTTP {d.lastStatusCode}</span> : null}
                      {d.lastError ? <span className="block truncate text-xs text-red-700">{d.lastError}</span> : null}
                    </td>
                    <td className="px-3 py-2.5 text-xs whitespace-nowrap text-neutral-600">{d.failedAt ? formatDateTime(d.failedAt) : "—"}</td>
                    <td className="px-5 py-2.5 text-right">
                      <RequeueButton deliveryId={d.id} event={d.event} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
        <OffsetPager offset={offset} pageSize={PAGE_SIZE} total={total} href={(o) => `/admin/webhooks?offset=${o}`} />
      </Card>
      <Toaster />
    </>
  );
}
