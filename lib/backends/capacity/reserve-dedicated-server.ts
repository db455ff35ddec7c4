import { BackendError } from "../backend-error";
import type { DedicatedServerView } from "../bmc-driver";
import type { BackendContext } from "../context";
import { toDedicatedServerView } from "../dedicated-server-view";
import { reserveAddresses } from "../ipam/addresses";
import { inTransaction } from "@/lib/db/in-transaction";

export interface ReserveServerOptions {
  sku: string;
  serviceId?: string | null;
  /** Addresses the server gets (default one IPv4, no IPv6 prefix). */
  ipv4?: number;
  ipv6?: number;
}

class LostRace extends Error {}

/**
 * Takes a server of `sku` out of stock in the location (first by name on enabled dedicated nodes),
 * with its addresses. The claim is a conditional update on `provisionState = available`, so two
 * orders never get one server. Throws `capacity` (none in stock) or `ip_capacity`.
 */
export async function reserveDedicatedServer(ctx: BackendContext, locationId: string, options: ReserveServerOptions): Promise<DedicatedServerView> {
  const candidates = await ctx.db.dedicatedServer.findMany({
    where: { sku: options.sku, provisionState: "available", serviceId: null, node: { locationId, kind: "dedicated", enabled: true } },
    orderBy: { name: "asc" },
    select: { id: true },
  });
  for (const { id } of candidates) {
    try {
      return await inTransaction(ctx.db, async (tx) => {
        const now = ctx.clock.now();
        const { count } = await tx.dedicatedServer.updateMany({
          where: { id, provisionState: "available", serviceId: null },
          data: { provisionState: "reserved", serviceId: options.serviceId ?? null, reservedAt: now },
        });
        if (count === 0) throw new LostRace();
        const holder = { serverId: id };
        const v4 = await reserveAddresses(tx, { locationId, nodeKind: "dedicated", version: 4, count: options.ipv4 ?? 1, holder, primaryFirst: true, now });
        await reserveAddresses(tx, { locationId, nodeKind: "dedicated", version: 6, count: options.ipv6 ?? 0, holder, primaryFirst: v4.length === 0, now });
        return toDedicatedServerView(await tx.dedicatedServer.findUniqueOrThrow({ where: { id } }));
      });
    } catch (error) {
      if (error instanceof LostRace) continue;
      throw error;
    }
  }
  throw new BackendError("capacity", `No ${options.sku} server in stock in location ${locationId}`);
}
