import type { Metadata } from "next";
import Link from "next/link";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireOperatorContext } from "@/lib/auth/session";
import { listOsImages } from "@/lib/catalogue/admin/admin-catalogue-reads";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("OS images") };

export default async function OsImagesPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const ctx = await requireOperatorContext();
  const created = (await searchParams).created === "1";
  const images = await listOsImages(ctx);
  return (
    <>
      <PageHeader
        title="OS images"
        description="Operating systems products can be installed with. The order gate decides which are offered at checkout."
        actions={<Link href="/admin/os-images/new" className={buttonClasses()}>New OS image</Link>}
      />
      {created && <Alert tone="success" className="mb-4">OS image created. Link it to products on each product&apos;s page.</Alert>}
      <Card>
        {images.length === 0 ? (
          <EmptyState title="No OS images yet">Create one and link it to your VPS products: a VPS without an orderable image cannot be ordered.</EmptyState>
        ) : (
          <Table head={["Image", "Family", "Distribution", "Version", "Products", "Order gate", "Status"]} label="OS images">
            {images.map((i) => (
              <tr key={i.id}>
                <Td>
                  <Link href={`/admin/os-images/${i.id}`} className={linkClass}>{i.name}</Link>
                  <span className="block font-mono text-xs text-neutral-500">{i.slug}</span>
                </Td>
                <Td>{i.family}</Td>
                <Td>{i.distro}</Td>
                <Td>{i.version}</Td>
                <Td className="tabular-nums">{i._count.products}</Td>
                <Td>{i.orderable ? <Badge tone="green">Orderable</Badge> : <Badge tone="amber">Reinstall only</Badge>}</Td>
                <Td>{i.enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Disabled</Badge>}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </>
  );
}
