import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PageHeader } from "@/components/layout/app-shell";
import { pageTitle } from "@/components/layout/page-title";
import { StatusBadge } from "@/components/status/status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail";
import { requireOperatorContext } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors/domain-error";
import { formatDateTime } from "@/lib/format/format-date-time";
import { getOutboxMessageOrThrow } from "@/lib/mail/get-outbox-message-or-throw";

type Params = { params: Promise<{ id: string }> };

const load = cache(async (id: string) => {
  const ctx = await requireOperatorContext();
  try {
    return await getOutboxMessageOrThrow(ctx, { id });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: pageTitle((await load((await params).id)).subject, "Outbox") };
}

export default async function OutboxMessagePage({ params }: Params) {
  const m = await load((await params).id);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/outbox" className="text-neutral-600 underline underline-offset-2">
          ← Outbox
        </Link>
      </p>
      <PageHeader title={m.subject} description={`To ${m.toAddress}`} actions={<StatusBadge kind="email" status={m.status} />} />
      <div className="space-y-6">
        <Card>
          <CardBody>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <Detail label="Queued">{formatDateTime(m.createdAt)}</Detail>
              <Detail label="Sent">{m.sentAt ? `${formatDateTime(m.sentAt)}${m.transport === "outbox" ? " (kept in the outbox)" : " (SMTP)"}` : "—"}</Detail>
              <Detail label="Attempts">{m.status === "pending" && m.attempts > 0 ? `${m.attempts}; next ${formatDateTime(m.nextAttemptAt)}` : String(m.attempts)}</Detail>
              <Detail label="Template">
                <span className="font-mono text-xs">{m.template}</span>
              </Detail>
            </dl>
            {m.lastError && m.status !== "sent" && (
              <Alert tone="error" className="mt-4">
                {m.lastError}
              </Alert>
            )}
          </CardBody>
        </Card>
        {m.body ? (
          <>
            <Card>
              <CardHeader title="As the customer sees it" />
              {/* sandbox="": no scripts, no forms, no navigation of this page from the message. */}
              <iframe title="The email's HTML part" sandbox="" srcDoc={m.body.html} className="h-[32rem] w-full rounded-b-lg border-t border-neutral-100 bg-white" />
            </Card>
            <Card>
              <CardHeader title="Plain-text part" />
              <CardBody>
                <pre data-testid="email-text" className="overflow-x-auto text-sm whitespace-pre-wrap break-words">
                  {m.body.text}
                </pre>
              </CardBody>
            </Card>
          </>
        ) : (
          <Alert>The body was erased once the SMTP server accepted it: it carried a one-time link or access details.</Alert>
        )}
      </div>
    </>
  );
}
