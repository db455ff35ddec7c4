import type { DbOrTx } from "@/lib/db/client";

/**
 * Each service's primary address (IPv4 first), or null before it has a machine: the batch form of
 * findServiceMachine + primaryAddressOf for lists, in three queries whatever the page size.
 * Same rules: the newest VM not destroyed, else the newest reserved server; the address marked
 * `primary`, else the first IPv4, else the first.
 */
export async function primaryAddressesOf(db: DbOrTx, serviceIds: string[]): Promise<Map<string, string | null>> {
  const result = new Map<string, string | null>(serviceIds.map((id) => [id, null]));
  if (serviceIds.length === 0) return result;
  const [vms, servers] = await Promise.all([
    db.virtualMachine.findMany({ where: { serviceId: { in: serviceIds }, destroyedAt: null }, orderBy: { createdAt: "desc" }, select: { id: true, serviceId: true } }),
    db.dedicatedServer.findMany({ where: { serviceId: { in: serviceIds } }, orderBy: { reservedAt: "desc" }, select: { id: true, serviceId: true } }),
  ]);
  const machineOf = new Map<string, { vmId?: string; serverId?: string }>();
  for (const vm of vms) if (vm.serviceId && !machineOf.has(vm.serviceId)) machineOf.set(vm.serviceId, { vmId: vm.id });
  for (const s of servers) if (s.serviceId && !machineOf.has(s.serviceId)) machineOf.set(s.serviceId, { serverId: s.id });
  if (machineOf.size === 0) return result;

  const machines = [...machineOf.values()];
  const vmIds = machines.flatMap((m) => (m.vmId ? [m.vmId] : []));
  const serverIds = machines.flatMap((m) => (m.serverId ? [m.serverId] : []));
  const addresses = await db.ipAddress.findMany({
    where: { OR: [...(vmIds.length ? [{ vmId: { in: vmIds } }] : []), ...(serverIds.length ? [{ serverId: { in: serverIds } }] : [])] },
    select: { address: true, purpose: true, vmId: true, serverId: true, pool: { select: { version: true } } },
    orderBy: { ordinal: "asc" },
  });
  for (const [serviceId, m] of machineOf) {
    const rows = addresses.filter((a) => (m.vmId ? a.vmId === m.vmId : a.serverId === m.serverId));
    const primary = rows.find((r) => r.purpose === "primary") ?? rows.find((r) => r.pool.version === 4) ?? rows[0];
    result.set(serviceId, primary?.address ?? null);
  }
  return result;
}
