import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import type { BackendJob, VmState } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import { releaseMigrationTarget, switchToMigrationTarget } from "../capacity/migration-allocation";
import { releaseAllocationInTx } from "../capacity/release-allocation";
import { releaseAddresses } from "../ipam/addresses";
import type { SimOperation, SimOperationTable } from "../simulation/sim-job";
import { simulatedDiskUsedBytes } from "./disk-usage";

const GIB = 1024 ** 3;

type Params = Record<string, unknown>;
const paramsOf = (job: BackendJob) => (job.params ?? {}) as Params;
const str = (v: unknown) => (typeof v === "string" ? v : null);

async function vmOf(tx: Tx, job: BackendJob) {
  const vm = await tx.virtualMachine.findUnique({ where: { id: job.vmId! } });
  if (!vm || vm.destroyedAt) throw new BackendError("not_found", "The machine no longer exists");
  return vm;
}

const setState = (tx: Tx, job: BackendJob, state: VmState, extra: Record<string, unknown> = {}) =>
  tx.virtualMachine.update({ where: { id: job.vmId! }, data: { state, ...extra } });

const create: SimOperation = {
  async enter(tx, job, step) {
    if (step === "defining") await tx.virtualMachine.update({ where: { id: job.vmId! }, data: { externalId: randomUUID() } });
  },
  async complete(tx, job, now) {
    const start = paramsOf(job).start !== false;
    await setState(tx, job, start ? "running" : "stopped", { osInstallStatus: "completed", diskRevision: 1, bootedAt: start ? now : null });
    return {};
  },
  async fail(tx, job) {
    await setState(tx, job, "error", { osInstallStatus: "failed" });
  },
};

function powerOperation(action: "start" | "stop" | "restart"): SimOperation {
  return {
    async complete(tx, job, now) {
      if (paramsOf(job).alreadyInState === true) return { action, alreadyInState: true };
      await vmOf(tx, job);
      if (action === "stop") await setState(tx, job, "stopped", { bootedAt: null });
      else await setState(tx, job, "running", { bootedAt: now });
      return { action, alreadyInState: false };
    },
    async fail() {},
  };
}

const reinstall: SimOperation = {
  async enter(tx, job, step) {
    if (step === "imaging") await setState(tx, job, "stopped", { rescueMode: false, bootedAt: null });
  },
  async complete(tx, job, now) {
    const p = paramsOf(job);
    const vm = await vmOf(tx, job);
    await setState(tx, job, "running", {
      osImageId: str(p.osImageId),
      osName: str(p.osName),
      rootPasswordHash: str(p.passwordHash),
      sshKeys: Array.isArray(p.sshKeys) ? (p.sshKeys as string[]) : [],
      userData: str(p.userData),
      diskRevision: vm.diskRevision + 1,
      osInstallStatus: "completed",
      rescueMode: false,
      bootedAt: now,
    });
    return { osName: str(p.osName) };
  },
  async fail(tx, job) {
    await setState(tx, job, "error", { osInstallStatus: "failed" });
  },
};

const password: SimOperation = {
  async complete(tx, job) {
    const vm = await vmOf(tx, job);
    if (vm.state !== "running" || vm.rescueMode) throw new BackendError("conflict", "The machine stopped before the guest agent set the password");
    await tx.virtualMachine.update({ where: { id: vm.id }, data: { rootPasswordHash: str(paramsOf(job).passwordHash) } });
    return { user: "root" };
  },
  async fail() {},
};

const snapshotCreate: SimOperation = {
  async complete(tx, job, now) {
    const vm = await vmOf(tx, job);
    const sizeBytes = simulatedDiskUsedBytes(vm);
    await tx.vmSnapshot.update({
      where: { id: str(paramsOf(job).snapshotId)! },
      data: { status: "available", sizeBytes: BigInt(sizeBytes), completedAt: now },
    });
    return { snapshotId: paramsOf(job).snapshotId, sizeBytes };
  },
  async fail(tx, job, _error, now) {
    await tx.vmSnapshot.updateMany({ where: { id: str(paramsOf(job).snapshotId)! }, data: { status: "error", completedAt: now } });
  },
};

const snapshotRevert: SimOperation = {
  async enter(tx, job, step) {
    if (step === "reverting") await setState(tx, job, "stopped", { bootedAt: null });
  },
  async complete(tx, job, now) {
    const p = paramsOf(job);
    const snapshot = await tx.vmSnapshot.findUnique({ where: { id: str(p.snapshotId)! } });
    if (!snapshot || snapshot.deletedAt) throw new BackendError("not_found", "The snapshot is missing on the host");
    const newer = await tx.vmSnapshot.findMany({ where: { vmId: job.vmId!, deletedAt: null, seq: { gt: snapshot.seq } }, orderBy: { seq: "asc" } });
    await tx.vmSnapshot.updateMany({ where: { id: { in: newer.map((s) => s.id) } }, data: { deletedAt: now } });
    await tx.vmSnapshot.update({ where: { id: snapshot.id }, data: { status: "available" } });
    const running = p.wasRunning === true;
    await setState(tx, job, running ? "running" : "stopped", {
      osImageId: snapshot.osImageId,
      osName: snapshot.osName,
      diskRevision: snapshot.diskRevision,
      rescueMode: false,
      bootedAt: running ? now : null,
    });
    return { snapshotId: snapshot.id, destroyed: newer.map((s) => s.name), running };
  },
  async fail(tx, job) {
    const p = paramsOf(job);
    await tx.vmSnapshot.updateMany({ where: { id: str(p.snapshotId)!, status: "reverting" }, data: { status: "available" } });
    await setState(tx, job, (str(p.previousState) as VmState | null) ?? "stopped");
  },
};

