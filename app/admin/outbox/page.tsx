import type { Metadata } from "next";
import Link from "next/link";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { PagePager } from "@/components/layout/page-pager";
import { pageTitle } from "@/components/layout/page-title";
import { StatusBadge } from "@/components/status/status-badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/input";
import { requireOperatorContext } from "@/lib/auth/session";
import { formatCount } from "@/lib/format/format-count";
import { formatDateTime } from "@/lib/format/format-date-time";
import { firstParam, pageParam, queryString, type PageSearchParams } from "@/lib/format/search-params";
import { statusOptions } from "@/lib/format/status-labels";
import type { EmailStatus } from "@/lib/generated/prisma/client";
import { listOutboxMessages } from "@/lib/mail/list-outbox-messages";

export const metadata: Metadata = { title: pageTitle("Outbox") };

const STATUSES = statusOptions("email");
const isStatus = (v: string | undefined): v is EmailStatus => STATUSES.some((s) => s.value === v);

export default async function OutboxPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const ctx = await requireOperatorContext();
  const sp = await searchParams;
  const q = firstParam(sp.q)?.trim().slice(0, 200) ?? "";
  const statusParam = firstParam(sp.status);
  const status = isStatus(statusParam) ? statusParam : null;
  const { rows, total, page, pages } = await listOutboxMessages(ctx, { q, status, page: pageParam(sp.page) });
  const href = (p: number) => `/admin/outbox${queryString({ q: q || undefined, status: status ?? undefined, page: p > 1 ? p : undefined })}`;
  const smtp = Boolean(process.env.SMTP_URL);

  return (
    <>
      <PageHeader
        title="Outbox"
        description={
          smtp
            ? "Every email Rackfront sent or is about to send through your SMTP server, newest first. Bodies with one-time links or access details are erased once SMTP accepts them."
            : "No SMTP server is configured (SMTP_URL), so emails stay here instead of being sent: open one to read it as the customer would. Set SMTP_URL to send them."
        }
      />
      <Card>
        <CardHeader title="Emails" description={`${formatCount(total, "email")}${q || status ? " match" : " in all"}.`} />
        <CardBody>
          <form method="get" role="search" aria-label="Search emails" className="flex flex-wrap items-end gap-3">
            <label className="min-w-0 flex-1 basis-64 space-y-1.5 text-sm font-medium text-neutral-800">
              <span className="block">Recipient</span>
              <input type="search" name="q" defaultValue={q} placeholder="Email address or part of it" className={inputClasses} />
            </label>
            <label className="space-y-1.5 text-sm font-medium text-neutral-800">
              <span className="block">Status</span>
              <select name="status" defaultValue={status ?? ""} className={inputClasses}>
                <option value="">Any</option>
                {STATUSES.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClasses({ variant: "secondary" })}>
              Show
            </button>
            {(q || status) && (
              <Link href="/admin/outbox" className={buttonClasses({ variant: "ghost" })}>
                Clear
              </Link>
            )}
          </form>
        </CardBody>
        {rows.length === 0 ? (
          <EmptyState title={q || status ? "No email matches" : "No emails yet"}>
            {q || status ? "Clear the filters to see every email." : "Emails appear here when someone signs up, resets a password, orders or is billed."}
          </EmptyState>
        ) : (
          <Table head={["Queued", "To", "Subject", "Status", "\u200bAttempts"]} label="Emails">
            {rows.map((r) => (
              <tr key={r.id}>
                <Td className="whitespace-nowrap text-neutral-600">{formatDateTime(r.createdAt)}</Td>
                <Td className="break-all">{r.toAddress}</Td>
                <Td>
                  <Link href={`/admin/outbox/${r.id}`} className={linkClass}>
                    {r.subject}
                  </Link>
                  {r.lastError && r.status !== "sent" && <span className="block text-xs text-red-700">{r.lastError}</span>}
                </Td>
                <Td>
                  <StatusBadge kind="email" status={r.status} />
                </Td>
                <Td className="text-right tabular-nums">{r.attempts}</Td>
              </tr>
            ))}
          </Table>
        )}
        <PagePager page={page} pages={pages} href={href} />
      </Card>
    </>
  );
}
