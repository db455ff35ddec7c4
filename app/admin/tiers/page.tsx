import type { Metadata } from "next";
import Link from "next/link";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { percentText } from "@/lib/admin/format";
import { requireOperatorContext } from "@/lib/auth/session";
import { listTiers } from "@/lib/pricing/admin/admin-pricing-reads";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import { pageTitle } from "@/components/layout/page-title";
import { formatUnitMoney } from "@/lib/format/format-unit-money";

export const metadata: Metadata = { title: pageTitle("Tiers") };

export default async function TiersPage() {
  const ctx = await requireOperatorContext();
  const [tiers, currency] = await Promise.all([listTiers(ctx), getBaseCurrency(ctx.db)]);
  return (
    <>
      <PageHeader
        title="Tiers"
        description="The reseller ladder. A reseller's tier follows its monthly run-rate (unless pinned) and sets its discount and price book."
        actions={<Link href="/admin/tiers/new" className={buttonClasses()}>New tier</Link>}
      />
      <Card>
        {tiers.length === 0 ? (
          <EmptyState title="No tiers yet">Create the ladder (e.g. Bronze from 0, Silver from 500 a month…) so resellers get volume discounts.</EmptyState>
        ) : (
          <Table head={["Tier", `From (${currency}/month)`, "Default discount", "Category discounts", "Price book", "Resellers"]} label="Tiers">
            {tiers.map((t) => (
              <tr key={t.id}>
                <Td>
                  <Link href={`/admin/tiers/${t.id}`} className={linkClass}>{t.name}</Link>
                </Td>
                <Td className="tabular-nums">{formatUnitMoney(t.minMonthlyRunRate, currency)}</Td>
                <Td className="tabular-nums">{percentText(t.defaultDiscountPercent)} %</Td>
                <Td className="text-neutral-600">
                  {t.categoryDiscounts.length === 0 ? "—" : t.categoryDiscounts.map((c) => `${c.category.name} ${percentText(c.percent)} %`).join(", ")}
                </Td>
                <Td className="tabular-nums">
                  {t._count.prices} product, {t._count.optionPrices} option
                </Td>
                <Td className="tabular-nums">{t._count.resellers}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </>
  );
}
