import type { BackendContext } from "@/lib/backends/context";
import { networkOf } from "@/lib/backends/ipam/ip-math";
import { nodeIsShared } from "@/lib/backends/nodes/node-is-shared";
import { advanceMachineJobs } from "./advance-machine-jobs";
import type { Db } from "@/lib/db/client";
import type { ServiceStatus } from "@/lib/generated/prisma/client";
import { moneyString } from "@/lib/format/money-string";
import { billingCycleValue } from "./billing-cycle-value";
import { findServiceMachine, machinesOf, type ServiceMachine } from "./find-service-machine";
import { primaryAddressesOfMachines } from "./primary-addresses-of";
import type { ScopedService } from "./find-scoped-service-or-throw";
import { projectsOfServices, type ServiceProjectDoc } from "./projects-of-services";
import { serviceInScopeOrThrow, type ServiceContext } from "./service-context";
import { backendOf, productControls, type PowerVerb } from "./service-controls";

// The customer API's VPS resource and the panel's service document (the customer API spec "VPS", "Service"),
// built once here and used by the API and the panel pages alike. snake_case, as the customer API prints.

export interface IpAddressDoc {
  address: string;
  version: number;
  prefix_length: number;
  gateway: string | null;
  subnet_cidr: string;
  purpose: string;
}

export interface InstanceDoc {
  state: string;
  vcpus: number;
  memory_mb: number;
  disk_gb: number;
  os: string | null;
  rescue_mode: boolean;
  updated_at: string;
}

/** The job holding the machine (a power action, a reinstall): the panel polls it until it ends. */
export interface ActiveJobDoc {
  id: string;
  operation: string;
  state: string;
  step: string | null;
  progress: number;
}

export interface VpsCapabilitiesDoc {
  actions: PowerVerb[];
  console: boolean;
  reinstall: boolean;
  password_reset: boolean;
  snapshots: boolean;
  images: boolean;
  shared: boolean;
  frozen: boolean;
  unavailable_reason: string | null;
}

export interface VpsDoc {
  id: string;
  name: string;
  hostname: string | null;
  status: ServiceStatus;
  kind: "vps";
  provider: "native";
  product: { id: string; name: string };
  billing: { cycle: string; amount: string; currency: string | null; next_due_date: string | null };
  cancellation: { scheduled_date: string; reason: string | null } | null;
  location: { value: string; name: string; country_code: string } | null;
  primary_ip: string | null;
  ip_addresses: IpAddressDoc[];
  instance: InstanceDoc | null;
  os_installation_status: "in_progress" | "completed" | "failed" | null;
  capabilities?: VpsCapabilitiesDoc;
  active_job: ActiveJobDoc | null;
  specs: { cpu: string | null; ram: string | null; storage: string | null };
  failure: { code: string; message: string } | null;
  /** Never null: a service assigned to no project is in its account's `default` one. */
  project: ServiceProjectDoc;
  created_at: string;
}

/** Client-facing sentence per failure code; the operator's detail is never returned. */
const FAILURE_MESSAGE: Record<string, string> = {
  capacity: "No capacity was left in the chosen location; another location may work.",
  ip_capacity: "No IP addresses were left in the chosen location; another location may work.",
  storage_capacity: "The host's storage was full; one retry may work.",
  install_timeout: "The operating system install did not finish in time; one retry may work.",
  configuration: "The order's configuration could not be built; the order needs changing.",
  name_conflict: "The host already holds a machine of this name; the order needs changing.",
  provider_unreachable: "The hosting backend could not be reached; one retry may work.",
  unknown: "Provisioning failed; one retry may work.",
};

export function failureDoc(s: Pick<ScopedService, "status" | "failureCode">): VpsDoc["failure"] {
  if (s.status !== "provisioning_failed") return null;
  const code = s.failureCode ?? "unknown";
  return { code, message: FAILURE_MESSAGE[code] ?? FAILURE_MESSAGE.unknown! };
}

