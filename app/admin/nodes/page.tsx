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
import { pageTitle } from "@/components/layout/page-title";
import { formatCount } from "@/lib/format/format-count";

export const metadata: Metadata = { title: pageTitle("Nodes") };

const KIND_LABEL = { vps: "Hypervisor", dedicated: "BMC", game: "Game" } as const;

export default async function NodesPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const ctx = await requireOperatorContext();
  const created = (await searchParams).created;
  const nodes = await listNodesWithUsage(ctx);
  return (
    <>
      <PageHeader
        title="Nodes"
        description="Hypervisors, dedicated-server controllers and game nodes. Their free capacity is what VPS, dedicated and game availability reports."
        actions={<Link href="/admin/nodes/new" className={buttonClasses()}>Add node</Link>}
      />
      {created === "1" && <Alert tone="success" className="mb-4">Node added. New VPS orders in its location can be placed on it now.</Alert>}
      {created === "game" && <Alert tone="success" className="mb-4">Game node added. Open it to check that the portal reaches its agent.</Alert>}
      <Card>
        {nodes.length === 0 ? (
          <EmptyState title="No nodes yet">Add a hypervisor to a location to sell VPS there, a BMC controller for dedicated servers, or a game node for game servers.</EmptyState>
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
                <Td>{KIND_LABEL[n.kind]}</Td>
                <Td className="font-mono text-xs whitespace-nowrap">{n.driver}</Td>
                {n.kind === "vps" ? (
                  <>
                    <Td><UsageBar used={n.allocatedVcpus} total={n.capacityVcpus} unit="vCPU" /></Td>
                    <Td><UsageBar used={Math.round(n.allocatedMemoryMb / 1024)} total={Math.round(n.capacityMemoryMb / 1024)} unit="GB" /></Td>
                    <Td><UsageBar used={n.allocatedDiskGb} total={n.capacityDiskGb} unit="GB" /></Td>
                    <Td className="whitespace-nowrap tabular-nums">{formatCount(n.machines, "machine")}</Td>
                  </>
                ) : n.kind === "game" ? (
                  <>
                    <Td className="text-neutral-400">—</Td>
                    <Td><UsageBar used={Math.round(n.allocatedMemoryMb / 1024)} total={Math.round(n.capacityMemoryMb / 1024)} unit="GB" /></Td>
                    <Td><UsageBar used={n.allocatedDiskGb} total={n.capacityDiskGb} unit="GB" /></Td>
                    <Td className="whitespace-nowrap tabular-nums">
                      {formatCount(n.gameServers, "game server")}
                      <span className="block text-xs text-neutral-500">ports {n.portRangeStart}–{n.portRangeEnd}</span>
                    </Td>
                  </>
                ) : (
                  <>
                    <Td className="text-neutral-400">—</Td>
                    <Td className="text-neutral-400">—</Td>
                    <Td className="text-neutral-400">—</Td>
                    <Td className="whitespace-nowrap tabular-nums">
                      {formatCount(n.servers.total, "server")}, {n.servers.available} in stock
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
