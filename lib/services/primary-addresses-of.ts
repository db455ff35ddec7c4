import type { DbOrTx } from "@/lib/db/client";
import { machinesOf } from "./find-service-machine";
import type { ServiceMachine } from "./find-service-machine";

/**
 * Each service's primary address (IPv4 first), or null before it has a machine: the batch form of
 * findServiceMachine + primaryAddressOf for lists, in three queries whatever the page size.
 * Same rules: the newest VM not destroyed, else the newest reserved server; the address marked
 * `primary`, else the first IPv4, else the first.
 */
export async function primaryAddressesOf(db: DbOrTx, serviceIds: string[]): Promise<Map<string, string | null>> {
  return primaryAddressesOfMachines(db, await machinesOf(db, serviceIds));
}

/** The same, for machines already read (one query). */
export async function primaryAddressesOfMachines(db: DbOrTx, machines: ReadonlyMap<string, ServiceMachine | null>): Promise<Map<string, string | null>> {
  const result = new Map<string, string | null>([...machines.keys()].map((id) => [id, null]));
  const vmIds: string[] = [];
  const serverIds: string[] = [];
  for (const m of machines.values()) {
    if (m?.kind === "vps") vmIds.push(m.vm.id);
    else if (m?.kind === "dedicated") serverIds.push(m.server.id);
  }
  if (vmIds.length === 0 && serverIds.length === 0) return result;
  const addresses = await db.ipAddress.findMany({
    where: { OR: [...(vmIds.length ? [{ vmId: { in: vmIds } }] : []), ...(serverIds.length ? [{ serverId: { in: serverIds } }] : [])] },
    select: { address: true, purpose: true, vmId: true, serverId: true, pool: { select: { version: true } } },
    orderBy: { ordinal: "asc" },
  });
  for (const [serviceId, m] of machines) {
    if (!m) continue;
    const rows = addresses.filter((a) => (m.kind === "vps" ? a.vmId === m.vm.id : a.serverId === m.server.id));
    const primary = rows.find((r) => r.purpose === "primary") ?? rows.find((r) => r.pool.version === 4) ?? rows[0];
    result.set(serviceId, primary?.address ?? null);
  }
  return result;
}
