import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireReseller } from "@/lib/auth/session";
import { getWholesalePriceSheet, type WholesaleProductRow } from "@/lib/catalogue/get-wholesale-price-sheet";
import { getDb } from "@/lib/db/client";
import { formatUnitMoney } from "@/lib/format/format-unit-money";
import { BILLING_CYCLES, BILLING_CYCLE_LABEL, describePriceRule, formatPercent } from "@/lib/pricing";
import { WholesaleCell } from "./price-figures";
import { ScrollBox } from "@/components/ui/scroll-box";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Wholesale catalogue") };

function byCategory(products: WholesaleProductRow[]): [string, WholesaleProductRow[]][] {
  const groups = new Map<string, WholesaleProductRow[]>();
  for (const p of products) {
    const name = p.product.category?.name ?? "Other products";
    groups.set(name, [...(groups.get(name) ?? []), p]);
  }
  return [...groups];
}

export default async function WholesaleCataloguePage() {
  const viewer = await requireReseller();
  const sheet = await getWholesalePriceSheet({ db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } });
  const tierName = sheet.tier?.name ?? null;
  const currency = sheet.baseCurrency;

  return (
    <>
      <PageHeader
        title="Wholesale catalogue"
        description={
          <>
            What you pay per billing cycle, in {currency} excluding VAT, and which rule set each price.{" "}
            {tierName ? (
              <>
                Your tier is <strong className="text-neutral-800">{tierName}</strong>;
              </>
            ) : (
              <>You have no tier;</>
            )}{" "}
            your own default discount is {formatPercent(sheet.resellerDiscountPercent)}. Retail is what a customer pays.
          </>
        }
      />
      {sheet.products.length === 0 ? (
        <Card>
          <EmptyState title="No products are on sale yet">The supplier has not published any product. Products appear here as soon as they are enabled.</EmptyState>
        </Card>
      ) : (
        <div className="space-y-6">
          {byCategory(sheet.products).map(([category, products]) => (
            <Card key={category}>
              <CardHeader title={category} />
              <ScrollBox label={`${category}: prices`}>
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{category}: wholesale price per billing cycle with retail beside it</caption>
                  <thead className="border-b border-neutral-100 bg-neutral-50 text-xs font-medium text-neutral-500">
                    <tr>
                      <th scope="col" className="px-5 py-2">
                        Product
                      </th>
                      {BILLING_CYCLES.map((c) => (
                        <th key={c} scope="col" className="px-3 py-2">
                          {BILLING_CYCLE_LABEL[c]}
                        </th>
                      ))}
                      <th scope="col" className="px-5 py-2">
                        Setup fee
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-neutral-100">
                    {products.map((p) => {
                      const ctx = { tierName, percent: p.discount.percent, categoryName: p.product.category?.name ?? null };
                      const first = p.cycles.find((c) => c.cycle === "monthly" && c.wholesale) ?? p.cycles.find((c) => c.wholesale);
                      return (
                        <tr key={p.product.id} className="align-top" data-testid={`product-${p.product.slug}`}>
                          <th scope="row" className="min-w-44 px-5 py-3 font-normal">
                            <a href={`/reseller/catalogue/${p.product.id}`} className="font-medium text-neutral-900 underline underline-offset-2">
                              {p.product.name}
                            </a>
                            {p.notOrderable ? (
                              <>
                                <Badge tone="neutral" className="ml-2">
                                  Not available yet
                                </Badge>
                                <span className="mt-0.5 block text-xs text-neutral-500">{p.notOrderable}</span>
                              </>
                            ) : (
                              p.product.forcedUnavailable && (
                                <Badge tone="amber" className="ml-2">
                                  Unavailable
                                </Badge>
                              )
                            )}
                          </th>
                          {p.cycles.map((row) => (
                            <td key={row.cycle} className="min-w-28 px-3 py-3">
                              <WholesaleCell row={row} currency={currency} ctx={ctx} />
                            </td>
                          ))}
                          <td className="min-w-28 px-5 py-3">
                            {first?.wholesale ? (
                              <div className="space-y-0.5">
                                <div className="font-semibold tabular-nums">{formatUnitMoney(first.wholesale.setupFee, currency)}</div>
                                <div className="text-xs text-neutral-600">{describePriceRule(first.wholesale.setupFeeRule, ctx)}</div>
                                <div className="text-xs text-neutral-500 tabular-nums">
                                  {first.retail ? `Retail ${formatUnitMoney(first.retail.setupFee, currency)}` : "Not sold at retail"}
                                  {first.cycle !== "monthly" && ` (${BILLING_CYCLE_LABEL[first.cycle].toLowerCase()})`}
                                </div>
                              </div>
                            ) : (
                              <span className="text-xs text-neutral-400">—</span>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </ScrollBox>
            </Card>
          ))}
          <p className="text-xs text-neutral-500">
            Datacentre surcharges and add-on prices are on each product&apos;s page. A cycle marked “Not sold” cannot be ordered: an order on it is refused
            with <code className="font-mono">400 Product is not sold on the &apos;&lt;cycle&gt;&apos; billing cycle</code>.
          </p>
        </div>
      )}
    </>
  );
}
