import { isUuid } from "@/lib/schemas/uuid";
import type { BackendContext } from "@/lib/backends/context";
import { BackendError } from "@/lib/backends/backend-error";
import type { SnapshotView } from "@/lib/backends/hypervisor-driver";
import { hypervisorForVm } from "@/lib/backends/registry";
import type { BackendJobView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "../backend-refusal";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { serviceMachineOrThrow } from "../lifecycle/service-machine-or-throw";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { assertControlAllowed } from "../service-rules";
import { formatCount } from "@/lib/format/format-count";

/** the customer API spec Bodies: the name pattern; docs/decisions.md#d32: `auto-` and `system-` are reserved (any case). */
export const SNAPSHOT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;
export const RESERVED_SNAPSHOT_PREFIXES = ["auto-", "system-"] as const;

export const SNAPSHOTS_NOT_OFFERED = "Snapshots are not available for this VPS";
export const SNAPSHOT_NOT_FOUND = "Snapshot not found";
export const SNAPSHOT_NAME_INVALID = "name must start with a letter or digit and contain only letters, digits, '.', '_' and '-' (at most 120 characters)";
export const SNAPSHOT_NAME_RESERVED = "Snapshot names starting with auto- or system- are reserved";
export const SNAPSHOT_CONFIRM_MISMATCH = "confirm must equal the snapshot name";
export const DISK_JOB_RUNNING = "Another disk operation (snapshot, capture or reinstall) is running on this VPS; try again when it has finished";
export const SNAPSHOT_MISSING_ON_HOST = "Snapshot is missing on its host";
export const snapshotCapReached = (max: number) => `Snapshot limit reached: this VPS keeps at most ${formatCount(max, "snapshot")}`;
export const duplicateSnapshotName = (name: string) => `A snapshot named ${name} already exists on this VPS`;
export const snapshotNotAvailable = (name: string, status: string) => `Snapshot ${name} is not available (${status})`;

export interface SnapshotList {
  snapshots: SnapshotView[];
  used: number;
  max: number;
}

/** 400 with the field named, for a name the pattern or the reserved prefixes refuse. */
export function snapshotNameRefusal(name: string): DomainError | null {
  if (!SNAPSHOT_NAME_PATTERN.test(name)) return new DomainError("invalid", SNAPSHOT_NAME_INVALID, { details: [{ field: "name", message: SNAPSHOT_NAME_INVALID }] });
  const lower = name.toLowerCase();
  if (RESERVED_SNAPSHOT_PREFIXES.some((p) => lower.startsWith(p))) {
    return new DomainError("invalid", SNAPSHOT_NAME_RESERVED, { details: [{ field: "name", message: SNAPSHOT_NAME_RESERVED }] });
  }
  return null;
}

/**
 * The part of the order of evaluation that belongs to snapshots: billing state (a suspended or
 * terminated service may only read, and terminated not even that: 403), then, for writes, the plan
 * offering snapshots (403). A plan without snapshots still lists (`max: 0` says so, both specs).
 * Runs as the endpoints' guard and again inside each function.
 */
export function assertSnapshotsOffered(service: ScopedService, mode: "read" | "write"): void {
  if (service.product.kind !== "vps") throw new DomainError("not_found", "VPS not found");
  // `backup_create` is the rules' name for a disk-state change; reads are refused only once terminated.
  assertControlAllowed(service.status, mode === "write" ? "backup_create" : "stats");
  if (mode === "write" && service.product.snapshotLimit <= 0) throw new DomainError("forbidden", SNAPSHOTS_NOT_OFFERED);
}

async function vmOf(ctx: BackendContext, service: ScopedService) {
  const machine = await serviceMachineOrThrow(ctx.db, service);
  if (machine.kind !== "vps") throw new DomainError("not_found", "VPS not found");
  return machine.vm;
}

/** Snapshot refusals as the customer API spec Errors tells them (409 for a held disk lock). */
function snapshotRefusal(error: unknown): unknown {
  if (error instanceof BackendError && error.code === "conflict") return new DomainError("conflict", DISK_JOB_RUNNING);
  if (error instanceof BackendError && error.code === "not_found") return new DomainError("conflict", SNAPSHOT_MISSING_ON_HOST);
  return backendRefusal(error);
}

/** The snapshots of one of the actor's VPSs (404 outside its scope), with the plan's cap. */
export async function listVpsSnapshots(ctx: ServiceContext, input: { serviceId: string }): Promise<SnapshotList> {
  return listMachineSnapshots(ctx, await serviceInScopeOrThrow(ctx, input.serviceId));
}

/** `listVpsSnapshots` after the tenant check, for operations that already hold the service (the backups routes). */
export async function listMachineSnapshots(ctx: BackendContext, service: ScopedService): Promise<SnapshotList> {
  assertSnapshotsOffered(service, "read");
  const vm = await vmOf(ctx, service);
  try {
    const hv = await hypervisorForVm(vm.id, ctx);
    const snapshots = await hv.listSnapshots(vm.id);
    return { snapshots, used: snapshots.length, max: Math.max(0, service.product.snapshotLimit) };
  } catch (error) {
    throw snapshotRefusal(error);
  }
}

/**
 * Takes a snapshot of one of the actor's VPSs (404 outside its scope; a disk job). The cap and the
 * unique name are checked here for the spec's sentences and again by the hypervisor under the
 * machine's disk lock, which is what settles two concurrent creates: the loser meets the held lock
 * (409 other disk job).
 */
export async function createVpsSnapshot(
  ctx: ServiceContext,
  input: { serviceId: string; name: string; description?: string | null },
): Promise<{ snapshot: SnapshotView; job: BackendJobView }> {
  return snapshotMachine(ctx, await serviceInScopeOrThrow(ctx, input.serviceId), input);
}

/** `createVpsSnapshot` after the tenant check, for operations that already hold the service (the backups routes). */
export async function snapshotMachine(
  ctx: BackendContext,
  service: ScopedService,
  input: { name: string; description?: string | null },
): Promise<{ snapshot: SnapshotView; job: BackendJobView }> {
  assertSnapshotsOffered(service, "write");
  const refusal = snapshotNameRefusal(input.name);
  if (refusal) throw refusal;
  const vm = await vmOf(ctx, service);
  const max = service.product.snapshotLimit;
  const live = await ctx.db.vmSnapshot.findMany({ where: { vmId: vm.id, deletedAt: null }, select: { name: true } });
  if (live.length >= max) throw new DomainError("conflict", snapshotCapReached(max));
  if (live.some((s) => s.name === input.name)) throw new DomainError("conflict", duplicateSnapshotName(input.name));
  if (vm.diskJobId) throw new DomainError("conflict", DISK_JOB_RUNNING);
  try {
    const hv = await hypervisorForVm(vm.id, ctx);
    return await hv.createSnapshot(vm.id, { name: input.name, description: input.description ?? null, limit: max });
  } catch (error) {
    throw snapshotRefusal(error);
  }
}

async function liveSnapshotOrThrow(ctx: BackendContext, vmId: string, snapshotId: string) {
  if (!isUuid(snapshotId)) throw new DomainError("not_found", SNAPSHOT_NOT_FOUND);
  const snapshot = await ctx.db.vmSnapshot.findFirst({ where: { id: snapshotId, vmId, deletedAt: null } });
  if (!snapshot) throw new DomainError("not_found", SNAPSHOT_NOT_FOUND);
  return snapshot;
}

/**
 * Reverts the disk of one of the actor's VPSs (404 outside its scope) to a snapshot: the machine is
 * stopped and started again if it was running, and every newer snapshot is destroyed. `confirm` must
 * repeat the snapshot's name (400 otherwise).
 */
export async function revertVpsSnapshot(ctx: ServiceContext, input: { serviceId: string; snapshotId: string; confirm: string | undefined }): Promise<BackendJobView> {
  return revertMachineSnapshot(ctx, await serviceInScopeOrThrow(ctx, input.serviceId), input);
}

/** `revertVpsSnapshot` after the tenant check, for operations that already hold the service (the backups routes). */
export async function revertMachineSnapshot(
  ctx: BackendContext,
  service: ScopedService,
  { snapshotId, confirm }: { snapshotId: string; confirm: string | undefined },
): Promise<BackendJobView> {
  assertSnapshotsOffered(service, "write");
  const vm = await vmOf(ctx, service);
  const snapshot = await liveSnapshotOrThrow(ctx, vm.id, snapshotId);
  if (confirm !== snapshot.name) throw new DomainError("invalid", SNAPSHOT_CONFIRM_MISMATCH, { details: [{ field: "confirm", message: SNAPSHOT_CONFIRM_MISMATCH }] });
  if (snapshot.status !== "available") throw new DomainError("conflict", snapshotNotAvailable(snapshot.name, snapshot.status));
  if (vm.diskJobId) throw new DomainError("conflict", DISK_JOB_RUNNING);
  try {
    const hv = await hypervisorForVm(vm.id, ctx);
    return await hv.revertSnapshot(vm.id, snapshot.id);
  } catch (error) {
    throw snapshotRefusal(error);
  }
}

/**
 * Deletes a snapshot of one of the actor's VPSs (404 outside its scope; `deleting`, then no longer
 * listed). A snapshot still being made or reverted to is 409.
 */
export async function deleteVpsSnapshot(ctx: ServiceContext, input: { serviceId: string; snapshotId: string }): Promise<BackendJobView> {
  return deleteMachineSnapshot(ctx, await serviceInScopeOrThrow(ctx, input.serviceId), input);
}

/** `deleteVpsSnapshot` after the tenant check, for operations that already hold the service (the backups routes). */
export async function deleteMachineSnapshot(ctx: BackendContext, service: ScopedService, { snapshotId }: { snapshotId: string }): Promise<BackendJobView> {
  assertSnapshotsOffered(service, "write");
  const vm = await vmOf(ctx, service);
  const snapshot = await liveSnapshotOrThrow(ctx, vm.id, snapshotId);
  if (snapshot.status !== "available" && snapshot.status !== "error") throw new DomainError("conflict", snapshotNotAvailable(snapshot.name, snapshot.status));
  if (vm.diskJobId) throw new DomainError("conflict", DISK_JOB_RUNNING);
  try {
    const hv = await hypervisorForVm(vm.id, ctx);
    return await hv.deleteSnapshot(vm.id, snapshot.id);
  } catch (error) {
    throw snapshotRefusal(error);
  }
}
