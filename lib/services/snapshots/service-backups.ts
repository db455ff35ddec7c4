import type { SnapshotView } from "@/lib/backends/hypervisor-driver";
import type { BackendJobView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { NO_REMOTE_CONTROLS } from "../lifecycle/change-service-power";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { assertControlAllowed } from "../service-rules";
import { deleteMachineSnapshot, listMachineSnapshots, revertMachineSnapshot, snapshotMachine, SNAPSHOTS_NOT_OFFERED, type SnapshotList } from "./vps-snapshots";

// The reseller API's backups routes (the reseller API spec "Retry, lifecycle notes"): native VPS backups
// are the VPS's snapshots; a dedicated server lists none and refuses creation with 400.

export const DEDICATED_NO_BACKUPS = "Backups are not available for dedicated servers";

export type BackupList = ({ kind: "vps" } & SnapshotList) | { kind: "dedicated"; backups: [] };

/**
 * The reseller rule, stricter than the customer API's: backups need an active service, so a suspended
 * (or terminated) one is refused with 403 even for the list; then, for writes, the plan's snapshot
 * feature (403). A plan without snapshots lists with `max: 0`.
 */
function assertBackupsOffered(service: ScopedService, mode: "read" | "write"): void {
  assertControlAllowed(service.status, "backup_create");
  if (mode === "write" && service.product.snapshotLimit <= 0) throw new DomainError("forbidden", SNAPSHOTS_NOT_OFFERED);
}

function backendKind(service: ScopedService): "vps" | "dedicated" {
  if (service.product.kind === "vps" || service.product.kind === "dedicated") return service.product.kind;
  throw new DomainError("invalid", NO_REMOTE_CONTROLS);
}

/**
 * The backups of one of the actor's services (404 outside its scope). `readWhileSuspended`: the
 * customer API lets a suspended service read its snapshots (only terminated refuses the list there);
 * the reseller API does not.
 */
export async function listServiceBackups(ctx: ServiceContext, input: { serviceId: string; readWhileSuspended?: boolean }): Promise<BackupList> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  if (backendKind(service) === "dedicated") {
    assertControlAllowed(service.status, "stats");
    return { kind: "dedicated", backups: [] };
  }
  if (!input.readWhileSuspended) assertBackupsOffered(service, "read");
  return { kind: "vps", ...(await listMachineSnapshots(ctx, service)) };
}

/** `backup-YYYYMMDD-HHMMSS` (UTC) when the reseller sends no name; not a reserved prefix. */
export function defaultBackupName(now: Date): string {
  const s = now.toISOString();
  return `backup-${s.slice(0, 10).replaceAll("-", "")}-${s.slice(11, 19).replaceAll(":", "")}`;
}

/** Takes a backup of one of the actor's services (404 outside its scope), named `defaultBackupName` when no name is sent. */
export async function createServiceBackup(
  ctx: ServiceContext,
  input: { serviceId: string; name?: string | null; description?: string | null },
): Promise<{ snapshot: SnapshotView; job: BackendJobView }> {
  const service = await vpsBackupService(ctx, input.serviceId);
  const name = input.name?.trim() ? input.name.trim() : defaultBackupName(ctx.now);
  return snapshotMachine(ctx, service, { name, description: input.description ?? null });
}

/** The actor's service whose backups are written: a native VPS (a dedicated server is 400) whose backups are offered. */
async function vpsBackupService(ctx: ServiceContext, serviceId: string): Promise<ScopedService> {
  const service = await serviceInScopeOrThrow(ctx, serviceId);
  if (backendKind(service) === "dedicated") {
    assertControlAllowed(service.status, "backup_create");
    throw new DomainError("invalid", DEDICATED_NO_BACKUPS);
  }
  assertBackupsOffered(service, "write");
  return service;
}

/** Restores a backup of one of the actor's services: `confirm` must repeat its name; newer snapshots are destroyed. */
export async function restoreServiceBackup(ctx: ServiceContext, input: { serviceId: string; backupId: string; confirm: string | undefined }): Promise<BackendJobView> {
  const service = await vpsBackupService(ctx, input.serviceId);
  return revertMachineSnapshot(ctx, service, { snapshotId: input.backupId, confirm: input.confirm });
}

/** Deletes a backup of one of the actor's services (404 outside its scope). */
export async function deleteServiceBackup(ctx: ServiceContext, input: { serviceId: string; backupId: string }): Promise<BackendJobView> {
  const service = await vpsBackupService(ctx, input.serviceId);
  return deleteMachineSnapshot(ctx, service, { snapshotId: input.backupId });
}
