import type { Metadata } from "next";
import Link from "next/link";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireOperatorContext } from "@/lib/auth/session";
import { listProductsByCategory } from "@/lib/catalogue/admin/admin-catalogue-reads";
import { CYCLE_LABEL } from "@/lib/catalogue/admin/cycle-price-fields";
import { BILLING_CYCLES } from "@/lib/pricing/billing-cycles";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import { KIND_LABEL } from "./product-fields";
import { pageTitle } from "@/components/layout/page-title";
import { formatUnitMoney } from "@/lib/format/format-unit-money";
import { formatCount } from "@/lib/format/format-count";

export const metadata: Metadata = { title: pageTitle("Products") };

export default async function ProductsPage() {
  const ctx = await requireOperatorContext();
  const [groups, currency] = await Promise.all([listProductsByCategory(ctx), getBaseCurrency(ctx.db)]);
  const total = groups.reduce((n, g) => n + g.products.length, 0);

  return (
    <>
      <PageHeader
        title="Products"
        description={`Everything in the catalogue, on sale or not. Retail prices in ${currency}; a cycle without a price is not sold.`}
        actions={
          <Link href="/admin/products/new" className={buttonClasses()}>
            New product
          </Link>
        }
      />
      {total === 0 ? (
        <Card>
          <EmptyState title="No products yet">
            Create a product, give it a price on at least one billing cycle, then assign locations (and OS images for a VPS) so customers can order it.
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-6">
          {groups.map((g) => (
            <Card key={g.category?.id ?? "none"}>
              <CardHeader title={g.category?.name ?? "No category"} description={formatCount(g.products.length, "product")} />
              {g.products.length === 0 ? (
                <EmptyState title="No products in this category" />
              ) : (
                <Table head={["Product", "Kind", ...BILLING_CYCLES.map((c) => CYCLE_LABEL[c]), "Setup", "Status"]} label={g.category?.name ?? "No category"}>
                  {g.products.map((p) => (
                    <tr key={p.id}>
                      <Td>
                        <Link href={`/admin/products/${p.id}`} className={linkClass}>
                          {p.name}
                        </Link>
                        <span className="block font-mono text-xs text-neutral-500">{p.slug}</span>
                      </Td>
                      <Td className="whitespace-nowrap text-neutral-600">{KIND_LABEL[p.kind]}</Td>
                      {BILLING_CYCLES.map((c) => {
                        const price = p.prices.find((x) => x.cycle === c);
                        return (
                          <Td key={c} className="text-right tabular-nums">
                            {price ? formatUnitMoney(price.amount, currency) : <span className="text-neutral-400">—</span>}
                          </Td>
                        );
                      })}
                      <Td className="text-right tabular-nums">{p.setupFee ? formatUnitMoney(p.setupFee, currency) : <span className="text-neutral-400">—</span>}</Td>
                      <Td>
                        {p.enabled ? (p.forcedUnavailable ? <Badge tone="amber">Unavailable</Badge> : <Badge tone="green">On sale</Badge>) : <Badge>Off sale</Badge>}
                      </Td>
                    </tr>
                  ))}
                </Table>
              )}
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
