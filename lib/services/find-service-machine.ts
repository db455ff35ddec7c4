import type { DbOrTx } from "@/lib/db/client";
import type { DedicatedServer, VirtualMachine } from "@/lib/generated/prisma/client";

/** A VPS carries its node's `config` (whether the node is a shared cluster: nodeIsShared). */
export type ServiceMachine = { kind: "vps"; vm: VirtualMachine & { node: { config: unknown } } } | { kind: "dedicated"; server: DedicatedServer };

/** The machine a service runs on (the newest not destroyed VM, or its reserved server), or null before one exists. */
export async function findServiceMachine(db: DbOrTx, serviceId: string): Promise<ServiceMachine | null> {
  const vm = await db.virtualMachine.findFirst({ where: { serviceId, destroyedAt: null }, orderBy: { createdAt: "desc" }, include: { node: { select: { config: true } } } });
  if (vm) return { kind: "vps", vm };
  const server = await db.dedicatedServer.findFirst({ where: { serviceId }, orderBy: { reservedAt: "desc" } });
  if (server) return { kind: "dedicated", server };
  return null;
}

/** findServiceMachine for many services in two queries (same rules), keyed by service id. */
export async function machinesOf(db: DbOrTx, serviceIds: string[]): Promise<Map<string, ServiceMachine | null>> {
  const result = new Map<string, ServiceMachine | null>(serviceIds.map((id) => [id, null]));
  if (serviceIds.length === 0) return result;
  const [vms, servers] = await Promise.all([
    db.virtualMachine.findMany({ where: { serviceId: { in: serviceIds }, destroyedAt: null }, orderBy: { createdAt: "desc" }, include: { node: { select: { config: true } } } }),
    db.dedicatedServer.findMany({ where: { serviceId: { in: serviceIds } }, orderBy: { reservedAt: "desc" } }),
  ]);
  for (const vm of vms) if (vm.serviceId && !result.get(vm.serviceId)) result.set(vm.serviceId, { kind: "vps", vm });
  for (const server of servers) if (server.serviceId && !result.get(server.serviceId)) result.set(server.serviceId, { kind: "dedicated", server });
  return result;
}

/** The service's primary address (IPv4 first), or null. */
export async function primaryAddressOf(db: DbOrTx, machine: ServiceMachine | null): Promise<string | null> {
  if (!machine) return null;
  const where = machine.kind === "vps" ? { vmId: machine.vm.id } : { serverId: machine.server.id };
  const rows = await db.ipAddress.findMany({ where, include: { pool: { select: { version: true } } }, orderBy: { ordinal: "asc" } });
  const primary = rows.find((r) => r.purpose === "primary") ?? rows.find((r) => r.pool.version === 4) ?? rows[0];
  return primary?.address ?? null;
}
