import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { RowAction } from "@/app/admin/_components/row-action";
import { OperatorActivityCard } from "@/app/admin/_components/operator-activity-card";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { pageTitle } from "@/components/layout/page-title";
import { StatusBadge } from "@/components/status/status-badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { Toaster } from "@/components/ui/toast";
import { getCustomerOverviewOrThrow, type CustomerOverview } from "@/lib/admin/customers/get-customer-overview";
import { requireOperatorContext } from "@/lib/auth/session";
import { LEDGER_KIND_LABEL } from "@/lib/billing/ledger-kind-label";
import { DomainError } from "@/lib/errors/domain-error";
import { formatCount } from "@/lib/format/format-count";
import { formatDate } from "@/lib/format/format-date";
import { formatDateTime } from "@/lib/format/format-date-time";
import { formatMoney } from "@/lib/format/format-money";
import { formatPricePer } from "@/lib/format/format-price-per";
import { AccountStatusButton } from "./account-status-button";
import { ReasonDialogButton } from "@/app/admin/_components/reason-dialog-button";
import { adjustCreditAction, changeAccountStatusAction, resetTwoFactorAction, sendPasswordResetAction, signInAsCustomerAction } from "./actions";
import { CreditAdjustForm } from "./credit-adjust-form";

type Params = { params: Promise<{ id: string }> };

