import type { DbOrTx } from "@/lib/db/client";
import type { IpPool, NodeKind } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import { formatIp, ipv4Hosts, parseCidr, parseIp, subPrefix } from "./ip-math";

export interface CreateIpPoolInput {
  locationId: string;
  name: string;
  /** `192.0.2.0/24`, or for IPv6 the block prefixes are cut from: `2001:db8:100::/56`. */
  cidr: string;
  /** IPv4: the subnet's router (never handed out). IPv6: the next hop, usually `fe80::1`. */
  gateway?: string | null;
  /** Only for machines of this kind; null or absent = shared. */
  nodeKind?: NodeKind | null;
  /** IPv6: the size of each assigned prefix (default 64). */
  assignPrefixLength?: number;
  /** At most this many rows: default every IPv4 host, 256 IPv6 prefixes. */
  limit?: number;
  /** IPv4 addresses never handed out (switches, reserved). */
  exclude?: string[];
}

const MAX_ROWS = 65_536;

/**
 * Adds a pool and one row per assignable address (IPv4) or prefix (IPv6). Pass a transaction to make
 * it all-or-nothing. Refuses malformed input with `configuration`.
 */
export async function createIpPool(db: DbOrTx, input: CreateIpPoolInput): Promise<{ pool: IpPool; addresses: number }> {
  const cidr = parseCidr(input.cidr);
  if (!cidr) throw new BackendError("configuration", `Not a CIDR block: ${input.cidr}`);
  const gateway = input.gateway ? parseIp(input.gateway) : null;
  if (input.gateway && (!gateway || gateway.version !== cidr.version)) {
    throw new BackendError("configuration", `Gateway ${input.gateway} is not an IPv${cidr.version} address`);
  }

  const rows: { address: string; ordinal: number }[] = [];
  let prefixLength: number;
  if (cidr.version === 4) {
    prefixLength = cidr.prefixLength;
    const skip = new Set([...(input.exclude ?? []), ...(input.gateway ? [input.gateway] : [])].map((a) => parseIp(a)?.value));
    const { first, last } = ipv4Hosts(cidr);
    const limit = Math.min(input.limit ?? MAX_ROWS, MAX_ROWS);
    for (let value = first; value <= last && rows.length < limit; value++) {
      if (!skip.has(value)) rows.push({ address: formatIp(4, value), ordinal: rows.length });
    }
  } else {
    prefixLength = input.assignPrefixLength ?? 64;
    if (prefixLength < cidr.prefixLength || prefixLength > 128) {
      throw new BackendError("configuration", `Cannot cut /${prefixLength} prefixes from ${input.cidr}`);
    }
    const available = BigInt(1) << BigInt(Math.min(prefixLength - cidr.prefixLength, 20));
    const count = Math.min(Number(available), input.limit ?? 256, MAX_ROWS);
    // Each row is a routed prefix; the machine's own address is the prefix's ::1.
    for (let i = 0; i < count; i++) {
      const base = subPrefix(cidr, prefixLength, BigInt(i));
      rows.push({ address: formatIp(6, prefixLength === 128 ? base : base + BigInt(1)), ordinal: i });
    }
  }
  if (rows.length === 0) throw new BackendError("configuration", `${input.cidr} has no assignable address`);

  const pool = await db.ipPool.create({
    data: {
      locationId: input.locationId,
      name: input.name,
      version: cidr.version,
      cidr: `${formatIp(cidr.version, cidr.network)}/${cidr.prefixLength}`,
      gateway: input.gateway ?? null,
      prefixLength,
      nodeKind: input.nodeKind ?? null,
    },
  });
  await db.ipAddress.createMany({ data: rows.map((row) => ({ poolId: pool.id, ...row })) });
  return { pool, addresses: rows.length };
}
