import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { AttentionItems } from "@/lib/admin/get-attention-items";
import { formatCount } from "@/lib/format/format-count";
import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import { formatRelativeTime } from "@/lib/format/format-relative-time";

const RESOURCE_WORDS = { vCPU: "vCPUs", memory: "memory", disk: "disk", ports: "game ports" } as const;
const link = "font-medium text-neutral-900 underline decoration-neutral-300 underline-offset-2 hover:decoration-neutral-900";

function Section({ title, count, href, more, children }: { title: string; count: number; href: string; more: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="py-3 first:pt-0 last:pb-0">
      <h3 className="flex items-baseline justify-between gap-3 text-sm font-medium text-neutral-900">
        <span>
          {title} <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 tabular-nums">{count}</span>
        </span>
        <Link href={href} className="shrink-0 text-xs font-normal text-neutral-600 underline underline-offset-2 hover:text-neutral-900">
          {more}
        </Link>
      </h3>
      <ul className="mt-2 space-y-1 text-sm text-neutral-600">{children}</ul>
    </section>
  );
}

/** The operator dashboard's first card: what needs someone today, each row leading where it is dealt with. */
export function AttentionCard({ items: a, now }: { items: AttentionItems; now: Date }) {
  return (
    <Card>
      <CardHeader title="Needs attention" description={a.total ? "Oldest first. Each row leads to where it is dealt with." : undefined} />
      {a.total === 0 ? (
        <EmptyState title="Nothing needs you right now.">Failed builds, plan changes and reseller applications to approve, overdue invoices, full nodes and delivery backlogs appear here.</EmptyState>
      ) : (
        <CardBody className="divide-y divide-neutral-100">
          {a.provisioningFailed.count > 0 && (
            <Section title="Failed provisioning" count={a.provisioningFailed.count} href="/admin/services?status=provisioning_failed" more="All failed services">
              {a.provisioningFailed.items.map((s) => (
                <li key={s.id} className="break-words">
                  <Link className={link} href={`/admin/services/${s.id}`}>
                    {s.name}
                  </Link>{" "}
                  of {s.accountName}
                  {s.failureCode ? ` (${s.failureCode})` : ""}, {formatRelativeTime(s.since, now)}
                </li>
              ))}
            </Section>
          )}
          {a.upgradesAwaitingApproval.count > 0 && (
            <Section title="Plan changes awaiting approval" count={a.upgradesAwaitingApproval.count} href="/admin/upgrades" more="Plan changes">
              {a.upgradesAwaitingApproval.items.map((u) => (
                <li key={u.id} className="break-words">
                  <Link className={link} href="/admin/upgrades">
                    {u.kind === "package" ? "Plan change" : "Add-on change"} of {u.serviceName}
                  </Link>{" "}
                  for {u.accountName}, asked {formatRelativeTime(u.since, now)}
                </li>
              ))}
            </Section>
          )}
          {a.resellerApplications.count > 0 && (
            <Section title="Reseller applications" count={a.resellerApplications.count} href="/admin/resellers" more="Resellers">
              {a.resellerApplications.items.map((r) => (
                <li key={r.id} className="break-words">
                  <Link className={link} href={`/admin/resellers/${r.id}`}>
                    {r.accountName}
                  </Link>
                  , applied {formatRelativeTime(r.since, now)}
                </li>
              ))}
            </Section>
          )}
          {a.overdueInvoices.count > 0 && (
            <Section title="Overdue invoices" count={a.overdueInvoices.count} href="/admin/customers" more="Customers">
              {a.overdueInvoices.items.map((i) => (
                <li key={i.id} className="break-words">
                  <Link className={link} href={`/admin/customers/${i.accountId}`}>
                    {i.number}
                  </Link>{" "}
                  of {i.accountName}: {formatMoney(i.total.minus(i.paidAmount), i.currency)} due {formatDate(i.dueDate)}
                </li>
              ))}
            </Section>
          )}
          {a.nodesNearCapacity.length > 0 && (
            <Section title="Nodes near capacity" count={a.nodesNearCapacity.length} href="/admin/nodes" more="Nodes">
              {a.nodesNearCapacity.map((n) => (
                <li key={n.id} className="break-words">
                  <Link className={link} href={`/admin/nodes/${n.id}`}>
                    {n.name}
                  </Link>
                  : {RESOURCE_WORDS[n.resource]} {Math.floor(n.ratio * 100)}% allocated ({n.used} of {n.capacity})
                </li>
              ))}
            </Section>
          )}
          {a.webhookBacklogs.length > 0 && (
            <Section title="Webhook backlogs" count={a.webhookBacklogs.length} href="/admin/webhooks" more="Webhooks">
              {a.webhookBacklogs.map((w) => (
                <li key={w.resellerId} className="break-words">
                  <Link className={link} href="/admin/webhooks">
                    {w.resellerName}
                  </Link>
                  : {[w.failed && `${formatCount(w.failed, "failed delivery", "failed deliveries")}`, w.behind && `${formatCount(w.behind, "delivery", "deliveries")} behind`].filter(Boolean).join(", ")}
                </li>
              ))}
            </Section>
          )}
          {a.emails.failed + a.emails.behind > 0 && (
            <Section title="Emails not sent" count={a.emails.failed + a.emails.behind} href={a.emails.failed ? "/admin/outbox?status=failed" : "/admin/outbox?status=pending"} more="Outbox">
              <li>
                {[a.emails.failed && `${formatCount(a.emails.failed, "email")} failed for good`, a.emails.behind && `${formatCount(a.emails.behind, "email")} waiting over five minutes`].filter(Boolean).join(", ")}
              </li>
            </Section>
          )}
        </CardBody>
      )}
    </Card>
  );
}
