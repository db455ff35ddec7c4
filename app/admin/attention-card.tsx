import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { AttentionItems } from "@/lib/admin/get-attention-items";
import { formatCount } from "@/lib/format/format-count";
import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import { formatRelativeTime } from "@/lib/format/format-relative-time";

const RESOURCE_WORDS = { vCPU: "vCPUs", memory: "memory", disk: "disk", ports: "game ports" } as const;
const linkClass = "font-medium text-neutral-900 underline decoration-neutral-300 underline-offset-2 hover:decoration-neutral-900";

/** One row: a link to where it is dealt with and the words after it (a sentence alone when there is nothing to open). */
type AttentionRow = { key: string; link?: { href: string; label: string }; text: string };

/** One kind of thing to deal with: its heading with the whole count, the way to all of them, and the oldest few. */
type AttentionSectionData = { title: string; count: number; href: string; more: string; rows: AttentionRow[] };

function AttentionSection({ title, count, href, more, rows }: AttentionSectionData) {
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
      <ul className="mt-2 space-y-1 text-sm text-neutral-600">
        {rows.map((row) => (
          <li key={row.key} className={row.link ? "break-words" : undefined}>
            {row.link && (
              <Link className={linkClass} href={row.link.href}>
                {row.link.label}
              </Link>
            )}
            {row.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "3 failed deliveries, 2 deliveries behind": the parts that are not zero. */
const joinNonZero = (parts: (string | 0)[]) => parts.filter(Boolean).join(", ");

/** The card's sections in the order shown; a section with nothing in it is left out. */
function attentionSections(a: AttentionItems, now: Date): AttentionSectionData[] {
  const sections: AttentionSectionData[] = [
    {
      title: "Failed provisioning",
      count: a.provisioningFailed.count,
      href: "/admin/services?status=provisioning_failed",
      more: "All failed services",
      rows: a.provisioningFailed.items.map((s) => ({
        key: s.id,
        link: { href: `/admin/services/${s.id}`, label: s.name },
        text: ` of ${s.accountName}${s.failureCode ? ` (${s.failureCode})` : ""}, ${formatRelativeTime(s.since, now)}`,
      })),
    },
    {
      title: "Plan changes awaiting approval",
      count: a.upgradesAwaitingApproval.count,
      href: "/admin/upgrades",
      more: "Plan changes",
      rows: a.upgradesAwaitingApproval.items.map((u) => ({
        key: u.id,
        link: { href: "/admin/upgrades", label: `${u.kind === "package" ? "Plan change" : "Add-on change"} of ${u.serviceName}` },
        text: ` for ${u.accountName}, asked ${formatRelativeTime(u.since, now)}`,
      })),
    },
    {
      title: "Sign-ups awaiting approval",
      count: a.signUpsAwaitingApproval.count,
      href: "/admin/customers?status=pending",
      more: "Customers",
      rows: a.signUpsAwaitingApproval.items.map((s) => ({
        key: s.id,
        link: { href: `/admin/customers/${s.id}`, label: s.accountName },
        text: ` (${s.ownerEmail}), signed up ${formatRelativeTime(s.since, now)}`,
      })),
    },
    {
      title: "Reseller applications",
      count: a.resellerApplications.count,
      href: "/admin/resellers",
      more: "Resellers",
      rows: a.resellerApplications.items.map((r) => ({
        key: r.id,
        link: { href: `/admin/resellers/${r.id}`, label: r.accountName },
        text: `, applied ${formatRelativeTime(r.since, now)}`,
      })),
    },
    {
      title: "Overdue invoices",
      count: a.overdueInvoices.count,
      href: "/admin/customers",
      more: "Customers",
      rows: a.overdueInvoices.items.map((i) => ({
        key: i.id,
        link: { href: `/admin/customers/${i.accountId}`, label: i.number },
        text: ` of ${i.accountName}: ${formatMoney(i.total.minus(i.paidAmount), i.currency)} due ${formatDate(i.dueDate)}`,
      })),
    },
    {
      title: "Nodes near capacity",
      count: a.nodesNearCapacity.length,
      href: "/admin/nodes",
      more: "Nodes",
      rows: a.nodesNearCapacity.map((n) => ({
        key: n.id,
        link: { href: `/admin/nodes/${n.id}`, label: n.name },
        text: `: ${RESOURCE_WORDS[n.resource]} ${Math.floor(n.ratio * 100)}% allocated (${n.used} of ${n.capacity})`,
      })),
    },
    {
      title: "Webhook backlogs",
      count: a.webhookBacklogs.length,
      href: "/admin/webhooks",
      more: "Webhooks",
      rows: a.webhookBacklogs.map((w) => ({
        key: w.resellerId,
        link: { href: "/admin/webhooks", label: w.resellerName },
        text: `: ${joinNonZero([w.failed && formatCount(w.failed, "failed delivery", "failed deliveries"), w.behind && `${formatCount(w.behind, "delivery", "deliveries")} behind`])}`,
      })),
    },
    {
      title: "Emails not sent",
      count: a.emails.failed + a.emails.behind,
      href: a.emails.failed ? "/admin/outbox?status=failed" : "/admin/outbox?status=pending",
      more: "Outbox",
      // Counts only: the Outbox lists the messages.
      rows: [
        {
          key: "emails",
          text: joinNonZero([a.emails.failed && `${formatCount(a.emails.failed, "email")} failed for good`, a.emails.behind && `${formatCount(a.emails.behind, "email")} waiting over five minutes`]),
        },
      ],
    },
  ];
  return sections.filter((s) => s.count > 0);
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
          {attentionSections(a, now).map((section) => (
            <AttentionSection key={section.title} {...section} />
          ))}
        </CardBody>
      )}
    </Card>
  );
}
