import type { VirtualMachine, VmSnapshot } from "@/lib/generated/prisma/client";
import type { SnapshotView, VmView } from "./hypervisor-driver";

export function toVmView(vm: VirtualMachine): VmView {
  return {
    id: vm.id,
    nodeId: vm.nodeId,
    serviceId: vm.serviceId,
    name: vm.name,
    hostname: vm.hostname ?? vm.name,
    externalId: vm.externalId,
    state: vm.state,
    vcpus: vm.vcpus,
    memoryMb: vm.memoryMb,
    diskGb: vm.diskGb,
    os: vm.osName ? { imageId: vm.osImageId, name: vm.osName } : null,
    rescueMode: vm.rescueMode,
    osInstallationStatus: vm.osInstallStatus,
    busy: { diskJobId: vm.diskJobId, powerJobId: vm.powerJobId },
    createdAt: vm.createdAt,
    updatedAt: vm.updatedAt,
  };
}

/** Snapshot rows of one machine (not deleted, any order) as the API lists them, oldest first. */
export function toSnapshotViews(vm: VirtualMachine, snapshots: VmSnapshot[]): SnapshotView[] {
  const live = snapshots.filter((s) => !s.deletedAt).sort((a, b) => a.seq - b.seq);
  return live.map((s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    status: s.status,
    sizeBytes: s.sizeBytes === null ? null : Number(s.sizeBytes),
    hasMemory: false,
    restorable: s.status === "available" && vm.diskJobId === null && vm.state !== "creating",
    inProgress: s.status === "creating" || s.status === "reverting" || s.status === "deleting",
    crashConsistent: s.crashConsistent,
    destroysOnRestore: live.filter((n) => n.seq > s.seq).map((n) => n.name),
    comesBackRunning: vm.state === "running",
    createdAt: s.createdAt,
    completedAt: s.completedAt,
  }));
}
