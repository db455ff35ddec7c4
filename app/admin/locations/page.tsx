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
import { listLocations } from "@/lib/catalogue/admin/admin-catalogue-reads";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Locations") };

export default async function LocationsPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const ctx = await requireOperatorContext();
  const created = (await searchParams).created === "1";
  const locations = await listLocations(ctx);
  return (
    <>
      <PageHeader
        title="Locations"
        description="Datacentres. Products are sold in them (with surcharges, on each product's page); nodes and IP pools live in them."
        actions={<Link href="/admin/locations/new" className={buttonClasses()}>New location</Link>}
      />
      {created && <Alert tone="success" className="mb-4">Location created. Sell products there from each product&apos;s page and add nodes to give it capacity.</Alert>}
      <Card>
        {locations.length === 0 ? (
          <EmptyState title="No locations yet">Create a datacentre, then add nodes to it and sell products there.</EmptyState>
        ) : (
          <Table head={["Location", "Value code", "Country", "Products", "Nodes", "Services", "Status"]} label="Locations">
            {locations.map((l) => (
              <tr key={l.id}>
                <Td>
                  <span aria-hidden="true">{l.flag}</span> <Link href={`/admin/locations/${l.id}`} className={linkClass}>{l.name}</Link>
                </Td>
                <Td className="font-mono text-xs">{l.value}</Td>
                <Td>{l.countryCode}</Td>
                <Td className="tabular-nums">{l._count.products}</Td>
                <Td className="tabular-nums">{l._count.nodes}</Td>
                <Td className="tabular-nums">{l._count.services}</Td>
                <Td>{l.enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Disabled</Badge>}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </>
  );
}
