import type { Metadata } from "next";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody } from "@/components/ui/card";
import { requireOperatorContext } from "@/lib/auth/session";
import { listCategories } from "@/lib/catalogue/admin/admin-catalogue-reads";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import { createTierAction } from "../actions";
import { tierFields } from "../tier-fields";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("New tier", "Tiers") };

export default async function NewTierPage() {
  const ctx = await requireOperatorContext();
  const [categories, currency] = await Promise.all([listCategories(ctx), getBaseCurrency(ctx.db)]);
  return (
    <>
      <PageHeader title="New tier" description="After saving, add price-book entries: absolute prices that win over every discount." />
      <Card>
        <CardBody>
          <AdminForm label="New tier" action={createTierAction} fields={tierFields(categories, currency)} values={{ sortOrder: "1", minMonthlyRunRate: "0", defaultDiscountPercent: "0" }} submitLabel="Create tier" pendingLabel="Creating…" />
        </CardBody>
      </Card>
    </>
  );
}
