import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { RowAction, type RowActionConfirm } from "@/app/admin/_components/row-action";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { check, percentText } from "@/lib/admin/format";
import { requireOperator } from "@/lib/auth/session";
import { CYCLE_LABEL } from "@/lib/catalogue/admin/cycle-price-fields";
import { getDb } from "@/lib/db/client";
import { formatDateTime } from "@/lib/format/format-date-time";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import { BILLING_CYCLES } from "@/lib/pricing/billing-cycles";
import { getResellerForAdmin } from "@/lib/resellers/admin/admin-reseller-reads";
import { MONTHLY_VOLUMES, readResellerApplication } from "@/lib/resellers/apply-for-reseller-programme";
import { Detail } from "@/components/ui/detail";
import { allowedResellerActions, type ResellerStatusAction } from "@/lib/resellers/admin/change-reseller-status";
import {
  changeResellerStatusAction,
  removeCapAction,
  removeDiscountAction,
  removeOverrideAction,
  setCapAction,
  setDiscountAction,
  setOverrideAction,
  updateResellerTermsAction,
} from "../actions";
import { StatusBadge } from "@/components/status/status-badge";
import { pageTitle } from "@/components/layout/page-title";
import { formatMoney } from "@/lib/format/format-money";
import { formatUnitMoney } from "@/lib/format/format-unit-money";

export async function generateMetadata({ params }: { params: Promise<{ resellerId: string }> }): Promise<Metadata> {
  const operator = await requireOperator();
  const { resellerId } = await params;
  const r = /^[0-9a-f-]{36}$/i.test(resellerId) ? await getResellerForAdmin({ db: getDb(), now: new Date(), actor: { userId: operator.user.id } }, { resellerId }) : null;
  return { title: pageTitle(r && (r.account.company ?? r.account.name), "Resellers") };
}

const ACTION_LABEL: Record<ResellerStatusAction, string> = { approve: "Approve", suspend: "Suspend", reactivate: "Reactivate", close: "Close profile" };
const ACTION_CONFIRM: Partial<Record<ResellerStatusAction, RowActionConfirm>> = {
  suspend: { title: "Suspend this reseller?", description: "Its API calls will answer 401 and webhooks are held until reactivation. Services keep running.", confirmLabel: "Suspend" },
  close: { title: "Close this reseller profile for good?", description: "It cannot be reopened from here.", confirmLabel: "Close profile" },
};

