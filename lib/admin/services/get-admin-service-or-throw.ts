import { listAuditEntries, type AuditEntryRow } from "@/lib/audit/list-audit-entries";
import { DomainError } from "@/lib/errors/domain-error";
import type { BackendJobState, DedicatedPowerState, DedicatedProvisionState, NodeKind, Prisma, VmState } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/schemas/uuid";
import { ACTIVITY_LABEL } from "@/lib/services/service-activity";
import { SERVICE_NOT_FOUND } from "@/lib/services/service-rules";
import type { OperatorContext } from "../operator-context";

export const SERVICE_JOBS_SHOWN = 15;

export interface AdminServiceNode {
  id: string;
  name: string;
  kind: NodeKind;
  location: { id: string; name: string };
}

export type AdminServiceMachine =
  | { kind: "vps"; id: string; name: string; hostname: string | null; state: VmState; vcpus: number; memoryMb: number; diskGb: number; osName: string | null; node: AdminServiceNode }
  | { kind: "dedicated"; id: string; name: string; hostname: string | null; sku: string; powerState: DedicatedPowerState; provisionState: DedicatedProvisionState; osName: string | null; node: AdminServiceNode };

export interface AdminServiceJob {
  id: string;
  operation: string;
  /** The operation in words, or the operation itself for one the panel never names. */
  label: string;
  state: BackendJobState;
  /** How far it got: the step last entered (e.g. `copying_disk`) and 0-100, for a job still running. */
  step: string | null;
  progress: number;
  /** The operator's own text: never shown to customers. */
  error: { code: string | null; message: string | null } | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const SERVICE = {
  id: true,
  name: true,
  hostname: true,
  status: true,
  billingCycle: true,
  amount: true,
  currency: true,
  nextDueDate: true,
  cancellationScheduledDate: true,
  cancellationReason: true,
  suspendReason: true,
  failureCode: true,
  failureDetail: true,
  provisionStartedAt: true,
  deliveredAt: true,
  terminatedAt: true,
  createdAt: true,
  account: { select: { id: true, name: true, company: true, status: true, owner: { select: { email: true } } } },
  product: { select: { id: true, name: true, kind: true } },
  location: { select: { id: true, name: true } },
  order: { select: { id: true, orderNumber: true, provisioningStatus: true } },
} as const satisfies Prisma.ServiceSelect;

export type AdminService = Prisma.ServiceGetPayload<{ select: typeof SERVICE }> & {
  machine: AdminServiceMachine | null;
  addresses: Array<{ address: string; version: number; purpose: string | null; reverseDns: string | null }>;
  /** The latest jobs on the service's machines, newest first: every VM it had (failed build attempts too) and its server since it was reserved for it. */
  jobs: AdminServiceJob[];
  /** What operators did to this service, newest first. */
  activity: AuditEntryRow[];
};

const NODE = { select: { id: true, name: true, kind: true, location: { select: { id: true, name: true } } } } as const;

/**
 * One service of any account for the operator console (404 for an unknown or malformed id): who it
 * belongs to, what it bills, the machine it runs on and that machine's node, its addresses, the
 * latest jobs on its machines (build attempts included, with the error text) and the operator
 * activity on it. A read only: the page brings the jobs up to now first (advanceServiceJobsAsOperator).
 */
export async function getAdminServiceOrThrow({ db }: OperatorContext, input: { serviceId: string }): Promise<AdminService> {
  const service = isUuid(input.serviceId) ? await db.service.findUnique({ where: { id: input.serviceId }, select: SERVICE }) : null;
  if (!service) throw new DomainError("not_found", SERVICE_NOT_FOUND);

  const [vms, servers, audit] = await Promise.all([
    db.virtualMachine.findMany({
      where: { serviceId: service.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true, name: true, hostname: true, state: true, vcpus: true, memoryMb: true, diskGb: true, osName: true, destroyedAt: true, node: NODE },
    }),
    db.dedicatedServer.findMany({
      where: { serviceId: service.id },
      orderBy: { reservedAt: "desc" },
      select: { id: true, name: true, hostname: true, sku: true, powerState: true, provisionState: true, osName: true, reservedAt: true, node: NODE },
    }),
    listAuditEntries({ db }, { scope: { targetType: "service", targetId: service.id } }),
  ]);

  // The machine as findServiceMachine picks it: the newest VM not destroyed, else the newest server.
  const vm = vms.find((v) => !v.destroyedAt);
  const server = vm ? undefined : servers[0];
  const machine: AdminServiceMachine | null = vm
    ? { kind: "vps", id: vm.id, name: vm.name, hostname: vm.hostname, state: vm.state, vcpus: vm.vcpus, memoryMb: vm.memoryMb, diskGb: vm.diskGb, osName: vm.osName, node: vm.node }
    : server
      ? { kind: "dedicated", id: server.id, name: server.name, hostname: server.hostname, sku: server.sku, powerState: server.powerState, provisionState: server.provisionState, osName: server.osName, node: server.node }
      : null;

  const addresses = machine
    ? await db.ipAddress.findMany({
        where: machine.kind === "vps" ? { vmId: machine.id } : { serverId: machine.id },
        orderBy: [{ pool: { version: "asc" } }, { ordinal: "asc" }],
        select: { address: true, purpose: true, reverseDns: true, pool: { select: { version: true } } },
      })
    : [];

  // A dedicated server serves other tenants before and after: only its jobs since it was reserved for this service.
  const jobWhere: Prisma.BackendJobWhereInput[] = [];
  if (vms.length) jobWhere.push({ vmId: { in: vms.map((v) => v.id) } });
  for (const s of servers) if (s.reservedAt) jobWhere.push({ serverId: s.id, createdAt: { gte: s.reservedAt } });
  const jobs = jobWhere.length
    ? await db.backendJob.findMany({
        where: { OR: jobWhere },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: SERVICE_JOBS_SHOWN,
        select: { id: true, operation: true, state: true, step: true, progress: true, errorCode: true, errorMessage: true, createdAt: true, finishedAt: true },
      })
    : [];

  return {
    ...service,
    machine,
    addresses: addresses.map((a) => ({ address: a.address, version: a.pool.version, purpose: a.purpose, reverseDns: a.reverseDns })),
    jobs: jobs.map((j) => ({
      id: j.id,
      operation: j.operation,
      label: ACTIVITY_LABEL[j.operation] ?? j.operation,
      state: j.state,
      step: j.step,
      progress: j.progress,
      error: j.errorCode || j.errorMessage ? { code: j.errorCode, message: j.errorMessage } : null,
      createdAt: j.createdAt,
      finishedAt: j.finishedAt,
    })),
    activity: audit,
  };
}
