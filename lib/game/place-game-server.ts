import { BackendError } from "@/lib/backends/backend-error";
import type { BackendContext } from "@/lib/backends/context";
import { inTransaction } from "@/lib/db/in-transaction";
import { Prisma, type GameServer, type Node } from "@/lib/generated/prisma/client";

export interface GameServerSize {
  memoryMb: number;
  diskGb: number;
}

export interface PlaceGameServerInput {
  serviceId: string;
  /** Locations to try in order (the ordered one, or each the product is offered in). */
  locationIds: string[];
  template: string;
  vars: Record<string, string>;
  size: GameServerSize;
}

class LostRace extends Error {}
/** The node's port range is full: thrown inside the transaction so the hold rolls back with it. */
class PortsFull extends Error {}
/** How often one node is tried again when a parallel placement took the port it picked. */
const PORT_RACE_RETRIES = 8;

const freeMemory = (n: Node) => n.capacityMemoryMb - n.allocatedMemoryMb;

/** The SFTP login of a server: stable, unique, and says nothing about its owner. */
export const sftpUsernameFor = (gameServerId: string) => `srv.${gameServerId.replace(/-/g, "").slice(0, 12)}`;

/**
 * Places a game server (docs/game-servers.md#ports): the enabled game node in the first location that
 * has room, the most free memory first; holds its memory and disk on the node's counters with a
 * conditional update (never past capacity) and takes the lowest free port of the node's range, in one
 * transaction. The unique (node, port) row settles parallel placements: the loser's transaction rolls
 * back and it tries again. Idempotent per service: a server already placed is returned.
 */
export async function placeGameServer(ctx: BackendContext, input: PlaceGameServerInput): Promise<GameServer> {
  const existing = await ctx.db.gameServer.findFirst({ where: { serviceId: input.serviceId, deletedAt: null } });
  if (existing) return existing;
  const { memoryMb, diskGb } = input.size;
  let sawNode = false;
  let sawPortsFull = false;
  for (const locationId of input.locationIds) {
    const nodes = await ctx.db.node.findMany({ where: { locationId, kind: "game", enabled: true, portRangeStart: { not: null } } });
    sawNode ||= nodes.length > 0;
    const fits = nodes
      .filter((n) => freeMemory(n) >= memoryMb && n.capacityDiskGb - n.allocatedDiskGb >= diskGb)
      .sort((a, b) => freeMemory(b) - freeMemory(a) || a.name.localeCompare(b.name));
    for (const node of fits) {
      for (let attempt = 0; attempt < PORT_RACE_RETRIES; attempt++) {
        try {
          const placed = await holdOnNode(ctx, node, input, locationId);
          if (placed === "ports_full") sawPortsFull = true;
          else return placed;
          break;
        } catch (error) {
          if (error instanceof LostRace) break;
          if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") continue;
          throw error;
        }
      }
    }
  }
  const reason = !sawNode ? "no enabled game node" : sawPortsFull ? "no free port on the nodes with room" : "no game node with room";
  throw new BackendError("capacity", `Cannot place a game server of ${memoryMb} MB / ${diskGb} GB: ${reason}`);
}

async function holdOnNode(ctx: BackendContext, node: Node, input: PlaceGameServerInput, locationId: string): Promise<GameServer | "ports_full"> {
  const { memoryMb, diskGb } = input.size;
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    // RETURNING the range from the row this update locks: an operator's range change (which locks the
    // row too) is either fully before this placement or waits for it, never half-seen.
    const held = await tx.$queryRaw<{ start: number; end: number }[]>`
      UPDATE "Node" SET
        "allocatedMemoryMb" = "allocatedMemoryMb" + ${memoryMb},
        "allocatedDiskGb" = "allocatedDiskGb" + ${diskGb},
        "updatedAt" = ${now}
      WHERE id = ${node.id}::uuid AND enabled AND kind = 'game'
        AND "allocatedMemoryMb" + ${memoryMb} <= "capacityMemoryMb"
        AND "allocatedDiskGb" + ${diskGb} <= "capacityDiskGb"
        AND "portRangeStart" IS NOT NULL AND "portRangeEnd" IS NOT NULL
      RETURNING "portRangeStart" AS start, "portRangeEnd" AS "end"`;
    if (held.length === 0) throw new LostRace();
    const range = held[0];
    const free = await tx.$queryRaw<{ port: number }[]>`
      SELECT s.port::int AS port FROM generate_series(${range.start}::int, ${range.end}::int) AS s(port)
      WHERE NOT EXISTS (SELECT 1 FROM "GamePort" g WHERE g."nodeId" = ${node.id}::uuid AND g.port = s.port)
      ORDER BY s.port LIMIT 1`;
    if (free.length === 0) throw new PortsFull();
    const port = free[0].port;
    const id = crypto.randomUUID();
    const server = await tx.gameServer.create({
      data: {
        id,
        serviceId: input.serviceId,
        nodeId: node.id,
        template: input.template,
        vars: input.vars,
        memoryMb,
        diskMb: diskGb * 1024,
        heldDiskGb: diskGb,
        port,
        sftpUsername: sftpUsernameFor(id),
        createdAt: now,
      },
    });
    await tx.gamePort.create({ data: { nodeId: node.id, port, gameServerId: id, createdAt: now } });
    if (input.locationIds.length > 1) await tx.service.updateMany({ where: { id: input.serviceId, locationId: null }, data: { locationId } });
    return server;
  }).catch((error: unknown) => {
    if (error instanceof PortsFull) return "ports_full" as const;
    throw error;
  });
}
