import type { OperatorContext } from "@/lib/admin/operator-context";
import { portRangeSize } from "./game-port-range";

/**
 * What a game node carries, for its console page: the live game servers (with the service and
 * customer they belong to) and how much of its port range is taken.
 */
export async function gameNodeServers({ db }: OperatorContext, nodeId: string) {
  const node = await db.node.findUniqueOrThrow({ where: { id: nodeId } });
  const servers = await db.gameServer.findMany({
    where: { nodeId, deletedAt: null },
    orderBy: [{ port: "asc" }],
    include: { service: { select: { id: true, name: true, status: true, account: { select: { id: true, name: true } } } } },
  });
  const portsUsed = await db.gamePort.count({ where: { nodeId } });
  const range = node.portRangeStart !== null && node.portRangeEnd !== null ? { start: node.portRangeStart, end: node.portRangeEnd } : null;
  return {
    servers: servers.map((s) => ({
      id: s.id,
      template: s.template,
      port: s.port,
      memoryMb: s.memoryMb,
      diskMb: s.diskMb,
      createdAt: s.createdAt,
      service: s.service ? { id: s.service.id, name: s.service.name, status: s.service.status } : null,
      customer: s.service?.account ?? null,
    })),
    ports: { used: portsUsed, range, size: range ? portRangeSize(range) : 0 },
  };
}

export type GameNodeServers = Awaited<ReturnType<typeof gameNodeServers>>;
