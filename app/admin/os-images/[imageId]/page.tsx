import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { osImageFields } from "@/app/admin/_components/catalogue-fields";
import { updateOsImageAction } from "@/app/admin/catalogue-actions";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody } from "@/components/ui/card";
import { check } from "@/lib/admin/format";
import { requireOperatorContext } from "@/lib/auth/session";
import { getOsImage } from "@/lib/catalogue/admin/admin-catalogue-reads";
import { pageTitle } from "@/components/layout/page-title";

export async function generateMetadata({ params }: { params: Promise<{ imageId: string }> }): Promise<Metadata> {
  const ctx = await requireOperatorContext();
  const { imageId } = await params;
  const image = /^[0-9a-f-]{36}$/i.test(imageId) ? await getOsImage(ctx, { osImageId: imageId }) : null;
  return { title: pageTitle(image?.name, "OS images") };
}

export default async function OsImagePage({ params }: { params: Promise<{ imageId: string }> }) {
  const ctx = await requireOperatorContext();
  const { imageId } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(imageId)) notFound();
  const i = await getOsImage(ctx, { osImageId: imageId });
  if (!i) notFound();
  const values = { name: i.name, slug: i.slug, family: i.family, distro: i.distro, version: i.version, logoUrl: i.logoUrl ?? "", orderable: check(i.orderable), enabled: check(i.enabled) };
  return (
    <>
      <PageHeader title={i.name} description={<Link href="/admin/os-images" className="underline">All OS images</Link>} />
      <Card>
        <CardBody>
          <AdminForm label="OS image details" action={updateOsImageAction.bind(null, i.id)} fields={osImageFields} values={values} submitLabel="Save OS image" />
        </CardBody>
      </Card>
    </>
  );
}
