import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { locationFields } from "@/app/admin/_components/catalogue-fields";
import { updateLocationAction } from "@/app/admin/catalogue-actions";
import { PageHeader } from "@/components/layout/app-shell";
import { Table, Td } from "@/app/admin/_components/table";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { listIpPools } from "@/lib/backends/ipam/add-ip-pool-from-input";
import { check } from "@/lib/admin/format";
import { requireOperatorContext } from "@/lib/auth/session";
import { getLocation } from "@/lib/catalogue/admin/admin-catalogue-reads";
import { addIpPoolAction } from "../actions";
import { pageTitle } from "@/components/layout/page-title";

export async function generateMetadata({ params }: { params: Promise<{ locationId: string }> }): Promise<Metadata> {
  const ctx = await requireOperatorContext();
  const { locationId } = await params;
  const location = /^[0-9a-f-]{36}$/i.test(locationId) ? await getLocation(ctx, { locationId }) : null;
  return { title: pageTitle(location?.name, "Locations") };
}

export default async function LocationPage({ params }: { params: Promise<{ locationId: string }> }) {
  const ctx = await requireOperatorContext();
  const { locationId } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(locationId)) notFound();
  const [l, pools] = await Promise.all([getLocation(ctx, { locationId }), listIpPools(ctx, { locationId })]);
  if (!l) notFound();
  const values = { name: l.name, value: l.value, countryCode: l.countryCode, flag: l.flag, enabled: check(l.enabled), sortOrder: String(l.sortOrder) };
  return (
    <>
      <PageHeader
        title={`${l.flag} ${l.name}`}
        description={
          <>
            Changing the value code changes what orders must send. <Link href="/admin/locations" className="underline">All locations</Link>
          </>
        }
      />
      <Card>
        <CardBody>
          <AdminForm label="Location details" action={updateLocationAction.bind(null, l.id)} fields={locationFields} values={values} submitLabel="Save location" />
        </CardBody>
      </Card>
      <Card className="mt-6">
        <CardHeader title="IP pools" description="Machines and servers here get their addresses from these pools; availability is bounded by the free ones." />
        {pools.length === 0 ? (
          <EmptyState title="No IP pools">Nothing can be built here until the location has addresses: add an IPv4 block below.</EmptyState>
        ) : (
          <Table head={["Pool", "Block", "Gateway", "For", "Free / total"]} label="IP pools">
            {pools.map((p) => (
              <tr key={p.id}>
                <Td>
                  {p.name} {!p.enabled && <Badge>Disabled</Badge>}
                </Td>
                <Td className="font-mono text-xs">
                  {p.cidr}
                  {p.version === 6 && <span className="text-neutral-500"> (/{p.prefixLength} each)</span>}
                </Td>
                <Td className="font-mono text-xs">{p.gateway ?? "—"}</Td>
                <Td>{p.nodeKind === null ? "VPS and dedicated" : p.nodeKind === "vps" ? "VPS" : "Dedicated"}</Td>
                <Td className="tabular-nums">
                  {p.free} / {p.total}
                </Td>
              </tr>
            ))}
          </Table>
        )}
        <CardBody className="border-t border-neutral-100">
          <AdminForm
            label="Add an IP pool"
            action={addIpPoolAction.bind(null, l.id)}
            columns={5}
            resetOnSave
            values={{ nodeKind: "shared" }}
            fields={[
              { name: "name", label: "Name", placeholder: "ams1-v4-a" },
              { name: "cidr", label: "CIDR block", placeholder: "192.0.2.0/24", hint: "IPv4 subnet, or an IPv6 prefix of /64 or larger (2001:db8:100::/48)." },
              { name: "gateway", label: "Gateway", placeholder: "192.0.2.1", hint: "IPv4: never handed out. IPv6: the next hop, e.g. fe80::1." },
              {
                name: "nodeKind",
                label: "For",
                type: "select",
                options: [
                  { value: "shared", label: "VPS and dedicated" },
                  { value: "vps", label: "VPS only" },
                  { value: "dedicated", label: "Dedicated only" },
                ],
              },
              { name: "assignPrefixLength", label: "IPv6 prefix each", type: "number", placeholder: "64", hint: "IPv6 only: each server gets one prefix (its ::1 is the server's address)." },
            ]}
            submitLabel="Add pool"
            pendingLabel="Adding…"
          />
        </CardBody>
      </Card>
    </>
  );
}