const snapshotDelete: SimOperation = {
  async complete(tx, job, now) {
    await tx.vmSnapshot.update({ where: { id: str(paramsOf(job).snapshotId)! }, data: { deletedAt: now } });
    return { snapshotId: paramsOf(job).snapshotId };
  },
  async fail(tx, job) {
    await tx.vmSnapshot.updateMany({ where: { id: str(paramsOf(job).snapshotId)! }, data: { status: "error" } });
  },
};

const capture: SimOperation = {
  async complete(tx, job) {
    const vm = await vmOf(tx, job);
    const p = paramsOf(job);
    return {
      imageRef: `sim-image:${job.id}`,
      name: str(p.name),
      osFamily: str(p.osFamily) ?? "linux",
      osName: vm.osName,
      osImageId: vm.osImageId,
      sizeBytes: simulatedDiskUsedBytes(vm),
      virtualSizeBytes: vm.diskGb * GIB,
    };
  },
  async fail() {},
};

const num = (v: unknown) => (typeof v === "number" ? v : 0);

/** Gives the node units back (or takes them) by the difference between two sizes; the allocation row follows. */
export async function moveAllocationUnits(tx: Tx, allocationId: string, delta: { vcpus: number; memoryMb: number; diskGb: number }, now: Date) {
  const allocation = await tx.nodeAllocation.update({
    where: { id: allocationId },
    data: { vcpus: { increment: delta.vcpus }, memoryMb: { increment: delta.memoryMb }, diskGb: { increment: delta.diskGb } },
  });
  // Conditional: a growth that no longer fits the node changes nothing (count 0).
  const count = await tx.$executeRaw`
    UPDATE "Node" SET
      "allocatedVcpus" = "allocatedVcpus" + ${delta.vcpus},
      "allocatedMemoryMb" = "allocatedMemoryMb" + ${delta.memoryMb},
      "allocatedDiskGb" = "allocatedDiskGb" + ${delta.diskGb},
      "updatedAt" = ${now}
    WHERE id = ${allocation.nodeId}::uuid
      AND "allocatedVcpus" + ${delta.vcpus} <= "capacityVcpus"
      AND "allocatedMemoryMb" + ${delta.memoryMb} <= "capacityMemoryMb"
      AND "allocatedDiskGb" + ${delta.diskGb} <= "capacityDiskGb"`;
  return count === 1;
}

const resize: SimOperation = {
  async enter(tx, job, step) {
    if (step === "resizing") await setState(tx, job, "stopped", { bootedAt: null });
  },
  async complete(tx, job, now) {
    const p = paramsOf(job);
    const vm = await vmOf(tx, job);
    const running = p.wasRunning === true;
    const size = { vcpus: num(p.vcpus), memoryMb: num(p.memoryMb), diskGb: num(p.diskGb) };
    await setState(tx, job, running ? "running" : "stopped", { ...size, diskRevision: size.diskGb > vm.diskGb ? vm.diskRevision + 1 : vm.diskRevision, bootedAt: running ? now : null });
    return size;
  },
  async fail(tx, job, _error, now) {
    // The machine keeps its old size: give back what the resize held on the node.
    const p = paramsOf(job);
    const vm = await tx.virtualMachine.findUnique({ where: { id: job.vmId! } });
    if (!vm || vm.destroyedAt) return;
    const from = (p.from ?? {}) as Record<string, unknown>;
    await moveAllocationUnits(tx, vm.allocationId, { vcpus: num(from.vcpus) - num(p.vcpus), memoryMb: num(from.memoryMb) - num(p.memoryMb), diskGb: num(from.diskGb) - num(p.diskGb) }, now);
    await setState(tx, job, p.wasRunning === true ? "running" : "stopped");
  },
};

/** A live move: the guest keeps its state throughout; only where it runs (and its allocation) changes at the end. */
const migrate: SimOperation = {
  async complete(tx, job, now) {
    await vmOf(tx, job);
    return switchToMigrationTarget(tx, job.vmId!, str(paramsOf(job).targetAllocationId)!, now);
  },
  async fail(tx, job, _error, now) {
    await releaseMigrationTarget(tx, str(paramsOf(job).targetAllocationId)!, now);
  },
};

function rescueOperation(into: boolean): SimOperation {
  return {
    async complete(tx, job, now) {
      // The rescue system's password lives only in the job's params (as a hash): the installed
      // system's root password is untouched.
      await vmOf(tx, job);
      await setState(tx, job, "running", { rescueMode: into, bootedAt: now });
      return { rescueMode: into };
    },
    async fail() {},
  };
}

const destroy: SimOperation = {
  async enter(tx, job, step) {
    if (step === "destroying") await setState(tx, job, "stopped", { bootedAt: null });
  },
  async complete(tx, job, now) {
    const vm = await tx.virtualMachine.update({ where: { id: job.vmId! }, data: { state: "stopped", destroyedAt: now, bootedAt: null } });
    await tx.vmSnapshot.updateMany({ where: { vmId: vm.id, deletedAt: null }, data: { deletedAt: now } });
    await releaseAddresses(tx, { vmId: vm.id }, now);
    await releaseAllocationInTx(tx, vm.allocationId, now);
    return {};
  },
  async fail(tx, job) {
    await setState(tx, job, "error");
  },
};

export const HYPERVISOR_OPERATIONS: SimOperationTable = {
  create,
  start: powerOperation("start"),
  stop: powerOperation("stop"),
  restart: powerOperation("restart"),
  reinstall,
  password,
  "snapshot.create": snapshotCreate,
  "snapshot.revert": snapshotRevert,
  "snapshot.delete": snapshotDelete,
  capture,
  resize,
  migrate,
  rescue: rescueOperation(true),
  unrescue: rescueOperation(false),
  delete: destroy,
};
