import { advanceMachineJobs } from "./advance-machine-jobs";
import { findServiceMachine } from "./find-service-machine";
import { serviceInScopeOrThrow, type ServiceContext } from "./service-context";

/** What a machine job did, as a noun a customer reads in a history ("Restart", "Snapshot"). */
export const ACTIVITY_LABEL: Record<string, string> = {
  create: "Setup",
  start: "Start",
  stop: "Shutdown",
  restart: "Restart",
  reinstall: "Reinstall",
  password: "Root password reset",
  capture: "Image capture",
  "snapshot.create": "Snapshot taken",
  "snapshot.revert": "Snapshot restored",
  "snapshot.delete": "Snapshot deleted",
  resize: "Plan change",
  migrate: "Moved to another host",
  "power.on": "Power on",
  "power.off": "Power off",
  "power.restart": "Restart",
  provision: "Installation",
  rescue: "Rescue system",
  unrescue: "Rescue system left",
};

export interface ActivityRow {
  id: string;
  operation: string;
  label: string;
  state: "queued" | "running" | "succeeded" | "failed";
  /** When it was asked for (ISO). */
  at: string;
  finishedAt: string | null;
}

/**
 * The latest jobs run on the machine of one of the actor's services (404 outside its scope), newest
 * first: what was done to the server and whether it worked. The machine's running jobs are brought up
 * to now first (`advanceMachineJobs`), so polling the list shows progress. A dedicated server is reused
 * across tenants, so only jobs since it was reserved for this service count; a terminated service shows
 * none. Error text is the operator's and never shown.
 */
export async function listServiceActivity(ctx: ServiceContext, input: { serviceId: string; limit?: number }): Promise<ActivityRow[]> {
  const { db } = ctx;
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  await advanceMachineJobs(ctx, service.id);
  if (service.status === "terminated") return [];
  const machine = await findServiceMachine(db, service.id);
  if (!machine) return [];
  if (machine.kind === "dedicated" && !machine.server.reservedAt) return [];
  const where =
    machine.kind === "vps" ? { vmId: machine.vm.id } : { serverId: machine.server.id, createdAt: { gte: machine.server.reservedAt! } };
  const jobs = await db.backendJob.findMany({
    where: { ...where, operation: { in: Object.keys(ACTIVITY_LABEL) } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit ?? 10,
    select: { id: true, operation: true, state: true, createdAt: true, finishedAt: true },
  });
  return jobs.map((j) => ({
    id: j.id,
    operation: j.operation,
    label: ACTIVITY_LABEL[j.operation]!,
    state: j.state,
    at: j.createdAt.toISOString(),
    finishedAt: j.finishedAt?.toISOString() ?? null,
  }));
}
