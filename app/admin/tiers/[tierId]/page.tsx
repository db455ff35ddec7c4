import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { RowAction } from "@/app/admin/_components/row-action";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { moneyText, percentText } from "@/lib/admin/format";
import { requireOperator } from "@/lib/auth/session";
import { listCategories, listOptions } from "@/lib/catalogue/admin/admin-catalogue-reads";
import { CYCLE_LABEL } from "@/lib/catalogue/admin/cycle-price-fields";
import { getDb } from "@/lib/db/client";
import { getTier } from "@/lib/pricing/admin/admin-pricing-reads";
import { categoryField } from "@/lib/pricing/admin/save-tier";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import { BILLING_CYCLES } from "@/lib/pricing/billing-cycles";
import { deleteTierAction, removeTierOptionPriceAction, removeTierPriceAction, setTierOptionPriceAction, setTierPriceAction, updateTierAction } from "../actions";
import { tierFields } from "../tier-fields";

export const metadata: Metadata = { title: "Tier" };

const cycleOptions = BILLING_CYCLES.map((c) => ({ value: c, label: CYCLE_LABEL[c] }));

export default async function TierPage({ params }: { params: Promise<{ tierId: string }> }) {
  await requireOperator();
  const { tierId } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(tierId)) notFound();
  const db = getDb();
  const [tier, categories, currency, products, options] = await Promise.all([
    getTier(db, tierId),
    listCategories(db),
    getBaseCurrency(db),
    db.product.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }], select: { id: true, name: true } }),
    listOptions(db),
  ]);
  if (!tier) notFound();
  const values: Record<string, string> = {
    name: tier.name,
    sortOrder: String(tier.sortOrder),
    minMonthlyRunRate: moneyText(tier.minMonthlyRunRate),
    defaultDiscountPercent: percentText(tier.defaultDiscountPercent),
  };
  for (const c of tier.categoryDiscounts) values[categoryField(c.categoryId)] = percentText(c.percent);

  return (
    <>
      <PageHeader
        title={`Tier: ${tier.name}`}
        description={
          <>
            {tier._count.resellers} reseller{tier._count.resellers === 1 ? "" : "s"} on it. <Link href="/admin/tiers" className="underline">All tiers</Link>
          </>
        }
        actions={<RowAction action={deleteTierAction.bind(null, tier.id)} label="Delete tier" variant="danger" confirm={`Delete the ${tier.name} tier and its price book?`} />}
      />
      <Card>
        <CardHeader title="Threshold and discounts" />
        <CardBody>
          <AdminForm label="Tier details" action={updateTierAction.bind(null, tier.id)} fields={tierFields(categories, currency)} values={values} columns={4} submitLabel="Save tier" />
        </CardBody>
      </Card>

      <Card className="mt-6">
        <CardHeader title="Price book: products" description={`Absolute wholesale prices (${currency}) for resellers on this tier. They win over every percentage; only a reseller's own override beats them.`} />
        {tier.prices.length === 0 ? (
          <EmptyState title="No price-book entries">Resellers on this tier get retail less the tier&apos;s discount. Add an entry to fix a product&apos;s price instead.</EmptyState>
        ) : (
          <Table head={["Product", "Cycle", "Price", "Setup fee", ""]} label="Product price book">
            {tier.prices.map((p) => (
              <tr key={p.id}>
                <Td>
                  <Link href={`/admin/products/${p.productId}`} className={linkClass}>{p.product.name}</Link>
                </Td>
                <Td>{CYCLE_LABEL[p.cycle]}</Td>
                <Td className="tabular-nums">{moneyText(p.amount)}</Td>
                <Td className="tabular-nums">{p.setupFee === null ? <span className="text-neutral-500">retail less discount</span> : moneyText(p.setupFee)}</Td>
                <Td className="text-right">
                  <RowAction action={removeTierPriceAction.bind(null, tier.id)} fields={{ id: p.id }} label="Remove" pendingLabel="Removing…" />
                </Td>
              </tr>
            ))}
          </Table>
        )}
        <CardBody className="border-t border-neutral-100">
          {products.length === 0 ? (
            <p className="text-sm text-neutral-600">No products exist yet.</p>
          ) : (
            <AdminForm
              label="Add or replace a price-book entry"
              action={setTierPriceAction.bind(null, tier.id)}
              columns={4}
              resetOnSave
              values={{ cycle: "monthly" }}
              fields={[
                { name: "productId", label: "Product", type: "select", options: products.map((p) => ({ value: p.id, label: p.name })) },
                { name: "cycle", label: "Cycle", type: "select", options: cycleOptions },
                { name: "amount", label: `Price (${currency})`, type: "money", hint: "The same product and cycle again replaces it." },
                { name: "setupFee", label: `Setup fee (${currency})`, type: "money", placeholder: "Retail less discount", hint: "0 waives it." },
              ]}
              submitLabel="Save entry"
            />
          )}
        </CardBody>
      </Card>

      <Card className="mt-6">
        <CardHeader title="Price book: options" description="A monthly entry also prices the other cycles (× months, / 720 per hour) unless they have their own." />
        {tier.optionPrices.length === 0 ? (
          <EmptyState title="No option prices">Add-ons are priced at retail less the discount of the product they are ordered with.</EmptyState>
        ) : (
          <Table head={["Option", "Cycle", "Price", "Setup fee", ""]} label="Option price book">
            {tier.optionPrices.map((p) => (
              <tr key={p.id}>
                <Td>{p.option.name}</Td>
                <Td>{CYCLE_LABEL[p.cycle]}</Td>
                <Td className="tabular-nums">{moneyText(p.amount)}</Td>
                <Td className="tabular-nums">{p.setupFee === null ? "—" : moneyText(p.setupFee)}</Td>
                <Td className="text-right">
                  <RowAction action={removeTierOptionPriceAction.bind(null, tier.id)} fields={{ id: p.id }} label="Remove" pendingLabel="Removing…" />
                </Td>
              </tr>
            ))}
          </Table>
        )}
        <CardBody className="border-t border-neutral-100">
          {options.length === 0 ? (
            <p className="text-sm text-neutral-600">No options exist yet.</p>
          ) : (
            <AdminForm
              label="Add or replace an option price"
              action={setTierOptionPriceAction.bind(null, tier.id)}
              columns={4}
              resetOnSave
              values={{ cycle: "monthly" }}
              fields={[
                { name: "optionId", label: "Option", type: "select", options: options.map((o) => ({ value: o.id, label: o.name })) },
                { name: "cycle", label: "Cycle", type: "select", options: cycleOptions },
                { name: "amount", label: `Price (${currency})`, type: "money" },
                { name: "setupFee", label: `Setup fee (${currency})`, type: "money", placeholder: "Retail less discount" },
              ]}
              submitLabel="Save option price"
            />
          )}
        </CardBody>
      </Card>
    </>
  );
}
