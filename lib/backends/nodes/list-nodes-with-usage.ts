import type { OperatorContext } from "@/lib/admin/operator-context";

/** Every node with its location and what it carries now (allocated units, machines, servers by state, game servers). */
export async function listNodesWithUsage({ db }: OperatorContext) {
  const nodes = await db.node.findMany({
    orderBy: [{ location: { sortOrder: "asc" } }, { kind: "asc" }, { name: "asc" }],
    include: {
      location: { select: { id: true, name: true, value: true, flag: true } },
      _count: { select: { virtualMachines: { where: { destroyedAt: null } }, gameServers: { where: { deletedAt: null } } } },
    },
  });
  const servers = await db.dedicatedServer.groupBy({ by: ["nodeId", "provisionState"], _count: { _all: true } });
  return nodes.map((n) => {
    const own = servers.filter((s) => s.nodeId === n.id);
    return {
      ...n,
      machines: n._count.virtualMachines,
      gameServers: n._count.gameServers,
      servers: { total: own.reduce((a, s) => a + s._count._all, 0), available: own.find((s) => s.provisionState === "available")?._count._all ?? 0 },
    };
  });
}

export type NodeWithUsage = Awaited<ReturnType<typeof listNodesWithUsage>>[number];