// One read per request, shared by the title and the page.
const loadOverview = cache(async (accountId: string): Promise<{ overview: CustomerOverview; now: Date }> => {
  const ctx = await requireOperatorContext();
  try {
    return { overview: await getCustomerOverviewOrThrow(ctx, { accountId }), now: ctx.now };
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { overview } = await loadOverview((await params).id);
  return { title: pageTitle(overview.account.company ?? overview.account.name, "Customers") };
}

/** One of the customer's latest orders, invoices or proformas: number, state, total, date; ten at most. */
function LatestCard({ title, all, empty, rows }: { title: string; all: { href: string; label: string }; empty: { title: string; body: string }; rows: Array<{ id: string; href: string; number: string; badge: React.ReactNode; total: string; date: Date }> }) {
  return (
    <Card>
      <CardHeader
        title={title}
        description={
          <>
            The ten most recent.{" "}
            <Link href={all.href} className={linkClass}>
              {all.label}
            </Link>
          </>
        }
      />
      {rows.length === 0 ? (
        <EmptyState title={empty.title}>{empty.body}</EmptyState>
      ) : (
        <Table head={["Number", "Status", "\u200bTotal", "Date"]} label={title}>
          {rows.map((r) => (
            <tr key={r.id}>
              <Td className="font-mono text-xs">
                <Link href={r.href} className={`${linkClass} whitespace-nowrap`}>
                  {r.number}
                </Link>
              </Td>
              <Td>{r.badge}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">{r.total}</Td>
              <Td className="whitespace-nowrap text-neutral-600">{formatDate(r.date)}</Td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}

export default async function CustomerPage({ params }: Params) {
  const { overview: o, now } = await loadOverview((await params).id);
  const a = o.account;
  const owner = o.members[0]!;

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/customers" className="text-neutral-600 underline underline-offset-2">
          ← Customers
        </Link>
      </p>
      <PageHeader
        title={a.company ?? a.name}
        description={owner.email}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge kind="account" status={a.status} />
            {a.status === "pending" ? (
              <>
                <AccountStatusButton mode="approve" action={changeAccountStatusAction.bind(null, a.id)} />
                <AccountStatusButton mode="decline" action={changeAccountStatusAction.bind(null, a.id)} />
              </>
            ) : (
              a.status !== "closed" && <AccountStatusButton mode={a.status === "suspended" ? "unsuspend" : "suspend"} action={changeAccountStatusAction.bind(null, a.id)} />
            )}
            {a.status !== "closed" && (
              <ReasonDialogButton
                copy={{
                  button: "Sign in as customer",
                  title: `See the panel as ${owner.email}?`,
                  description: "You act as the account's owner for up to an hour, with a banner on every page. You cannot change their password, two-factor or sessions. The start, the end and the reason go into the operator activity.",
                  label: "Reason",
                  hint: "Required, up to 200 characters, for example the support ticket.",
                  confirm: "Sign in as customer",
                  pending: "Signing in…",
                }}
                action={signInAsCustomerAction.bind(null, a.id)}
              />
            )}
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Profile" />
          <CardBody>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Detail label="Account name">{a.name}</Detail>
              <Detail label="Company">{a.company ?? "—"}</Detail>
              <Detail label="Country">{a.country}</Detail>
              <Detail label="VAT number">{a.vatNumber ?? "—"}</Detail>
              <Detail label="Currency">{a.currency}</Detail>
              <Detail label="Created">{formatDate(a.createdAt)}</Detail>
              <Detail label="Reseller">
                {o.resellerProfile ? (
                  <Link href={`/admin/resellers/${o.resellerProfile.id}`} className={linkClass}>
                    Reseller profile
                  </Link>
                ) : (
                  "No"
                )}{" "}
                {o.resellerProfile && <StatusBadge kind="reseller" status={o.resellerProfile.status} />}
              </Detail>
            </dl>
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="People" description="The owner has every permission; members have the ones listed." />
          <Table head={["Person", "Role", "Last sign-in", "Two-factor", "Password"]} label="People">
            {o.members.map((m) => (
              <tr key={m.userId}>
                <Td>
                  <span className="block break-all">{m.email}</span>
                  <span className="block text-xs text-neutral-500">{m.name}</span>
                </Td>
                <Td>
                  {m.role === "owner" ? "Owner" : "Member"}
                  {m.role === "member" && <span className="block text-xs text-neutral-500">{m.permissions.join(", ") || "No permissions"}</span>}
                </Td>
                <Td className="whitespace-nowrap text-neutral-600">{m.lastLoginAt ? <RelativeTime date={m.lastLoginAt} now={now} /> : "Never"}</Td>
                <Td className="whitespace-nowrap">
                  {m.twoFactorEnabled ? (
                    <div className="flex flex-col items-start gap-1">
                      <span>On</span>
                      <RowAction
                        action={resetTwoFactorAction.bind(null, a.id)}
                        fields={{ userId: m.userId }}
                        label="Reset two-factor"
                        pendingLabel="Resetting…"
                        variant="secondary"
                        confirm={{
                          title: `Reset two-factor for ${m.email}?`,
                          description:
                            "Their authenticator and recovery codes stop working and every session of theirs ends. They sign in with their password alone and can set up two-factor again. Do this only once you are sure who is asking.",
                          confirmLabel: "Reset two-factor",
                        }}
                      />
                    </div>
                  ) : (
                    <span className="text-neutral-600">Off</span>
                  )}
                </Td>
                <Td className="whitespace-nowrap">
                  <RowAction
                    action={sendPasswordResetAction.bind(null, a.id)}
                    fields={{ userId: m.userId }}
                    label="Send reset link"
                    pendingLabel="Sending…"
                    variant="secondary"
                    confirm={{
                      title: `Email a password reset link to ${m.email}?`,
                      description: "They choose a new password with the link, which works once for one hour; their password stays as it is until then. You never see the link.",
                      confirmLabel: "Send reset link",
                    }}
                  />
                </Td>
              </tr>
            ))}
          </Table>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader title="Services" description={formatCount(o.services.length, "service")} />
        {o.services.length === 0 ? (
          <EmptyState title="No services">This account has not ordered anything yet.</EmptyState>
        ) : (
          <Table head={["Service", "Product", "Status", "Price", "Next due"]} label="Services">
            {o.services.map((s) => (
              <tr key={s.id}>
                <Td>
                  <Link href={`/admin/services/${s.id}`} className={`${linkClass} block break-all`}>
                    {s.hostname ?? s.name}
                  </Link>
                  {s.hostname && s.hostname !== s.name && <span className="block text-xs text-neutral-500">{s.name}</span>}
                </Td>
                <Td>
                  <Link href={`/admin/products/${s.product.id}`} className={linkClass}>
                    {s.product.name}
                  </Link>
                </Td>
                <Td>
                  <StatusBadge kind="service" status={s.status} />
                </Td>
                <Td className="whitespace-nowrap tabular-nums">{formatPricePer(s.amount, s.currency, s.billingCycle)}</Td>
                <Td className="whitespace-nowrap text-neutral-600">{s.nextDueDate ? formatDate(s.nextDueDate) : "—"}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <LatestCard
          title="Latest orders"
          all={{ href: `/admin/orders?q=${encodeURIComponent(o.members[0]?.email ?? "")}`, label: "All orders" }}
          empty={{ title: "No orders", body: "Orders appear when the customer orders a service, an add-on or a plan change." }}
          rows={o.orders.map((r) => ({ id: r.id, href: `/admin/orders/${r.id}`, number: r.orderNumber, badge: <StatusBadge kind="order" status={r.status} />, total: formatMoney(r.total, r.currency), date: r.createdAt }))}
        />
        <LatestCard
          title="Latest invoices"
          all={{ href: `/admin/invoices?kind=invoice&q=${encodeURIComponent(o.account.company ?? o.account.name)}`, label: "All invoices" }}
          empty={{ title: "No invoices", body: "Invoices appear when an order or renewal is billed." }}
          rows={o.invoices.map((d) => ({ id: d.id, href: `/admin/invoices/invoice/${d.id}`, number: d.number, badge: <StatusBadge kind="invoice" status={d.status} />, total: formatMoney(d.total, d.currency), date: d.issuedAt }))}
        />
        <LatestCard
          title="Latest proformas"
          all={{ href: `/admin/invoices?kind=proforma&q=${encodeURIComponent(o.account.company ?? o.account.name)}`, label: "All proformas" }}
          empty={{ title: "No proformas", body: "Proformas appear when an order waits for payment." }}
          rows={o.proformas.map((d) => ({ id: d.id, href: `/admin/invoices/proforma/${d.id}`, number: d.number, badge: <StatusBadge kind="proforma" status={d.status} />, total: formatMoney(d.total, d.currency), date: d.issuedAt }))}
        />
      </div>

      <Card className="mt-6" aria-label="Credit">
        <CardHeader title="Credit" description={`Balance ${formatMoney(o.credit.balance, o.credit.currency)}: the owner's credit. The latest 20 movements.`} />
        <CardBody className="border-b border-neutral-100">
          <CreditAdjustForm action={adjustCreditAction.bind(null, a.id)} currency={o.credit.currency} />
        </CardBody>
        {o.ledger.length === 0 ? (
          <EmptyState title="No credit movements">Top-ups, payments from credit and refunds are listed here.</EmptyState>
        ) : (
          <Table head={["When", "Kind", "Description", "\u200bAmount", "\u200bBalance after"]} label="Credit movements">
            {o.ledger.map((e) => (
              <tr key={e.id}>
                <Td className="whitespace-nowrap text-neutral-600">{formatDateTime(e.createdAt)}</Td>
                <Td>{LEDGER_KIND_LABEL[e.kind]}</Td>
                <Td>{e.description}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(e.amount, e.currency)}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(e.balanceAfter, e.currency)}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>

      <Card className="mt-6">
        <CardHeader title="API keys" description="Customer API keys of this account. Secrets are never stored in a readable form." />
        {o.apiKeys.length === 0 ? (
          <EmptyState title="No API keys">The owner or a member creates keys under Account → API keys in the customer panel.</EmptyState>
        ) : (
          <Table head={["Key", "Created by", "Created", "Last used", "State"]} label="API keys">
            {o.apiKeys.map((k) => (
              <tr key={k.id}>
                <Td>
                  <span className="block font-medium">{k.label}</span>
                  <span className="block font-mono text-xs text-neutral-500">{k.prefix}…</span>
                </Td>
                <Td className="break-all text-neutral-600">{k.createdBy}</Td>
                <Td className="whitespace-nowrap text-neutral-600">{formatDate(k.createdAt)}</Td>
                <Td className="whitespace-nowrap text-neutral-600">{k.lastUsedAt ? <RelativeTime date={k.lastUsedAt} now={now} /> : "Never"}</Td>
                <Td className="whitespace-nowrap">
                  {k.revokedAt ? `Revoked ${formatDate(k.revokedAt)}` : k.expiresAt && k.expiresAt <= now ? `Expired ${formatDate(k.expiresAt)}` : "Live"}
                </Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>

      <OperatorActivityCard entries={o.activity} of="this account" empty={<>Credit adjustments, suspensions and two-factor resets are recorded here.</>} />
      <Toaster />
    </>
  );
}
