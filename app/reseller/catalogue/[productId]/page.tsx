import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/app-shell";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireReseller } from "@/lib/auth/session";
import { getWholesaleProductSheetOrThrow } from "@/lib/catalogue/get-wholesale-price-sheet";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { formatUnitMoney } from "@/lib/format/format-unit-money";
import { BILLING_CYCLE_LABEL, BILLING_CYCLE_PER, describePriceRule, formatPercent } from "@/lib/pricing";
import { ScrollBox } from "@/components/ui/scroll-box";
import { pageTitle } from "@/components/layout/page-title";

export async function generateMetadata({ params }: { params: Promise<{ productId: string }> }): Promise<Metadata> {
  const viewer = await requireReseller();
  const { productId } = await params;
  const loaded = await getWholesaleProductSheetOrThrow({ db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } }, { productId }).catch((error: unknown) => {
    if (error instanceof DomainError) return null;
    throw error;
  });
  return { title: pageTitle(loaded?.row.product.name, "Catalogue") };
}

const th = "px-3 py-2 first:pl-5 last:pr-5";
const td = "px-3 py-2.5 first:pl-5 last:pr-5";

export default async function WholesaleProductPage({ params }: { params: Promise<{ productId: string }> }) {
  const viewer = await requireReseller();
  const { productId } = await params;
  let loaded;
  try {
    loaded = await getWholesaleProductSheetOrThrow({ db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } }, { productId });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
  const { sheet, row } = loaded;
  const { product } = row;
  const currency = sheet.baseCurrency;
  const ctx = { tierName: sheet.tier?.name ?? null, percent: row.discount.percent, categoryName: product.category?.name ?? null };
  const sold = row.cycles.filter((c) => c.wholesale);

  return (
    <>
      <p className="mb-2 text-sm">
        <a href="/reseller/catalogue" className="text-neutral-600 underline underline-offset-2">
          ← Wholesale catalogue
        </a>
      </p>
      <PageHeader
        title={product.name}
        description={
          <>
            {product.category?.name ?? "No category"} · all figures in {currency}, excluding VAT. Where no absolute price exists you pay retail less{" "}
            {formatPercent(row.discount.percent)} ({describePriceRule(row.discount.rule, ctx)}).
          </>
        }
      />
      {row.notOrderable && (
        <Alert tone="warning" title="Not available yet" className="mb-6">
          {row.notOrderable}. An order of it is refused with 409 until then; the prices below apply once it can be ordered.
        </Alert>
      )}

      <Card>
        <CardHeader title="Price per billing cycle" description="Your price, the rule that set it, and retail beside it." />
        <ScrollBox label="Prices">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-neutral-100 bg-neutral-50 text-xs font-medium text-neutral-500">
              <tr>
                <th scope="col" className={th}>Cycle</th>
                <th scope="col" className={th}>Your price</th>
                <th scope="col" className={th}>Rule</th>
                <th scope="col" className={th}>Your setup fee</th>
                <th scope="col" className={th}>Retail</th>
                <th scope="col" className={th}>Retail setup fee</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {row.cycles.map((c) => (
                <tr key={c.cycle} data-testid={`cycle-${c.cycle}`}>
                  <th scope="row" className={`${td} font-medium text-neutral-900`}>
                    {BILLING_CYCLE_LABEL[c.cycle]}
                  </th>
                  {c.wholesale ? (
                    <>
                      <td className={`${td} font-semibold tabular-nums`}>
                        {formatUnitMoney(c.wholesale.amount, currency)} <span className="text-xs font-normal text-neutral-500">{BILLING_CYCLE_PER[c.cycle]}</span>
                      </td>
                      <td className={`${td} text-neutral-700`}>{describePriceRule(c.wholesale.rule, ctx)}</td>
                      <td className={`${td} tabular-nums`}>
                        {formatUnitMoney(c.wholesale.setupFee, currency)}
                        {c.wholesale.setupFeeRule !== c.wholesale.rule && (
                          <span className="block text-xs text-neutral-500">{describePriceRule(c.wholesale.setupFeeRule, ctx)}</span>
                        )}
                      </td>
                    </>
                  ) : (
                    <td className={td} colSpan={3}>
                      <Badge>Not sold on this cycle</Badge>
                    </td>
                  )}
                  <td className={`${td} tabular-nums text-neutral-600`}>{c.retail ? formatUnitMoney(c.retail.amount, currency) : "Not sold at retail"}</td>
                  <td className={`${td} tabular-nums text-neutral-600`}>{c.retail ? formatUnitMoney(c.retail.setupFee, currency) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Add-ons" description="Per unit, per service. Recurring add-ons bill on the service's cycle." />
          {row.options.length === 0 ? (
            <EmptyState title="No add-ons for this product" />
          ) : (
            <ScrollBox label="Options">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-neutral-100 bg-neutral-50 text-xs font-medium text-neutral-500">
                  <tr>
                    <th scope="col" className={th}>Add-on</th>
                    <th scope="col" className={th}>Your price</th>
                    <th scope="col" className={th}>Retail</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-neutral-100">
                  {row.options.map((o) => {
                    // One rule for every cycle (the usual case) is said once, under the name.
                    const rules = new Set(o.cycles.flatMap((c) => (c.wholesale ? [c.wholesale.rule] : [])));
                    const sharedRule = rules.size === 1 ? [...rules][0]! : null;
                    return (
                    <tr key={o.optionId} className="align-top">
                      <th scope="row" className={`${td} font-normal`}>
                        <span className="font-medium text-neutral-900">{o.name}</span>
                        <span className="block text-xs text-neutral-500">
                          {o.pricingType === "one_time" ? "One-time" : "Recurring"}
                          {o.maxQuantity !== null && ` · at most ${o.maxQuantity} per service`}
                        </span>
                        {sharedRule && <span className="block text-xs text-neutral-600">{describePriceRule(sharedRule, ctx)}</span>}
                      </th>
                      <td className={td}>
                        {o.pricingType === "one_time" ? (
                          o.oneTime ? (
                            <>
                              <span className="font-semibold tabular-nums">{formatUnitMoney(o.oneTime.amount, currency)}</span> once
                              <span className="block text-xs text-neutral-500">{describePriceRule(o.oneTime.rule, ctx)}</span>
                            </>
                          ) : (
                            <span className="text-xs text-neutral-400">Not sold</span>
                          )
                        ) : (
                          <ul className="space-y-1">
                            {o.cycles.map((c) => (
                              <li key={c.cycle}>
                                {c.wholesale ? (
                                  <>
                                    <span className="font-semibold tabular-nums">{formatUnitMoney(c.wholesale.amount, currency)}</span>{" "}
                                    <span className="text-xs text-neutral-500">{BILLING_CYCLE_PER[c.cycle]}</span>
                                    {!c.wholesale.setupFee.isZero() && (
                                      <span className="text-xs text-neutral-500"> + {formatUnitMoney(c.wholesale.setupFee, currency)} setup</span>
                                    )}
                                    {!sharedRule && <span className="block text-xs text-neutral-500">{describePriceRule(c.wholesale.rule, ctx)}</span>}
                                  </>
                                ) : (
                                  <span className="text-xs text-neutral-400">{BILLING_CYCLE_LABEL[c.cycle]}: not sold</span>
                                )}
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td className={`${td} text-neutral-600`}>
                        {o.pricingType === "one_time" ? (
                          o.retailOneTime ? `${formatUnitMoney(o.retailOneTime, currency)} once` : "—"
                        ) : (
                          <ul className="space-y-1">
                            {o.cycles.map((c) => (
                              <li key={c.cycle} className="tabular-nums">
                                {c.retail ? formatUnitMoney(c.retail, currency) : "—"} <span className="text-xs text-neutral-500">{BILLING_CYCLE_PER[c.cycle]}</span>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollBox>
          )}
        </Card>

        <Card>
          <CardHeader
            title="Datacentres"
            description={product.locationRequired ? "An order must name one. Surcharges apply to you in full: no discount." : "Surcharges apply to you in full: no discount."}
          />
          {row.locations.length === 0 ? (
            <EmptyState title="Not sold in any datacentre right now" />
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="border-b border-neutral-100 bg-neutral-50 text-xs font-medium text-neutral-500">
                <tr>
                  <th scope="col" className={th}>Location</th>
                  <th scope="col" className={th}>Surcharge per month</th>
                  <th scope="col" className={th}>One-off surcharge</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {row.locations.map((l) => (
                  <tr key={l.value} data-testid={`location-${l.value}`}>
                    <th scope="row" className={`${td} font-normal`}>
                      <span aria-hidden="true">{l.flag}</span> {l.name} <code className="font-mono text-xs text-neutral-500">{l.value}</code>
                    </th>
                    <td className={`${td} tabular-nums`}>{l.surchargeMonthly.isZero() ? "None" : formatUnitMoney(l.surchargeMonthly, currency)}</td>
                    <td className={`${td} tabular-nums`}>{l.surchargeSetup.isZero() ? "None" : formatUnitMoney(l.surchargeSetup, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <CardBody className="border-t border-neutral-100 text-xs text-neutral-500">
            A monthly surcharge is multiplied by the months in the cycle (× 3, × 6, × 12) and divided by 720 per hour on hourly orders.
          </CardBody>
        </Card>
      </div>
      {sold.length === 0 && (
        <Card className="mt-6">
          <EmptyState title="This product cannot be ordered by you on any cycle">No rule prices it for your account. Ask the supplier for a price.</EmptyState>
        </Card>
      )}
    </>
  );
}
