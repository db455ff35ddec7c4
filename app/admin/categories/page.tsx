import type { Metadata } from "next";
import Link from "next/link";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireOperator } from "@/lib/auth/session";
import { CYCLE_LABEL } from "@/lib/catalogue/admin/cycle-price-fields";
import { getDb } from "@/lib/db/client";
import { saveCategoryAction } from "./actions";
import { categoryFields } from "./category-fields";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Categories") };

export default async function CategoriesPage() {
  await requireOperator();
  const categories = await getDb().productCategory.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }], include: { _count: { select: { products: true } } } });
  return (
    <>
      <PageHeader title="Categories" description="Groups of products. A category can refuse billing cycles for all its products; tiers can discount it." />
      <Card>
        {categories.length === 0 ? (
          <EmptyState title="No categories yet">Create one below, then file products under it.</EmptyState>
        ) : (
          <Table head={["Category", "Slug", "Products", "Cycles never sold"]} label="Categories">
            {categories.map((c) => (
              <tr key={c.id}>
                <Td>
                  <Link href={`/admin/categories/${c.id}`} className={linkClass}>{c.name}</Link>
                </Td>
                <Td className="font-mono text-xs">{c.slug}</Td>
                <Td className="tabular-nums">{c._count.products}</Td>
                <Td className="text-neutral-600">{c.disabledCycles.length ? c.disabledCycles.map((x) => CYCLE_LABEL[x]).join(", ") : "—"}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      <Card className="mt-6">
        <CardHeader title="New category" />
        <CardBody>
          <AdminForm label="New category" action={saveCategoryAction.bind(null, null)} fields={categoryFields} values={{ sortOrder: "0" }} columns={3} resetOnSave submitLabel="Create category" pendingLabel="Creating…" />
        </CardBody>
      </Card>
    </>
  );
}
