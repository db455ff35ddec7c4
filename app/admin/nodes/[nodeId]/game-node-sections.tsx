import { AdminForm } from "@/app/admin/_components/admin-form";
import { Table, Td } from "@/app/admin/_components/table";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/status/status-badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail";
import { EmptyState } from "@/components/ui/empty-state";
import { check } from "@/lib/admin/format";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { describeGameNodeConnection } from "@/lib/backends/nodes/game-node-connection";
import { gameNodeServers } from "@/lib/backends/nodes/game-node-servers";
import type { NodeWithUsage } from "@/lib/backends/nodes/list-nodes-with-usage";
import { checkGameNodeAction, updateGameNodeAction } from "../actions";
import { gameNodeFields } from "../game-node-fields";
import { UsageBar } from "../usage-bar";
import { CheckConnection } from "./check-connection";
import { formatCount } from "@/lib/format/format-count";

/** MB as GB with at most one decimal (1536 MB is 1.5 GB). */
const gb = (n: number) => Math.round((n / 1024) * 10) / 10;
const mb = (n: number) => `${n.toLocaleString("en-GB")} MB`;
const gbOfMb = (n: number) => `${(n / 1024).toLocaleString("en-GB", { maximumFractionDigits: 1 })} GB`;

/** A game node's page below its title: usage, connection, game servers, settings. */
export async function GameNodeSections({ ctx, node: n, locations }: { ctx: OperatorContext; node: NodeWithUsage; locations: { id: string; name: string; value: string }[] }) {
  const { servers, ports } = await gameNodeServers(ctx, n.id);
  const conn = describeGameNodeConnection(n.config);
  const values = {
    name: n.name,
    locationId: n.locationId,
    enabled: check(n.enabled),
    connection: conn.mode === "embedded" ? "embedded" : "remote",
    url: conn.url ?? "",
    token: "",
    sftpHost: conn.sftpHost ?? "",
    sftpPort: conn.sftpPort === null ? "2022" : String(conn.sftpPort),
    portRangeStart: String(n.portRangeStart ?? ""),
    portRangeEnd: String(n.portRangeEnd ?? ""),
    memoryGb: String(n.capacityMemoryMb / 1024),
    diskGb: String(n.capacityDiskGb),
  };
  return (
    <>
      <Card className="mb-6">
        <CardHeader title="Current usage" description="Held by the game servers placed here; placement never goes past capacity or the port range." />
        <CardBody>
          <div className="flex flex-wrap gap-8">
            <UsageBar used={gb(n.allocatedMemoryMb)} total={gb(n.capacityMemoryMb)} unit="GB memory" />
            <UsageBar used={n.allocatedDiskGb} total={n.capacityDiskGb} unit="GB disk" />
            <UsageBar used={ports.used} total={ports.size} unit={ports.range ? `ports (${ports.range.start}–${ports.range.end})` : "ports"} />
            <p className="text-sm text-neutral-700">
              {formatCount(servers.length, "game server")}
            </p>
          </div>
        </CardBody>
      </Card>

      <Card className="mb-6">
        <CardHeader title="Connection" description="How the portal reaches this node's agent." />
        <CardBody className="space-y-4">
          <dl className="grid gap-4 sm:grid-cols-4">
            <Detail label="Agent">{conn.mode === "embedded" ? "Embedded (started by the portal)" : conn.mode === "remote" ? "Remote" : <Badge tone="red">Config incomplete</Badge>}</Detail>
            {conn.mode !== "embedded" && (
              <>
                <Detail label="URL">
                  <span className="font-mono text-xs break-all">{conn.url ?? "—"}</span>
                </Detail>
                <Detail label="Token">{conn.tokenSet ? <Badge tone="green">Set</Badge> : <Badge tone="red">Not set</Badge>}</Detail>
                <Detail label="SFTP">
                  <span className="font-mono text-xs">
                    {conn.sftpHost ?? "—"}:{conn.sftpPort ?? "—"}
                  </span>
                </Detail>
              </>
            )}
          </dl>
          <CheckConnection action={checkGameNodeAction.bind(null, n.id)} servers={servers.length} />
        </CardBody>
      </Card>

      <Card className="mb-6">
        <CardHeader title="Game servers" description="What the portal placed on this node. Each holds one port of the range, its memory and its disk." />
        {servers.length === 0 ? (
          <EmptyState title="No game servers yet">Game orders in this location are placed here while it is enabled and has room.</EmptyState>
        ) : (
          <Table head={["Service", "Customer", "Template", "Port", "Memory", "Disk"]} label="Game servers">
            {servers.map((s) => (
              <tr key={s.id}>
                <Td>
                  {s.service ? (
                    <>
                      {s.service.name} <StatusBadge kind="service" status={s.service.status} />
                    </>
                  ) : (
                    <span className="text-neutral-500">No service</span>
                  )}
                </Td>
                <Td>{s.customer?.name ?? "—"}</Td>
                <Td className="font-mono text-xs">{s.template}</Td>
                <Td className="tabular-nums">{s.port}</Td>
                <Td className="tabular-nums whitespace-nowrap">{mb(s.memoryMb)}</Td>
                <Td className="tabular-nums whitespace-nowrap">{gbOfMb(s.diskMb)}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>

      <Card>
        <CardBody>
          <AdminForm label="Game node settings" action={updateGameNodeAction.bind(null, n.id)} fields={gameNodeFields(locations, { tokenSet: conn.tokenSet })} values={values} submitLabel="Save node" />
        </CardBody>
      </Card>
    </>
  );
}
