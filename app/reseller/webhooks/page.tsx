import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { OffsetPager } from "@/components/layout/offset-pager";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/input";
import { requireReseller } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/format/format-date-time";
import { firstParam, offsetParam, queryString, type PageSearchParams } from "@/lib/format/search-params";
import type { WebhookDeliveryStatus } from "@/lib/generated/prisma/client";
import { isResellerWebhookEvent, RESELLER_WEBHOOK_EVENTS, type ResellerWebhookEvent } from "@/lib/webhooks/events";
import { listWebhookDeliveries, WEBHOOK_DELIVERY_STATUSES } from "@/lib/webhooks/webhook-deliveries";
import { getWebhookUrl } from "@/lib/webhooks/webhook-url";
import { StatusBadge } from "@/components/status/status-badge";
import { statusLabel } from "@/lib/format/status-labels";
import { RefreshWhilePending } from "./refresh-while-pending";
import { SendTestButton } from "./send-test-button";
import { WebhookUrlForm } from "./webhook-url-form";
import { getDb } from "@/lib/db/client";
import { ScrollBox } from "@/components/ui/scroll-box";
import { pageTitle } from "@/components/layout/page-title";
import { formatCount } from "@/lib/format/format-count";

export const metadata: Metadata = { title: pageTitle("Webhooks") };

const PAGE_SIZE = 25;
const code = "font-mono text-xs text-neutral-800";

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const viewer = await requireReseller();
  const ctx = { db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } };
  const sp = await searchParams;
  const eventParam = firstParam(sp.event);
  const statusParam = firstParam(sp.status);
  const event: ResellerWebhookEvent | undefined = eventParam && isResellerWebhookEvent(eventParam) ? eventParam : undefined;
  const status = WEBHOOK_DELIVERY_STATUSES.find((s) => s === statusParam) as WebhookDeliveryStatus | undefined;
  const offset = offsetParam(sp.offset);

  const [url, { deliveries, total }] = await Promise.all([
    getWebhookUrl(ctx),
    listWebhookDeliveries(ctx, { event, status, limit: PAGE_SIZE, offset }),
  ]);
  const filtered = Boolean(event || status);
  const anyPending = deliveries.some((d) => d.status === "pending");

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Rackfront POSTs a signed event to your endpoint when an order is paid or a service changes state."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader title="Endpoint" description={url ? "Events are delivered here." : "No URL on file: events are dropped, not queued."} />
          <CardBody className="space-y-4">
            <WebhookUrlForm current={url} />
            <div className="border-t border-neutral-100 pt-4">
              <SendTestButton disabled={!url} />
              {!url && <p className="mt-2 text-xs text-neutral-500">Set a URL first: a test event needs somewhere to go.</p>}
            </div>
          </CardBody>
        </Card>
        <Card className="self-start">
          <CardHeader title="Verifying deliveries" />
          <CardBody className="space-y-2 text-sm text-neutral-600">
            <p>
              Each request carries <code className={code}>X-Webhook-Signature: hmac-sha256=&lt;hex&gt;</code>, HMAC-SHA256 of the raw body keyed with
              your{" "}
              <a href="/reseller/signing-secret" className="font-medium text-neutral-800 underline underline-offset-2">
                signing secret
              </a>
              , and <code className={code}>X-Webhook-Id</code>, the same on every retry: deduplicate on it.
            </p>
            <p>Answer 2xx within 30 seconds. Failures are retried after 60 s, doubling up to an hour, 20 times (about 15 hours).</p>
            <p>
              <a href="/v1/reseller/guide#webhooks" className="font-medium text-neutral-800 underline underline-offset-2">
                Integration guide: verification code and a worked example
              </a>
            </p>
          </CardBody>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader title="Delivery log" description={`${formatCount(total, "delivery", "deliveries")}${filtered ? " match" : ""}, newest first.`} />
        <CardBody className="space-y-4">
          <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter deliveries">
            <label className="space-y-1.5 text-sm font-medium text-neutral-800">
              <span className="block">Event</span>
              <select name="event" defaultValue={event ?? ""} className={`${inputClasses} w-56`}>
                <option value="">All events</option>
                {RESELLER_WEBHOOK_EVENTS.map((e) => (
                  <option key={e} value={e}>
                    {e}
                  </option>
                ))}
              </select>
            </label>
            <label className="space-y-1.5 text-sm font-medium text-neutral-800">
              <span className="block">Status</span>
              <select name="status" defaultValue={status ?? ""} className={`${inputClasses} w-40`}>
                <option value="">Any status</option>
                {WEBHOOK_DELIVERY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel("webhookDelivery", s)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClasses({ variant: "secondary" })}>
              Filter
            </button>
            {filtered && (
              <a href="/reseller/webhooks" className={buttonClasses({ variant: "ghost" })}>
                Clear filters
              </a>
            )}
          </form>
          <RefreshWhilePending active={anyPending} />
        </CardBody>

        {deliveries.length === 0 ? (
          filtered ? (
            <EmptyState title="No delivery matches these filters" />
          ) : (
            <EmptyState title="No deliveries yet">
              <p>
                Webhooks tell your platform, within a minute, when an order is paid, invoiced or fails, and when a service is provisioned, suspended,
                unsuspended or terminated — no polling needed.
              </p>
              <p className="mt-2">
                Events raised while no URL is on file are <strong>dropped</strong>, not kept for later: set your URL before you order, then send a
                test event to see a delivery here.
              </p>
            </EmptyState>
          )
        ) : (
          <ScrollBox label="Webhook deliveries">
            <table className="w-full text-left text-sm">
              <thead className="border-y border-neutral-100 bg-neutral-50 text-xs font-medium text-neutral-500">
                <tr>
                  <th className="px-5 py-2">Event</th>
                  <th className="px-3 py-2">Status</th>
                  <th className="px-3 py-2 text-right">Attempts</th>
                  <th className="px-3 py-2">Last result</th>
                  <th className="px-3 py-2">Next attempt</th>
                  <th className="px-5 py-2">Raised</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {deliveries.map((d) => (
                  <tr key={d.id} className="align-top">
                    <td className="px-5 py-2.5">
                      <a href={`/reseller/webhooks/${d.id}`} className="font-mono text-xs font-medium text-neutral-900 underline underline-offset-2">
                        {d.event}
                      </a>
                    </td>
                    <td className="px-3 py-2.5">
                      <StatusBadge kind="webhookDelivery" status={d.status} />
                    </td>
                    <td className="px-3 py-2.5 text-right tabular-nums">{d.attempts}</td>
                    <td className="max-w-72 px-3 py-2.5 text-neutral-600">
                      {d.lastStatusCode !== null ? <span className="font-mono text-xs">HTTP {d.lastStatusCode}</span> : null}
                      {d.lastError ? <span className="block truncate text-xs text-red-700">{d.lastError}</span> : null}
                      {d.lastStatusCode === null && !d.lastError ? <span className="text-neutral-400">—</span> : null}
                    </td>
                    <td className="px-3 py-2.5 text-xs whitespace-nowrap text-neutral-600">
                      {d.status === "paused" ? "Paused" : d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : "—"}
                    </td>
                    <td className="px-5 py-2.5 text-xs whitespace-nowrap text-neutral-600">{formatDateTime(d.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
        <OffsetPager offset={offset} pageSize={PAGE_SIZE} total={total} href={(o) => `/reseller/webhooks${queryString({ event, status, offset: o })}`} />
      </Card>
    </>
  );
}
