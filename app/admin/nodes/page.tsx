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
import { listNodesWithUsage } from "@/lib/backends/nodes/list-nodes-with-usage";
import { UsageBar } from "./usage-bar";

export const metadata: Metadata = { title: "Nodes" };

export default async function NodesPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const ctx = await requireOperatorContext();
  const created = (await searchParams).created === "1";
  const nodes = await listNodesWithUsage(ctx);
  return (
    <>
      <PageHeader
        title="Nodes"
        description="Hypervisors and dedicated-server controllers. Their free capacity is what VPS and dedicated availability reports."
        actions={<Link href="/admin/nodes/new" className={buttonClasses()}>Add node</Link>}
      />
      {created && <Alert tone="success" className="mb-4">Node added. New VPS orders in its location can be placed on it now.</Alert>}
      <Card>
        {nodes.length === 0 ? (
          <EmptyState title="No nodes yet">Add a hypervisor to a location to sell VPS there, or a BMC controller for dedicated servers.</EmptyState>
        ) : (
          <Table head={["Node", "Location", "Kind", "Driver", "vCPU", "Memory", "Disk", "Carries", "Status"]} label="Nodes">
            {nodes.map((n) => (
              <tr key={n.id}>
                <Td className="whitespace-nowrap">
                  <Link href={`/admin/nodes/${n.id}`} className={linkClass}>{n.name}</Link>
                </Td>
                <Td className="whitespace-nowrap">
                  {n.location.flag} {n.location.value}
                </Td>
                <Td>{n.kind === "vps" ? "Hypervisor" : "BMC"}</Td>
                <Td className="font-mono text-xs whitespace-nowrap">{n.driver}</Td>
                {n.kind === "vps" ? (
                  <>
                    <Td><UsageBar used={n.allocatedVcpus} total={n.capacityVcpus} unit="vCPU" /></Td>
                    <Td><UsageBar used={Math.round(n.allocatedMemoryMb / 1024)} total={Math.round(n.capacityMemoryMb / 1024)} unit="GB" /></Td>
                    <Td><UsageBar used={n.allocatedDiskGb} total={n.capacityDiskGb} unit="GB" /></Td>
                    <Td className="whitespace-nowrap tabular-nums">{n.machines} machine{n.machines === 1 ? "" : "s"}</Td>
                  </>
                ) : (
                  <>
                    <Td className="text-neutral-400">—</Td>
                    <Td className="text-neutral-400">—</Td>
                    <Td className="text-neutral-400">—</Td>
                    <Td className="whitespace-nowrap tabular-nums">
                      {n.servers.total} server{n.servers.total === 1 ? "" : "s"}, {n.servers.available} in stock
                    </Td>
                  </>
                )}
                <Td>{n.enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Disabled</Badge>}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </>
  );
}
