import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody } from "@/components/ui/card";
import { check } from "@/lib/admin/format";
import { requireOperator } from "@/lib/auth/session";
import { disabledCycleField } from "@/lib/catalogue/admin/save-category";
import { getDb } from "@/lib/db/client";
import { BILLING_CYCLES } from "@/lib/pricing/billing-cycles";
import { saveCategoryAction } from "../actions";
import { categoryFields } from "../category-fields";
import { pageTitle } from "@/components/layout/page-title";

export async function generateMetadata({ params }: { params: Promise<{ categoryId: string }> }): Promise<Metadata> {
  await requireOperator();
  const { categoryId } = await params;
  const category = /^[0-9a-f-]{36}$/i.test(categoryId) ? await getDb().productCategory.findUnique({ where: { id: categoryId }, select: { name: true } }) : null;
  return { title: pageTitle(category?.name, "Categories") };
}

export default async function CategoryPage({ params }: { params: Promise<{ categoryId: string }> }) {
  await requireOperator();
  const { categoryId } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(categoryId)) notFound();
  const c = await getDb().productCategory.findUnique({ where: { id: categoryId } });
  if (!c) notFound();
  const values: Record<string, string> = { name: c.name, slug: c.slug, sortOrder: String(c.sortOrder) };
  for (const cycle of BILLING_CYCLES) values[disabledCycleField(cycle)] = check(c.disabledCycles.includes(cycle));
  return (
    <>
      <PageHeader title={c.name} description={<Link href="/admin/categories" className="underline">All categories</Link>} />
      <Card>
        <CardBody>
          <AdminForm label="Category details" action={saveCategoryAction.bind(null, c.id)} fields={categoryFields} values={values} columns={3} submitLabel="Save category" />
        </CardBody>
      </Card>
    </>
  );
}
