import type { BackendContext } from "@/lib/backends/context";
import { getJob } from "@/lib/backends/jobs";
import type { Db } from "@/lib/db/client";
import type { DedicatedServer } from "@/lib/generated/prisma/client";
import { addressDocsOf, billingDoc, cancellationDoc, failureDoc, primaryIpOf, projectOfService, specsDoc, type ActiveJobDoc, type DocumentOptions, type IpAddressDoc, type VpsDoc } from "../customer-documents";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";

// The customer API's dedicated server resource (the customer API spec "Dedicated server"): list rows carry
// `hardware` once a server is bound; the detail read adds location, datacenter, provisioning,
// os_installation and features. Shared by the API and the panel's dedicated page.

export interface DedicatedFeaturesDoc {
  power: boolean;
  reinstall: boolean;
  password_reset: boolean;
  rescue: boolean;
  console: boolean;
  rdns: boolean;
  ssh_keys: boolean;
  health: boolean;
}

export interface DedicatedDoc {
  id: string;
  name: string;
  hostname: string | null;
  status: ScopedService["status"];
  kind: "dedicated";
  provider: "native";
  product: { id: string; name: string };
  billing: VpsDoc["billing"];
  cancellation: VpsDoc["cancellation"];
  primary_ip: string | null;
  ip_addresses: IpAddressDoc[];
  hardware: { name: string; manufacturer: string; model: string; specs: Record<string, unknown>; status: string } | null;
  specs: VpsDoc["specs"];
  failure: VpsDoc["failure"];
  project: VpsDoc["project"];
  created_at: string;
  // Detail only:
  location?: VpsDoc["location"];
  datacenter?: { name: string; rack: string | null } | null;
  provisioning?: { provision_state: string; power_state: string } | null;
  os_installation?: { status: "in_progress" | "completed" | "failed" | null; os: string | null; image_id: string | null };
  features?: DedicatedFeaturesDoc;
  rescue_mode?: boolean;
  active_job?: ActiveJobDoc | null;
}

const INSTALLING = new Set(["pxe_booting", "installing", "rebooting"]);

/** The server bound to a service (the newest reservation), or null before one is. */
export async function findServiceServer(db: Db, serviceId: string): Promise<DedicatedServer | null> {
  return db.dedicatedServer.findFirst({ where: { serviceId }, orderBy: { reservedAt: "desc" } });
}

/** `in_progress` while an install runs, `failed` after a failed one, `completed` once a system is on the disk. */
export function osInstallationStatus(server: DedicatedServer | null, job: { operation: string; state: string } | null): "in_progress" | "completed" | "failed" | null {
  if (!server) return null;
  if (INSTALLING.has(server.provisionState) || (job && (job.operation === "provision" || job.operation === "reinstall") && (job.state === "queued" || job.state === "running"))) return "in_progress";
  if (server.provisionState === "deploy_failed") return "failed";
  return server.osName ? "completed" : null;
}

/** What the customer may do to the server now (the detail read's `features`). */
export function dedicatedFeatures(s: ScopedService, server: DedicatedServer | null): DedicatedFeaturesDoc {
  const live = !!server && (s.status === "active" || s.status === "suspended");
  const settled = live && server!.provisionState === "active" && !server!.provisionJobId;
  const active = s.status === "active";
  return {
    power: live,
    reinstall: active && !!server && ["active", "deploy_failed", "rescue"].includes(server.provisionState) && !server.provisionJobId,
    password_reset: active && settled && !!server!.osImageId,
    rescue: active && !!server && (settled || server.provisionState === "rescue"),
    console: active && live,
    rdns: s.status !== "terminated" && !!server,
    ssh_keys: s.status !== "terminated",
    health: live,
  };
}

/**
 * Brings the server's running jobs up to now before it is read: jobs move when polled
 * (docs/backends.md), and a client polling the server waits for exactly these. Best effort.
 */
async function advanceServerJobs(ctx: BackendContext, server: DedicatedServer): Promise<void> {
  for (const jobId of new Set([server.provisionJobId, server.powerJobId].filter((j): j is string => !!j))) {
    try {
      await getJob(jobId, ctx);
    } catch {
      // An unreachable controller leaves the job as it was; the read shows the last known state.
    }
  }
}

/**
 * One of the actor's dedicated servers (404 "Dedicated server not found" for any other id, whatever the
 * scope's kind): `GET /dedicated/{id}` with `detail` (its running jobs advanced to now first), else as
 * a `/dedicated` list row.
 */
export async function dedicatedDocument(ctx: ServiceContext, input: { serviceId: string; detail: boolean }): Promise<DedicatedDoc> {
  const service = await serviceInScopeOrThrow({ db: ctx.db, actor: { ...ctx.actor, kind: "dedicated" } }, input.serviceId);
  return dedicatedDocumentOf(ctx.db, service, input.detail ? { detail: true, backend: ctx } : { detail: false });
}

/** `dedicatedDocument` after the tenant check, for a service already in the caller's scope (a list's rows, the service document). */
export async function dedicatedDocumentOf(db: Db, s: ScopedService, options: DocumentOptions): Promise<DedicatedDoc> {
  let server = await findServiceServer(db, s.id);
  if (server && options.backend) {
    await advanceServerJobs(options.backend, server);
    server = await db.dedicatedServer.findUnique({ where: { id: server.id } });
  }
  const ip_addresses = server ? await addressDocsOf(db, { serverId: server.id }) : [];
  const project = await projectOfService(db, s, options.projects);
  const doc: DedicatedDoc = {
    id: s.id,
    name: s.name,
    hostname: s.hostname,
    status: s.status,
    kind: "dedicated",
    provider: "native",
    product: { id: s.product.id, name: s.product.name },
    billing: billingDoc(s),
    cancellation: cancellationDoc(s),
    primary_ip: primaryIpOf(ip_addresses),
    ip_addresses,
    hardware: server
      ? { name: server.name, manufacturer: server.manufacturer, model: server.model, specs: (server.specs as Record<string, unknown> | null) ?? {}, status: server.provisionState }
      : null,
    specs: specsDoc(s),
    failure: failureDoc(s),
    project,
    created_at: s.createdAt.toISOString(),
  };
  if (!options.detail) return doc;
  const jobId = server?.provisionJobId ?? server?.powerJobId ?? null;
  const job = jobId ? await db.backendJob.findUnique({ where: { id: jobId } }) : null;
  const running = job && (job.state === "queued" || job.state === "running") ? job : null;
  doc.location = s.location ? { value: s.location.value, name: s.location.name, country_code: s.location.countryCode } : null;
  doc.datacenter = s.location ? { name: s.location.name, rack: server?.rack ?? null } : null;
  doc.provisioning = server ? { provision_state: server.provisionState, power_state: server.powerState } : null;
  doc.os_installation = { status: osInstallationStatus(server, running), os: server?.osName ?? null, image_id: server?.osImageId ?? null };
  doc.features = dedicatedFeatures(s, server);
  doc.rescue_mode = server?.rescueMode ?? false;
  doc.active_job = running ? { id: running.id, operation: running.operation, state: running.state, step: running.step, progress: running.progress } : null;
  return doc;
}
