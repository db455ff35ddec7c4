import { z } from "zod";
import { fieldError, isUniqueViolation, parseInput, zEnum, zOptionalInt, zText } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { BackendError } from "../backend-error";
import { cidrsOverlap, parseCidr } from "./ip-math";
import { createIpPool } from "./create-ip-pool";

// The operator console's IP pool form. A location sells VPS and dedicated servers only while it
// has free addresses (availability is bounded by them), so a new location needs a pool as well
// as nodes.

const schema = z.object({
  name: zText("pool name", 80),
  cidr: zText("CIDR block", 64),
  gateway: z
    .unknown()
    .optional()
    .transform((v) => (v === undefined || v === null ? "" : String(v).trim()) || null),
  nodeKind: zEnum(["shared", "vps", "dedicated"] as const, "Choose who may use the pool."),
  assignPrefixLength: zOptionalInt(16, 64, "a prefix length"),
});

export type IpPoolInput = z.input<typeof schema>;

export async function addIpPoolFromInput({ db }: OperatorContext<Db>, { locationId, pool }: { locationId: string; pool: IpPoolInput }) {
  const d = parseInput(schema, pool);
  const cidr = parseCidr(d.cidr);
  if (!cidr) throw fieldError("cidr", "Enter a CIDR block, e.g. 192.0.2.0/24 or 2001:db8:100::/48.", "invalid");
  if (cidr.version === 6) {
    // Each machine gets a routed prefix of its own (a /64 unless set), so the block must hold at least one.
    if (cidr.prefixLength > 64) throw fieldError("cidr", "An IPv6 pool is a /64 or larger prefix, e.g. 2001:db8:100::/48.", "invalid");
    const each = d.assignPrefixLength ?? 64;
    if (each < cidr.prefixLength || each > 64) throw fieldError("assignPrefixLength", `Enter a prefix length from ${cidr.prefixLength} to 64 (64 = one /64 per server).`, "invalid");
  } else if (d.assignPrefixLength !== null) {
    throw fieldError("assignPrefixLength", "Leave this blank for an IPv4 block: each server gets single addresses.", "invalid");
  }
  if (!(await db.location.findUnique({ where: { id: locationId } }))) throw new DomainError("not_found", "Location not found");
  try {
    // All-or-nothing: the pool and its address rows.
    return await db.$transaction(async (tx) => {
      const created = await createIpPool(tx, {
        locationId,
        name: d.name,
        cidr: d.cidr,
        gateway: d.gateway,
        nodeKind: d.nodeKind === "shared" ? null : d.nodeKind,
        assignPrefixLength: d.assignPrefixLength ?? undefined,
      });
      // A block in two pools could hand one address (or one /64) to two machines.
      const others = await tx.ipPool.findMany({ where: { version: cidr.version, id: { not: created.pool.id } }, select: { name: true, cidr: true, location: { select: { name: true } } } });
      const clash = others.find((p) => {
        const other = parseCidr(p.cidr);
        return other !== null && cidrsOverlap(other, cidr);
      });
      if (clash) throw fieldError("cidr", `${d.cidr} overlaps ${clash.cidr}, pool “${clash.name}” in ${clash.location.name}.`, "invalid");
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("name", `This location already has a pool named “${d.name}”.`);
    if (error instanceof BackendError && error.code === "configuration")
      throw fieldError(/Gateway/.test(error.message) ? "gateway" : "cidr", error.message, "invalid");
    throw error;
  }
}

/** A location's pools with free and total addresses. */
export async function listIpPools({ db }: OperatorContext, { locationId }: { locationId: string }) {
  const pools = await db.ipPool.findMany({ where: { locationId }, orderBy: [{ version: "asc" }, { name: "asc" }], include: { _count: { select: { addresses: true } } } });
  const free = await db.ipAddress.groupBy({
    by: ["poolId"],
    where: { poolId: { in: pools.map((p) => p.id) }, allocationId: null, vmId: null, serverId: null },
    _count: { _all: true },
  });
  return pools.map((p) => ({ ...p, total: p._count.addresses, free: free.find((f) => f.poolId === p.id)?._count._all ?? 0 }));
}
