import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { optionFields } from "@/app/admin/_components/catalogue-fields";
import { linkClass } from "@/app/admin/_components/table";
import { updateOptionAction } from "@/app/admin/catalogue-actions";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { check, moneyText } from "@/lib/admin/format";
import { requireOperatorContext } from "@/lib/auth/session";
import { getOption } from "@/lib/catalogue/admin/admin-catalogue-reads";
import { cyclePriceValues } from "@/lib/catalogue/admin/cycle-price-fields";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import { pageTitle } from "@/components/layout/page-title";

export async function generateMetadata({ params }: { params: Promise<{ optionId: string }> }): Promise<Metadata> {
  const ctx = await requireOperatorContext();
  const { optionId } = await params;
  const option = /^[0-9a-f-]{36}$/i.test(optionId) ? await getOption(ctx, { optionId }) : null;
  return { title: pageTitle(option?.name, "Options") };
}

export default async function OptionPage({ params }: { params: Promise<{ optionId: string }> }) {
  const ctx = await requireOperatorContext();
  const { optionId } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(optionId)) notFound();
  const { db } = ctx;
  const [option, currency] = await Promise.all([getOption(ctx, { optionId }), getBaseCurrency(db)]);
  if (!option) notFound();
  const values = {
    name: option.name,
    slug: option.slug,
    description: option.description ?? "",
    pricingType: option.pricingType,
    maxQuantity: option.maxQuantity === null ? "" : String(option.maxQuantity),
    setupFee: moneyText(option.setupFee),
    oneTimePrice: moneyText(option.oneTimePrice),
    active: check(option.active),
    ...cyclePriceValues(option.prices),
  };
  return (
    <>
      <PageHeader title={option.name} description={<Link href="/admin/options" className="underline">All options</Link>} />
      <Card>
        <CardBody>
          <AdminForm label="Option details" action={updateOptionAction.bind(null, option.id)} fields={optionFields(currency)} values={values} submitLabel="Save option" />
        </CardBody>
      </Card>
      <Card className="mt-6">
        <CardHeader title="Offered with" description="Assign or remove it on a product's page." />
        <CardBody>
          {option.products.length === 0 ? (
            <p className="text-sm text-neutral-600">No product offers this option yet.</p>
          ) : (
            <ul className="flex flex-wrap gap-3 text-sm">
              {option.products.map((a) => (
                <li key={a.productId}>
                  <Link href={`/admin/products/${a.productId}`} className={linkClass}>{a.product.name}</Link>
                  {!a.active && <span className="text-neutral-500"> (inactive)</span>}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </>
  );
}
