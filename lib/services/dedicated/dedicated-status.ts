import { getJob } from "@/lib/backends/jobs";
import { bmcForServer } from "@/lib/backends/registry";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { assertControlAllowed } from "../service-rules";
import { osInstallationStatus } from "./dedicated-document";
import { dedicatedServerOrThrow } from "./dedicated-server-or-throw";

export interface PowerStatusDoc {
  /** `unreachable` when the management controller did not answer. */
  power_state: "on" | "off" | "unreachable";
  provision_state: string;
  busy: boolean;
  sampled_at: string;
}

/** The server's power state, read from its management controller (`GET /dedicated/{id}/power-status`). */
export async function dedicatedPowerStatus(ctx: ServiceContext, input: { serviceId: string }): Promise<PowerStatusDoc> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  assertControlAllowed(service.status, "stats");
  const server = await dedicatedServerOrThrow(ctx.db, service.id);
  let power: PowerStatusDoc["power_state"];
  try {
    power = (await (await bmcForServer(server.id, ctx)).powerStatus(server.id)).powerState;
  } catch {
    power = "unreachable";
  }
  const fresh = await ctx.db.dedicatedServer.findUniqueOrThrow({ where: { id: server.id } });
  return { power_state: power, provision_state: fresh.provisionState, busy: !!fresh.powerJobId, sampled_at: ctx.now.toISOString() };
}

export interface ProvisionStatusDoc {
  provision_state: string;
  power_state: string;
  os_installation_status: "in_progress" | "completed" | "failed" | null;
  os: string | null;
  rescue_mode: boolean;
  job: { id: string; operation: string; state: string; step: string | null; progress: number; error: string | null } | null;
}

/**
 * Where the server's install, rescue or power job stands (`GET /dedicated/{id}/provision-status`):
 * the job is advanced to now first, and the last one of the server is shown while it runs or after it
 * failed (its error as a fixed sentence; the controller's text is for operators).
 */
export async function dedicatedProvisionStatus(ctx: ServiceContext, input: { serviceId: string }): Promise<ProvisionStatusDoc> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  assertControlAllowed(service.status, "stats");
  let server = await dedicatedServerOrThrow(ctx.db, service.id);
  for (const id of [server.provisionJobId, server.powerJobId]) {
    if (id) await getJob(id, ctx).catch(() => null);
  }
  server = await ctx.db.dedicatedServer.findUniqueOrThrow({ where: { id: server.id } });
  const last = await ctx.db.backendJob.findFirst({ where: { serverId: server.id }, orderBy: { createdAt: "desc" } });
  const running = last && (last.state === "queued" || last.state === "running") ? last : null;
  return {
    provision_state: server.provisionState,
    power_state: server.powerState,
    os_installation_status: osInstallationStatus(server, running),
    os: server.osName,
    rescue_mode: server.rescueMode,
    job: last
      ? {
          id: last.id,
          operation: last.operation,
          state: last.state,
          step: last.step,
          progress: last.progress,
          error: last.state === "failed" ? "The operation did not complete on the server" : null,
        }
      : null,
  };
}
