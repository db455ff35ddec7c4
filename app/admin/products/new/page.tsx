import type { Metadata } from "next";
import Link from "next/link";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody } from "@/components/ui/card";
import { requireOperatorContext } from "@/lib/auth/session";
import { listCategories } from "@/lib/catalogue/admin/admin-catalogue-reads";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import { createProductAction } from "../actions";
import { productFields } from "../product-fields";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("New product", "Products") };

export default async function NewProductPage() {
  const ctx = await requireOperatorContext();
  const [categories, currency] = await Promise.all([listCategories(ctx), getBaseCurrency(ctx.db)]);

  return (
    <>
      <PageHeader
        title="New product"
        description={
          <>
            After saving you can assign options, locations and OS images. <Link href="/admin/products" className="underline">Back to products</Link>
          </>
        }
      />
      <Card>
        <CardBody>
          <AdminForm
            label="New product"
            action={createProductAction}
            fields={productFields(categories, currency)}
            values={{ kind: "vps", enabled: "on", snapshotLimit: "0", sortOrder: "0" }}
            submitLabel="Create product"
            pendingLabel="Creating…"
          />
        </CardBody>
      </Card>
    </>
  );
}
