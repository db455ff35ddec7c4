import { isUuid } from "@/lib/schemas/uuid";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/app-shell";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireReseller } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors/domain-error";
import { formatDateTime } from "@/lib/format/format-date-time";
import { getWebhookDelivery, type WebhookDeliveryDetail } from "@/lib/webhooks/webhook-deliveries";
import { StatusBadge } from "@/components/status/status-badge";
import { RefreshWhilePending } from "../refresh-while-pending";
import { ResendButton } from "../resend-button";
import { getDb } from "@/lib/db/client";
import { pageTitle } from "@/components/layout/page-title";

export async function generateMetadata({ params }: { params: Promise<{ deliveryId: string }> }): Promise<Metadata> {
  const viewer = await requireReseller();
  const { deliveryId } = await params;
  const d = await load(viewer.reseller.profileId, deliveryId);
  return { title: pageTitle(d.event, "Webhooks") };
}

const pre = "max-h-80 overflow-auto rounded-md bg-neutral-900 px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all text-neutral-100";

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-neutral-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-neutral-900">{children}</dd>
    </div>
  );
}

async function load(resellerId: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
  if (!isUuid(deliveryId)) notFound();
  try {
    return await getWebhookDelivery({ db: getDb(), now: new Date(), actor: { resellerId } }, { deliveryId });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
}

export default async function WebhookDeliveryPage({ params }: { params: Promise<{ deliveryId: string }> }) {
  const viewer = await requireReseller();
  const { deliveryId } = await params;
  const d = await load(viewer.reseller.profileId, deliveryId);
  const attempts = [...d.attemptLog].reverse();

  return (
    <>
      <p className="mb-2 text-sm">
        <a href="/reseller/webhooks" className="text-neutral-500 hover:text-neutral-900">
          ← Webhooks
        </a>
      </p>
      <PageHeader title={d.event} description={<span className="font-mono text-xs">X-Webhook-Id {d.id}</span>} actions={<ResendButton deliveryId={d.id} />} />

      <Card>
        <CardBody>
          <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
            <Fact label="Status">
              <StatusBadge kind="webhookDelivery" status={d.status} />
            </Fact>
            <Fact label="Attempts">{d.attempts}</Fact>
            <Fact label="Raised">{formatDateTime(d.createdAt)}</Fact>
            <Fact label="Next attempt">{d.status === "paused" ? "Paused until your profile is active" : d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : "—"}</Fact>
            <Fact label={d.status === "failed" ? "Failed" : "Delivered"}>
              {d.deliveredAt ? formatDateTime(d.deliveredAt) : d.failedAt ? formatDateTime(d.failedAt) : "—"}
            </Fact>
            <Fact label="Last error">{d.lastError ?? "—"}</Fact>
          </dl>
          <div className="mt-3">
            <RefreshWhilePending active={d.status === "pending"} />
          </div>
        </CardBody>
      </Card>

      <Card className="mt-6">
        <CardHeader title="Event data" description="The data field of every attempt's body; the body's timestamp changes per attempt." />
        <CardBody>
          <pre className={pre}>{JSON.stringify(d.data, null, 2)}</pre>
        </CardBody>
      </Card>

      <h2 className="mt-8 mb-3 text-sm font-semibold text-neutral-900">Attempts, newest first</h2>
      {attempts.length === 0 ? (
        <Card>
          <EmptyState title="Not attempted yet">
            {d.status === "paused" ? "Deliveries are paused while your reseller profile is not active." : "The delivery sweep sends it within a minute."}
          </EmptyState>
        </Card>
      ) : (
        <ol className="space-y-4">
          {attempts.map((a, i) => (
            <li key={a.id}>
              <Card aria-label={`Attempt ${attempts.length - i}`}>
                <CardHeader
                  title={`Attempt ${attempts.length - i} · ${formatDateTime(a.attemptedAt)}`}
                  description={<span className="font-mono text-xs break-all">POST {a.url}</span>}
                  action={
                    !a.completed ? (
                      <Badge tone="amber">No result recorded</Badge>
                    ) : a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300 ? (
                      <Badge tone="green">HTTP {a.statusCode}</Badge>
                    ) : (
                      <Badge tone="red">{a.statusCode !== null ? `HTTP ${a.statusCode}` : "No answer"}</Badge>
                    )
                  }
                />
                <CardBody className="space-y-4">
                  <dl className="grid gap-4 sm:grid-cols-3">
                    <Fact label="Status code">{a.statusCode ?? "—"}</Fact>
                    <Fact label="Duration">{a.durationMs !== null ? `${a.durationMs} ms` : "—"}</Fact>
                    <Fact label="Error">{a.completed ? (a.error ?? "—") : "The sender stopped during this attempt; the delivery was retried."}</Fact>
                  </dl>
                  <div>
                    <h3 className="mb-1.5 text-xs font-medium text-neutral-500">Request headers sent</h3>
                    <table className="w-full text-left font-mono text-xs">
                      <tbody className="divide-y divide-neutral-100">
                        {Object.entries(a.requestHeaders).map(([name, value]) => (
                          <tr key={name}>
                            <th scope="row" className="w-56 py-1 pr-3 align-top font-medium whitespace-nowrap text-neutral-600">
                              {name}
                            </th>
                            <td className="py-1 break-all text-neutral-900" data-header={name}>
                              {value}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  <div>
                    <h3 className="mb-1.5 text-xs font-medium text-neutral-500">Request body sent (exact bytes, signed)</h3>
                    <pre className={pre} data-testid="request-body">
                      {a.requestBody}
                    </pre>
                    <details className="mt-1.5 text-xs text-neutral-500">
                      <summary className="cursor-pointer">Formatted</summary>
                      <pre className={`${pre} mt-1.5`}>{prettyJson(a.requestBody)}</pre>
                    </details>
                  </div>
                  <div>
                    <h3 className="mb-1.5 text-xs font-medium text-neutral-500">Response (first 4 KB)</h3>
                    {a.responseSnippet ? <pre className={pre}>{a.responseSnippet}</pre> : <p className="text-sm text-neutral-400">No body</p>}
                  </div>
                </CardBody>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
