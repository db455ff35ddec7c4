import type { Metadata } from "next";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { osImageFields } from "@/app/admin/_components/catalogue-fields";
import { createOsImageAction } from "@/app/admin/catalogue-actions";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody } from "@/components/ui/card";
import { requireOperator } from "@/lib/auth/session";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("New OS image", "OS images") };

export default async function NewOsImagePage() {
  await requireOperator();
  return (
    <>
      <PageHeader title="New OS image" />
      <Card>
        <CardBody>
          <AdminForm label="New OS image" action={createOsImageAction} fields={osImageFields} values={{ family: "linux", orderable: "on", enabled: "on" }} submitLabel="Create OS image" pendingLabel="Creating…" />
        </CardBody>
      </Card>
    </>
  );
}
