import type { Metadata } from "next";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { locationFields } from "@/app/admin/_components/catalogue-fields";
import { createLocationAction } from "@/app/admin/catalogue-actions";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody } from "@/components/ui/card";
import { requireOperator } from "@/lib/auth/session";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("New location", "Locations") };

export default async function NewLocationPage() {
  await requireOperator();
  return (
    <>
      <PageHeader title="New location" />
      <Card>
        <CardBody>
          <AdminForm label="New location" action={createLocationAction} fields={locationFields} values={{ enabled: "on", sortOrder: "0" }} submitLabel="Create location" pendingLabel="Creating…" />
        </CardBody>
      </Card>
    </>
  );
}