/** What the customer may do to a VPS now (the `capabilities` of the detail read). */
export function vpsCapabilities(s: ScopedService, machine: ServiceMachine | null): VpsCapabilitiesDoc {
  const c = productControls(s.product);
  const building = s.status === "pending" || s.status === "installing" || (machine?.kind === "vps" && machine.vm.state === "creating");
  const reason =
    s.status === "terminated" ? "terminated" : s.status === "suspended" ? "suspended" : s.status === "provisioning_failed" ? "provisioning_failed" : !machine ? "no_instance" : building ? "building" : null;
  const live = reason === null;
  const actions = s.status === "terminated" ? [] : s.status === "suspended" ? c.powerActions.filter((a) => a !== "start") : live ? c.powerActions : [];
  return {
    actions,
    console: live && c.console,
    reinstall: live && c.reinstall,
    password_reset: live && c.password,
    snapshots: live && c.backups,
    images: live,
    shared: machine?.kind === "vps" && nodeIsShared(machine.vm.node.config),
    frozen: s.status === "suspended",
    unavailable_reason: reason,
  };
}

function str(v: unknown): string | null {
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : null;
}

/** A machine's addresses as the documents print them: IPv4 first, in pool order. */
export async function addressDocsOf(db: Db, machine: { vmId: string } | { serverId: string }): Promise<IpAddressDoc[]> {
  const addresses = await db.ipAddress.findMany({ where: machine, include: { pool: true }, orderBy: [{ pool: { version: "asc" } }, { ordinal: "asc" }] });
  return addresses.map((a) => ({
    address: a.address,
    version: a.pool.version,
    prefix_length: a.pool.prefixLength,
    gateway: a.pool.gateway,
    // The network the address is on: an IPv4 pool's subnet, or the /64 routed to this machine (not the pool's whole block).
    subnet_cidr: networkOf(a.address, a.pool.prefixLength),
    purpose: a.purpose ?? "additional",
  }));
}

/** The primary address, else the first one. */
export function primaryIpOf(addresses: readonly IpAddressDoc[]): string | null {
  return addresses.find((a) => a.purpose === "primary")?.address ?? addresses[0]?.address ?? null;
}

export function billingDoc(s: Pick<ScopedService, "billingCycle" | "amount" | "currency" | "nextDueDate">): VpsDoc["billing"] {
  return { cycle: billingCycleValue(s.billingCycle), amount: moneyString(s.amount), currency: s.currency, next_due_date: s.nextDueDate?.toISOString() ?? null };
}

export function cancellationDoc(s: Pick<ScopedService, "cancellationScheduledDate" | "cancellationReason">): VpsDoc["cancellation"] {
  return s.cancellationScheduledDate ? { scheduled_date: s.cancellationScheduledDate.toISOString(), reason: s.cancellationReason } : null;
}

/** The plan's advertised figures (`Product.specs`), as strings. */
export function specsDoc(s: Pick<ScopedService, "product">): VpsDoc["specs"] {
  const specs = (s.product.specs ?? {}) as Record<string, unknown>;
  return { cpu: str(specs.cpu), ram: str(specs.ram), storage: str(specs.storage) };
}

/** Options of the VPS and dedicated documents. `projects`: the page's `projectsOfServices`, so a list reads them once. */
export interface DocumentOptions {
  detail: boolean;
  backend?: BackendContext;
  projects?: ReadonlyMap<string, ServiceProjectDoc>;
}

/** The service's project from the page's map, else read for this one service. */
export async function projectOfService(db: Db, s: ScopedService, projects: ReadonlyMap<string, ServiceProjectDoc> | undefined): Promise<ServiceProjectDoc> {
  return projects?.get(s.id) ?? (await projectsOfServices(db, [s])).get(s.id)!;
}

/**
 * One of the actor's VPS (404 "VPS not found" for any other id, whatever the scope's kind): `GET /vps/{id}`
 * with `detail` (capabilities, and its running job advanced to now first, so polling it shows progress),
 * else as a `/vps` list row.
 */
export async function vpsDocument(ctx: ServiceContext, input: { serviceId: string; detail: boolean }): Promise<VpsDoc> {
  const service = await serviceInScopeOrThrow({ db: ctx.db, actor: { ...ctx.actor, kind: "vps" } }, input.serviceId);
  return vpsDocumentOf(ctx.db, service, input.detail ? { detail: true, backend: ctx } : { detail: false });
}

