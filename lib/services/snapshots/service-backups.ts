import type { BackendContext } from "@/lib/backends/context";
import type { SnapshotView } from "@/lib/backends/hypervisor-driver";
import type { BackendJobView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { NO_REMOTE_CONTROLS } from "../lifecycle/change-service-power";
import { assertControlAllowed } from "../service-rules";
import { createVpsSnapshot, deleteVpsSnapshot, listVpsSnapshots, revertVpsSnapshot, SNAPSHOTS_NOT_OFFERED, type SnapshotList } from "./vps-snapshots";

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
 * `readWhileSuspended`: the customer API lets a suspended service read its snapshots (only terminated
 * refuses the list there); the reseller API does not.
 */
export async function listServiceBackups(ctx: BackendContext, service: ScopedService, options: { readWhileSuspended?: boolean } = {}): Promise<BackupList> {
  if (backendKind(service) === "dedicated") {
    assertControlAllowed(service.status, "stats");
    return { kind: "dedicated", backups: [] };
  }
  if (!options.readWhileSuspended) assertBackupsOffered(service, "read");
  return { kind: "vps", ...(await listVpsSnapshots(ctx, service)) };
}

/** `backup-YYYYMMDD-HHMMSS` (UTC) when the reseller sends no name; not a reserved prefix. */
export function defaultBackupName(now: Date): string {
  const s = now.toISOString();
  return `backup-${s.slice(0, 10).replaceAll("-", "")}-${s.slice(11, 19).replaceAll(":", "")}`;
}

export async function createServiceBackup(
  ctx: BackendContext,
  service: ScopedService,
  input: { name?: string | null; description?: string | null },
): Promise<{ snapshot: SnapshotView; job: BackendJobView }> {
  if (backendKind(service) === "dedicated") {
    assertControlAllowed(service.status, "backup_create");
    throw new DomainError("invalid", DEDICATED_NO_BACKUPS);
  }
  assertBackupsOffered(service, "write");
  const name = input.name?.trim() ? input.name.trim() : defaultBackupName(ctx.clock.now());
  return createVpsSnapshot(ctx, service, { name, description: input.description ?? null });
}

async function vpsBackupService(service: ScopedService): Promise<void> {
  if (backendKind(service) === "dedicated") {
    assertControlAllowed(service.status, "backup_create");
    throw new DomainError("invalid", DEDICATED_NO_BACKUPS);
  }
  assertBackupsOffered(service, "write");
}

/** Restores a snapshot: `confirm` must repeat its name; newer snapshots are destroyed. */
export async function restoreServiceBackup(ctx: BackendContext, service: ScopedService, backupId: string, confirm: string | undefined): Promise<BackendJobView> {
  await vpsBackupService(service);
  return revertVpsSnapshot(ctx, service, backupId, confirm);
}

export async function deleteServiceBackup(ctx: BackendContext, service: ScopedService, backupId: string): Promise<BackendJobView> {
  await vpsBackupService(service);
  return deleteVpsSnapshot(ctx, service, backupId);
}
