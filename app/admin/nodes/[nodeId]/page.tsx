import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { PageHeader } from "@/components/layout/app-shell";
import { Table, Td } from "@/app/admin/_components/table";
import { StatusBadge } from "@/components/status/status-badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { check } from "@/lib/admin/format";
import { requireOperatorContext } from "@/lib/auth/session";
import { listNodesWithUsage } from "@/lib/backends/nodes/list-nodes-with-usage";
import { registeredDrivers } from "@/lib/backends/registry";
import { addServerAction, updateNodeAction } from "../actions";
import { nodeFields } from "../node-fields";
import { UsageBar } from "../usage-bar";
import { GameNodeSections } from "./game-node-sections";
import { pageTitle } from "@/components/layout/page-title";
import { formatCount } from "@/lib/format/format-count";

export async function generateMetadata({ params }: { params: Promise<{ nodeId: string }> }): Promise<Metadata> {
  const { db } = await requireOperatorContext();
  const { nodeId } = await params;
  const node = /^[0-9a-f-]{36}$/i.test(nodeId) ? await db.node.findUnique({ where: { id: nodeId }, select: { name: true } }) : null;
  return { title: pageTitle(node?.name, "Nodes") };
}

export default async function NodePage({ params }: { params: Promise<{ nodeId: string }> }) {
  const ctx = await requireOperatorContext();
  const { nodeId } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(nodeId)) notFound();
  const { db } = ctx;
  const [nodes, locations] = await Promise.all([listNodesWithUsage(ctx), db.location.findMany({ orderBy: [{ sortOrder: "asc" }, { value: "asc" }] })]);
  const n = nodes.find((x) => x.id === nodeId);
  if (!n) notFound();
  if (n.kind === "game") {
    return (
      <>
        <PageHeader title={n.name} description={<Link href="/admin/nodes" className="underline">All nodes</Link>} />
        <GameNodeSections ctx={ctx} node={n} locations={locations} />
      </>
    );
  }
  const servers = n.kind === "dedicated" ? await db.dedicatedServer.findMany({ where: { nodeId }, orderBy: { name: "asc" } }) : [];
  const values = {
    name: n.name,
    locationId: n.locationId,
    kind: n.kind,
    driver: n.driver,
    capacityVcpus: String(n.capacityVcpus),
    capacityMemoryMb: String(n.capacityMemoryMb),
    capacityDiskGb: String(n.capacityDiskGb),
    enabled: check(n.enabled),
  };
  return (
    <>
      <PageHeader title={n.name} description={<Link href="/admin/nodes" className="underline">All nodes</Link>} />
      <Card className="mb-6">
        <CardHeader title="Current usage" />
        <CardBody>
          {n.kind === "vps" ? (
            <div className="flex flex-wrap gap-8">
              <UsageBar used={n.allocatedVcpus} total={n.capacityVcpus} unit="vCPU" />
              <UsageBar used={n.allocatedMemoryMb} total={n.capacityMemoryMb} unit="MB" />
              <UsageBar used={n.allocatedDiskGb} total={n.capacityDiskGb} unit="GB disk" />
              <p className="text-sm text-neutral-700">{formatCount(n.machines, "machine")}</p>
            </div>
          ) : (
            <p className="text-sm text-neutral-700">
              {formatCount(n.servers.total, "server")}, {n.servers.available} in stock.
            </p>
          )}
        </CardBody>
      </Card>
      {n.kind === "dedicated" && (
        <Card className="mb-6">
          <CardHeader title="Servers" description="Stock this controller manages. A server in the available state is one unit of its SKU (the product's slug, or specs.hardwareSku)." />
          {servers.length === 0 ? (
            <EmptyState title="No servers yet">Add the machines racked behind this controller: dedicated products are sold only while one of their SKU is in stock.</EmptyState>
          ) : (
            <Table head={["Server", "SKU", "Hardware", "Rack", "State"]} label="Servers">
              {servers.map((s) => (
                <tr key={s.id}>
                  <Td>{s.name}</Td>
                  <Td className="font-mono text-xs">{s.sku}</Td>
                  <Td>
                    {s.manufacturer} {s.model}
                  </Td>
                  <Td>{s.rack ?? "—"}</Td>
                  <Td><StatusBadge kind="dedicatedProvision" status={s.provisionState} /></Td>
                </tr>
              ))}
            </Table>
          )}
          <CardBody className="border-t border-neutral-100">
            <AdminForm
              label="Add a server"
              action={addServerAction.bind(null, n.id)}
              columns={3}
              resetOnSave
              fields={[
                { name: "name", label: "Name", placeholder: "ams1-ds-07" },
                { name: "sku", label: "SKU", placeholder: "ds-xeon-e2388g" },
                { name: "manufacturer", label: "Manufacturer", placeholder: "Dell" },
                { name: "model", label: "Model", placeholder: "PowerEdge R350" },
                { name: "serialNumber", label: "Serial number", placeholder: "Optional" },
                { name: "rack", label: "Rack", placeholder: "Optional" },
              ]}
              submitLabel="Add server"
              pendingLabel="Adding…"
            />
          </CardBody>
        </Card>
      )}
      <Card>
        <CardBody>
          <AdminForm label="Node settings" action={updateNodeAction.bind(null, n.id)} fields={nodeFields(locations, registeredDrivers(), true)} values={values} submitLabel="Save node" />
        </CardBody>
      </Card>
    </>
  );
}
