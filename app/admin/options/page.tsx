import type { Metadata } from "next";
import Link from "next/link";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatUnitMoney } from "@/lib/format/format-unit-money";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import type { Prisma } from "@/lib/generated/prisma/client";

import { requireOperatorContext } from "@/lib/auth/session";
import { listOptions } from "@/lib/catalogue/admin/admin-catalogue-reads";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Options") };

/** A stored figure in the base currency, or a dash for none. */
const money = (v: Prisma.Decimal | null | undefined, currency: string) => (v ? formatUnitMoney(v, currency) : "—");

export default async function OptionsPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const ctx = await requireOperatorContext();
  const created = (await searchParams).created === "1";
  const [options, currency] = await Promise.all([listOptions(ctx), getBaseCurrency(ctx.db)]);

  return (
    <>
      <PageHeader
        title="Options"
        description="Add-ons sold with products: recurring (billed every cycle) or one-time."
        actions={<Link href="/admin/options/new" className={buttonClasses()}>New option</Link>}
      />
      {created && <Alert tone="success" className="mb-4">Option created. Assign it to products on each product&apos;s page.</Alert>}
      <Card>
        {options.length === 0 ? (
          <EmptyState title="No options yet">Create an add-on (extra IPv4, backups, a setup service), then assign it to products.</EmptyState>
        ) : (
          <Table head={["Option", "Billing", "Monthly", "Setup / one-time", "Max qty", "Products", "Status"]} label="Options">
            {options.map((o) => (
              <tr key={o.id}>
                <Td>
                  <Link href={`/admin/options/${o.id}`} className={linkClass}>{o.name}</Link>
                  <span className="block font-mono text-xs text-neutral-500">{o.slug}</span>
                </Td>
                <Td>{o.pricingType === "one_time" ? "One-time" : "Recurring"}</Td>
                <Td className="tabular-nums">{money(o.prices.find((p) => p.cycle === "monthly")?.amount, currency)}</Td>
                <Td className="tabular-nums">{money(o.pricingType === "one_time" ? o.oneTimePrice : o.setupFee, currency)}</Td>
                <Td className="tabular-nums">{o.maxQuantity ?? "—"}</Td>
                <Td className="tabular-nums">{o._count.products}</Td>
                <Td>{o.active ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </>
  );
}