export default async function ResellerPage({ params }: { params: Promise<{ resellerId: string }> }) {
  const operator = await requireOperator();
  const { resellerId } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(resellerId)) notFound();
  const db = getDb();
  const [r, currency, tiers, products] = await Promise.all([
    getResellerForAdmin({ db, now: new Date(), actor: { userId: operator.user.id } }, { resellerId }),
    getBaseCurrency(db),
    db.tier.findMany({ orderBy: { sortOrder: "asc" } }),
    db.product.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }], select: { id: true, name: true } }),
  ]);
  if (!r) notFound();
  const application = readResellerApplication(r.application);
  const productOptions = products.map((p) => ({ value: p.id, label: p.name }));
  const name = r.account.company ?? r.account.name;

  return (
    <>
      <PageHeader
        title={name}
        description={
          <>
            {r.account.owner.email} · {r.account.country} · billed in {r.account.currency} · <Link href="/admin/resellers" className="underline">All resellers</Link>
          </>
        }
        actions={<StatusBadge kind="reseller" status={r.status} />}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Status" description="pending → active (approve) → suspended → active (reactivate); a profile can be closed." />
          <CardBody className="space-y-3 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-neutral-700">
              <dt className="text-neutral-500">Applied</dt>
              <dd>{formatDateTime(r.createdAt)}</dd>
              <dt className="text-neutral-500">Approved</dt>
              <dd>{r.approvedAt ? formatDateTime(r.approvedAt) : "—"}</dd>
              <dt className="text-neutral-500">Suspended</dt>
              <dd>{r.suspendedAt ? formatDateTime(r.suspendedAt) : "—"}</dd>
              <dt className="text-neutral-500">Credit</dt>
              <dd className="tabular-nums">
                {formatMoney(r.account.creditBalance, r.account.currency)}
              </dd>
            </dl>
            <div className="flex flex-wrap gap-2">
              {allowedResellerActions(r.status).map((a) => (
                <RowAction
                  key={a}
                  action={changeResellerStatusAction.bind(null, r.id, a)}
                  label={ACTION_LABEL[a]}
                  variant={a === "approve" || a === "reactivate" ? "primary" : a === "close" ? "danger" : "secondary"}
                  confirm={ACTION_CONFIRM[a]}
                />
              ))}
              {r.status === "closed" && <p className="text-neutral-600">This profile is closed.</p>}
            </div>
          </CardBody>
        </Card>
        {application && (
          <Card>
            <CardHeader title="Application" description="What the account's owner wrote when applying from the panel." />
            <CardBody>
              <dl className="grid grid-cols-1 gap-3 text-sm">
                <Detail label="Website">{application.website ?? "—"}</Detail>
                <Detail label="Services a month">{MONTHLY_VOLUMES[application.monthlyVolume]}</Detail>
                <Detail label="About the business">
                  <span className="break-words whitespace-pre-line">{application.message}</span>
                </Detail>
              </dl>
            </CardBody>
          </Card>
        )}
        <Card>
          <CardHeader title="Tier and default discount" description="The tier sets the discount and price book; a pinned tier is never changed by run-rate recomputation." />
          <CardBody>
            <AdminForm
              label="Reseller terms"
              action={updateResellerTermsAction.bind(null, r.id)}
              values={{ tierId: r.tierId ?? "", tierPinned: check(r.tierPinned), defaultDiscountPercent: percentText(r.defaultDiscountPercent) }}
              fields={[
                { name: "tierId", label: "Tier", type: "select", options: [{ value: "", label: "No tier" }, ...tiers.map((t) => ({ value: t.id, label: t.name }))] },
                { name: "defaultDiscountPercent", label: "Default discount (%)", type: "money", hint: "Used when it beats the tier's." },
                { name: "tierPinned", label: "Pin this tier", type: "checkbox", wide: true },
              ]}
              submitLabel="Save terms"
            />
          </CardBody>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader title="Price overrides" description={`Absolute wholesale prices (${currency}) for this reseller only. They win over the tier price book and every discount.`} />
        {r.priceOverrides.length === 0 ? (
          <EmptyState title="No overrides">The reseller pays its tier&apos;s price book or retail less its discount.</EmptyState>
        ) : (
          <Table head={["Product", "Cycle", "Price", "Setup fee", ""]} label="Price overrides">
            {r.priceOverrides.map((o) => (
              <tr key={o.id}>
                <Td>
                  <Link href={`/admin/products/${o.productId}`} className={linkClass}>{o.product.name}</Link>
                </Td>
                <Td>{CYCLE_LABEL[o.cycle]}</Td>
                <Td className="tabular-nums">{formatUnitMoney(o.amount, currency)}</Td>
                <Td className="tabular-nums">{o.setupFee === null ? <span className="text-neutral-500">from price book / retail</span> : formatUnitMoney(o.setupFee, currency)}</Td>
                <Td className="text-right">
                  <RowAction action={removeOverrideAction.bind(null, r.id)} fields={{ id: o.id }} label="Remove" pendingLabel="Removing…" />
                </Td>
              </tr>
            ))}
          </Table>
        )}
        <CardBody className="border-t border-neutral-100">
          <AdminForm
            label="Add or replace an override"
            action={setOverrideAction.bind(null, r.id)}
            columns={4}
            resetOnSave
            values={{ cycle: "monthly" }}
            fields={[
              { name: "productId", label: "Product", type: "select", options: productOptions },
              { name: "cycle", label: "Cycle", type: "select", options: BILLING_CYCLES.map((c) => ({ value: c, label: CYCLE_LABEL[c] })) },
              { name: "amount", label: `Price (${currency})`, type: "money" },
              { name: "setupFee", label: `Setup fee (${currency})`, type: "money", placeholder: "Not overridden" },
            ]}
            submitLabel="Save override"
          />
        </CardBody>
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Per-product discounts" description="A percentage off retail that replaces the tier's and the default discount for that product, even when smaller." />
          {r.productDiscounts.length === 0 ? (
            <EmptyState title="No per-product discounts" />
          ) : (
            <Table head={["Product", "Discount", ""]} label="Per-product discounts">
              {r.productDiscounts.map((d) => (
                <tr key={d.id}>
                  <Td>{d.product.name}</Td>
                  <Td className="tabular-nums">{percentText(d.percent)} %</Td>
                  <Td className="text-right">
                    <RowAction action={removeDiscountAction.bind(null, r.id)} fields={{ id: d.id }} label="Remove" pendingLabel="Removing…" />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <CardBody className="border-t border-neutral-100">
            <AdminForm
              label="Set a product discount"
              action={setDiscountAction.bind(null, r.id)}
              resetOnSave
              fields={[
                { name: "productId", label: "Product", type: "select", options: productOptions },
                { name: "percent", label: "Discount (%)", type: "money" },
              ]}
              submitLabel="Save discount"
            />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Holding caps" description="Most units of a product held at once (services not terminated or cancelled). Orders beyond it are refused: 409 Quantity limit reached." />
          {r.productCaps.length === 0 ? (
            <EmptyState title="No caps">The reseller may hold any number of units.</EmptyState>
          ) : (
            <Table head={["Product", "Held / cap", ""]} label="Holding caps">
              {r.productCaps.map((c) => (
                <tr key={c.id}>
                  <Td>{c.product.name}</Td>
                  <Td className="tabular-nums">
                    {r.heldUnits[c.productId] ?? 0} / {c.maxUnits}
                  </Td>
                  <Td className="text-right">
                    <RowAction action={removeCapAction.bind(null, r.id)} fields={{ id: c.id }} label="Remove" pendingLabel="Removing…" />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <CardBody className="border-t border-neutral-100">
            <AdminForm
              label="Set a holding cap"
              action={setCapAction.bind(null, r.id)}
              resetOnSave
              fields={[
                { name: "productId", label: "Product", type: "select", options: productOptions },
                { name: "maxUnits", label: "Maximum units", type: "number" },
              ]}
              submitLabel="Save cap"
            />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
