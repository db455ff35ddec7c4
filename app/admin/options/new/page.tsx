import type { Metadata } from "next";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { optionFields } from "@/app/admin/_components/catalogue-fields";
import { createOptionAction } from "@/app/admin/catalogue-actions";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody } from "@/components/ui/card";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("New option", "Options") };

export default async function NewOptionPage() {
  await requireOperator();
  const currency = await getBaseCurrency(getDb());
  return (
    <>
      <PageHeader title="New option" description="Prices are retail; resellers get them less the discount of the product they order it with, or their tier's option price." />
      <Card>
        <CardBody>
          <AdminForm label="New option" action={createOptionAction} fields={optionFields(currency)} values={{ pricingType: "recurring", active: "on" }} submitLabel="Create option" pendingLabel="Creating…" />
        </CardBody>
      </Card>
    </>
  );
}