/** `vpsDocument` after the tenant check, for a service already in the caller's scope (a list's rows). */
export async function vpsDocumentOf(db: Db, s: ScopedService, options: DocumentOptions): Promise<VpsDoc> {
  if (options.backend) await advanceMachineJobs(options.backend, s.id);
  const machine = await findServiceMachine(db, s.id);
  const vm = machine?.kind === "vps" ? machine.vm : null;
  const ip_addresses = vm ? await addressDocsOf(db, { vmId: vm.id }) : [];
  const jobId = vm?.diskJobId ?? vm?.powerJobId ?? null;
  const job = jobId ? await db.backendJob.findUnique({ where: { id: jobId } }) : null;
  const project = await projectOfService(db, s, options.projects);
  const doc: VpsDoc = {
    id: s.id,
    name: s.name,
    hostname: s.hostname,
    status: s.status,
    kind: "vps",
    provider: "native",
    product: { id: s.product.id, name: s.product.name },
    billing: billingDoc(s),
    cancellation: cancellationDoc(s),
    location: s.location ? { value: s.location.value, name: s.location.name, country_code: s.location.countryCode } : null,
    primary_ip: primaryIpOf(ip_addresses),
    ip_addresses,
    instance: vm
      ? { state: vm.state, vcpus: vm.vcpus, memory_mb: vm.memoryMb, disk_gb: vm.diskGb, os: vm.osName, rescue_mode: vm.rescueMode, updated_at: vm.updatedAt.toISOString() }
      : null,
    os_installation_status: vm?.osInstallStatus ?? null,
    active_job: job && (job.state === "queued" || job.state === "running") ? { id: job.id, operation: job.operation, state: job.state, step: job.step, progress: job.progress } : null,
    specs: specsDoc(s),
    failure: failureDoc(s),
    project,
    created_at: s.createdAt.toISOString(),
  };
  if (options.detail) doc.capabilities = vpsCapabilities(s, machine);
  return doc;
}

export type ServiceType = "vps" | "dedicated" | "game" | "unknown";

export interface ServiceDoc {
  id: string;
  name: string;
  hostname: string | null;
  status: ServiceStatus;
  serviceType: ServiceType;
  product: { id: string; name: string };
  billing: VpsDoc["billing"];
  location: VpsDoc["location"];
  primary_ip: string | null;
  failure: VpsDoc["failure"];
  /** The service's project (its account's `default` one when unassigned), and its id. */
  project_id: string;
  project: ServiceProjectDoc;
  created_at: string;
  vps_capabilities?: VpsCapabilitiesDoc;
}

/** The panel's service document of one of the actor's services (`data.service` of the detail read); 404 outside its scope. */
export async function serviceDocument(ctx: ServiceContext, input: { serviceId: string }): Promise<ServiceDoc> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  return (await serviceDocuments(ctx.db, [service]))[0]!;
}

/**
 * The service documents of a page of services after the tenant check (`GET /services` rows, from
 * `listServices`): machines, addresses and projects read in four queries, not per row.
 */
export async function serviceDocuments(db: Db, services: readonly ScopedService[]): Promise<ServiceDoc[]> {
  const machines = await machinesOf(db, services.map((s) => s.id));
  const addresses = await primaryAddressesOfMachines(db, machines);
  const projects = await projectsOfServices(db, services);
  return services.map((s) => {
    const backend = backendOf(s.product);
    const serviceType: ServiceType = backend ?? (s.product.kind === "game" ? "game" : "unknown");
    const machine = machines.get(s.id) ?? null;
    return {
      id: s.id,
      name: s.name,
      hostname: s.hostname,
      status: s.status,
      serviceType,
      product: { id: s.product.id, name: s.product.name },
      billing: billingDoc(s),
      location: s.location ? { value: s.location.value, name: s.location.name, country_code: s.location.countryCode } : null,
      primary_ip: addresses.get(s.id) ?? null,
      failure: failureDoc(s),
      project_id: projects.get(s.id)!.id,
      project: projects.get(s.id)!,
      created_at: s.createdAt.toISOString(),
      ...(serviceType === "vps" ? { vps_capabilities: vpsCapabilities(s, machine) } : {}),
    };
  });
}
