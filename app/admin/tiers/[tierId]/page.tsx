import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { RowAction } from "@/app/admin/_components/row-action";
import { linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { moneyText, percentText } from "@/lib/admin/format";
import { requireOperatorContext } from "@/lib/auth/session";
import { listCategories, listOptions } from "@/lib/catalogue/admin/admin-catalogue-reads";
import { CYCLE_LABEL } from "@/lib/catalogue/admin/cycle-price-fields";
import { getTier } from "@/lib/pricing/admin/admin-pricing-reads";
import { categoryField } from "@/lib/pricing/admin/save-tier";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import { BILLING_CYCLES } from "@/lib/pricing/billing-cycles";
import { deleteTierAction, removeTierOptionPriceAction, removeTierPriceAction, setTierOptionPriceAction, setTierPriceAction, updateTierAction } from "../actions";
import { tierFields } from "../tier-fields";
import { PriceBookCard } from "./price-book-card";
import { pageTitle } from "@/components/layout/page-title";
import { formatCount } from "@/lib/format/format-count";

export async function generateMetadata({ params }: { params: Promise<{ tierId: string }> }): Promise<Metadata> {
  const ctx = await requireOperatorContext();
  const { tierId } = await params;
  const tier = /^[0-9a-f-]{36}$/i.test(tierId) ? await getTier(ctx, { tierId }) : null;
  return { title: pageTitle(tier?.name, "Tiers") };
}

const cycleOptions = BILLING_CYCLES.map((c) => ({ value: c, label: CYCLE_LABEL[c] }));

export default async function TierPage({ params }: { params: Promise<{ tierId: string }> }) {
  const ctx = await requireOperatorContext();
  const { tierId } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(tierId)) notFound();
  const { db } = ctx;
  const [tier, categories, currency, products, options] = await Promise.all([
    getTier(ctx, { tierId }),
    listCategories(ctx),
    getBaseCurrency(db),
    db.product.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }], select: { id: true, name: true } }),
    listOptions(ctx),
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
            {formatCount(tier._count.resellers, "reseller")} on it. <Link href="/admin/tiers" className="underline">All tiers</Link>
          </>
        }
        actions={<RowAction action={deleteTierAction.bind(null, tier.id)} label="Delete tier" variant="danger" confirm={{ title: `Delete the ${tier.name} tier?`, description: "Its price book is deleted with it.", confirmLabel: "Delete tier" }} />}
      />
      <Card>
        <CardHeader title="Threshold and discounts" />
        <CardBody>
          <AdminForm label="Tier details" action={updateTierAction.bind(null, tier.id)} fields={tierFields(categories, currency)} values={values} columns={4} submitLabel="Save tier" />
        </CardBody>
      </Card>

      <PriceBookCard
        currency={currency}
        title="Price book: products"
        description={`Absolute wholesale prices (${currency}) for resellers on this tier. They win over every percentage; only a reseller's own override beats them.`}
        empty={{ title: "No price-book entries", body: "Resellers on this tier get retail less the tier's discount. Add an entry to fix a product's price instead." }}
        tableLabel="Product price book"
        itemHeading="Product"
        rows={tier.prices.map((p) => ({
          ...p,
          item: (
            <Link href={`/admin/products/${p.productId}`} className={linkClass}>
              {p.product.name}
            </Link>
          ),
        }))}
        noSetupFee={<span className="text-neutral-500">retail less discount</span>}
        remove={removeTierPriceAction.bind(null, tier.id)}
        form={
          products.length === 0
            ? { unavailable: "No products exist yet." }
            : {
                label: "Add or replace a price-book entry",
                action: setTierPriceAction.bind(null, tier.id),
                submitLabel: "Save entry",
                fields: [
                  { name: "productId", label: "Product", type: "select", options: products.map((p) => ({ value: p.id, label: p.name })) },
                  { name: "cycle", label: "Cycle", type: "select", options: cycleOptions },
                  { name: "amount", label: `Price (${currency})`, type: "money", hint: "The same product and cycle again replaces it." },
                  { name: "setupFee", label: `Setup fee (${currency})`, type: "money", placeholder: "Retail less discount", hint: "0 waives it." },
                ],
              }
        }
      />

      <PriceBookCard
        currency={currency}
        title="Price book: options"
        description="A monthly entry also prices the other cycles (× months, / 720 per hour) unless they have their own."
        empty={{ title: "No option prices", body: "Add-ons are priced at retail less the discount of the product they are ordered with." }}
        tableLabel="Option price book"
        itemHeading="Option"
        rows={tier.optionPrices.map((p) => ({ ...p, item: p.option.name }))}
        noSetupFee="—"
        remove={removeTierOptionPriceAction.bind(null, tier.id)}
        form={
          options.length === 0
            ? { unavailable: "No options exist yet." }
            : {
                label: "Add or replace an option price",
                action: setTierOptionPriceAction.bind(null, tier.id),
                submitLabel: "Save option price",
                fields: [
                  { name: "optionId", label: "Option", type: "select", options: options.map((o) => ({ value: o.id, label: o.name })) },
                  { name: "cycle", label: "Cycle", type: "select", options: cycleOptions },
                  { name: "amount", label: `Price (${currency})`, type: "money" },
                  { name: "setupFee", label: `Setup fee (${currency})`, type: "money", placeholder: "Retail less discount" },
                ],
              }
        }
      />
    </>
  );
}
