import type { Db, DbOrTx, Tx } from "@/lib/db/client";
import type { IpAddress, IpPool, NodeKind, Prisma } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import type { IpAddressView, NetworkView } from "../types";
import { isHostname, networkOf } from "./ip-math";

export type AddressHolder = { allocationId: string } | { vmId: string } | { serverId: string };

/**
 * Takes `count` free addresses of one version from the location's pools for `holder`, least recently
 * released first. Rows are locked with SKIP LOCKED, so parallel reservations never hand out one
 * address twice and never wait on each other. Throws ip_capacity (the caller's transaction rolls back).
 */
export async function reserveAddresses(
  tx: Tx,
  input: { locationId: string; nodeKind: NodeKind; version: 4 | 6; count: number; holder: AddressHolder; primaryFirst: boolean; now: Date },
): Promise<string[]> {
  if (input.count <= 0) return [];
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT a.id FROM "IpAddress" a JOIN "IpPool" p ON p.id = a."poolId"
    WHERE p."locationId" = ${input.locationId}::uuid AND p.enabled AND p.version = ${input.version}
      AND (p."nodeKind" IS NULL OR p."nodeKind" = ${input.nodeKind}::"NodeKind")
      AND a."allocationId" IS NULL AND a."vmId" IS NULL AND a."serverId" IS NULL
    ORDER BY a."releasedAt" ASC NULLS FIRST, p.name, a.ordinal
    LIMIT ${input.count}
    FOR UPDATE OF a SKIP LOCKED`;
  if (rows.length < input.count) {
    throw new BackendError("ip_capacity", `No free IPv${input.version} address left in the location's pools (${rows.length} of ${input.count})`);
  }
  const ids = rows.map((r) => r.id);
  const data = { ...input.holder, assignedAt: input.now, releasedAt: null, reverseDns: null };
  const [first, ...rest] = ids;
  await tx.ipAddress.updateMany({ where: { id: first }, data: { ...data, purpose: input.primaryFirst ? "primary" : "additional" } });
  if (rest.length > 0) await tx.ipAddress.updateMany({ where: { id: { in: rest } }, data: { ...data, purpose: "additional" } });
  return ids;
}

/** Returns addresses to their pools (their reverse DNS is cleared). */
export async function releaseAddresses(tx: DbOrTx, where: Prisma.IpAddressWhereInput, now: Date): Promise<number> {
  const { count } = await tx.ipAddress.updateMany({
    where,
    data: { allocationId: null, vmId: null, serverId: null, purpose: null, reverseDns: null, assignedAt: null, releasedAt: now },
  });
  return count;
}

export function toAddressView(row: IpAddress & { pool: IpPool }): IpAddressView {
  return {
    id: row.id,
    address: row.address,
    version: row.pool.version === 6 ? 6 : 4,
    prefixLength: row.pool.prefixLength,
    gateway: row.pool.gateway,
    subnetCidr: networkOf(row.address, row.pool.prefixLength),
    purpose: row.purpose === "primary" ? "primary" : "additional",
    reverseDns: row.reverseDns,
  };
}

type Owner = { vmId: string } | { serverId: string };

export async function listAddresses(db: DbOrTx, owner: Owner): Promise<IpAddressView[]> {
  const rows = await db.ipAddress.findMany({ where: owner, include: { pool: true } });
  const views = rows.map(toAddressView);
  const rank = (v: IpAddressView) => (v.purpose === "primary" ? 0 : 1) * 10 + v.version;
  return views.sort((a, b) => rank(a) - rank(b) || a.address.localeCompare(b.address));
}

export async function networkOfOwner(db: DbOrTx, owner: Owner): Promise<NetworkView> {
  const addresses = await listAddresses(db, owner);
  const subnets = new Map<string, NetworkView["subnets"][number]>();
  for (const a of addresses) if (!subnets.has(a.subnetCidr)) subnets.set(a.subnetCidr, { cidr: a.subnetCidr, version: a.version, gateway: a.gateway });
  return { addresses, subnets: [...subnets.values()] };
}

/** Sets or clears (null) the PTR record of one of the owner's addresses. */
export async function setReverseDns(db: Db, owner: Owner, addressId: string, hostname: string | null): Promise<IpAddressView> {
  const name = hostname === null ? null : hostname.trim().replace(/\.$/, "").toLowerCase();
  if (name !== null && !isHostname(name)) throw new BackendError("configuration", `Not a valid host name for reverse DNS: ${hostname}`);
  const { count } = await db.ipAddress.updateMany({ where: { id: addressId, ...owner }, data: { reverseDns: name } });
  if (count === 0) throw new BackendError("not_found", `Address ${addressId} is not assigned to this machine`);
  return toAddressView(await db.ipAddress.findUniqueOrThrow({ where: { id: addressId }, include: { pool: true } }));
}
