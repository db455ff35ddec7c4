import { phaseOf, waveBytes, waveRateBps, type TrafficWave } from "../simulation/traffic-counter";
import type { Tx } from "@/lib/db/client";
import type { BackendJob, Node, VirtualMachine } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import type { BackendContext } from "../context";
import type { HypervisorCapabilities, HypervisorDriver, VmPowerAction, VmStats } from "../hypervisor-driver";
import { networkOfOwner, releaseAddresses, reserveAddresses, setReverseDns, toAddressView } from "../ipam/addresses";
import { isHostname } from "../ipam/ip-math";
import { toJobView } from "../job-view";
import { resolveTiming, type ResolvedTiming, type StepPlan } from "../simulation/durations";
import { takeFault, throwIfFaulted, throwIfSubmitFaulted } from "../simulation/faults";
import { checkRootPassword, hashGuestPassword } from "../simulation/guest-password";
import { ensureImageOnNode } from "../simulation/node-image-cache";
import { resolveImage } from "../simulation/resolve-image";
import { abortSimJob, advanceSimJob, insertSimJob, newJobId } from "../simulation/sim-job";
import { inTransaction } from "@/lib/db/in-transaction";
import { toSnapshotViews, toVmView } from "../vm-view";
import { openSimulatedConsole } from "../simulated-console/open-simulated-console";
import { vmNoDisplayReason, vmSceneReader } from "../simulated-console/vm-scene";
import { simulatedDiskUsedBytes } from "./disk-usage";
import { releaseMigrationTarget, reserveMigrationTarget } from "../capacity/migration-allocation";
import { HYPERVISOR_OPERATIONS, moveAllocationUnits } from "./operations";
import { HYPERVISOR_QUEUE_MS, HYPERVISOR_STEPS, type HypervisorOperation } from "./step-plans";

export const SIMULATED_HYPERVISOR = "simulated-hypervisor";

const CAPABILITIES: HypervisorCapabilities = {
  powerActions: ["start", "stop", "restart"],
  console: "vnc",
  reinstall: true,
  passwordReset: true,
  snapshots: true,
  capture: true,
  rescue: true,
  stats: true,
  migrate: true,
};

const ACTIVE = ["queued", "running"] as const;

interface VmJobSpec {
  operation: HypervisorOperation;
  locks: { disk?: boolean; power?: boolean };
  /** Throws BackendError when the machine's state refuses the operation. */
  check?(vm: VirtualMachine): void;
  /** Steps to run (defaults to the operation's plan); an empty list completes on the first poll. */
  steps?(vm: VirtualMachine): StepPlan;
  params?(vm: VirtualMachine): Record<string, unknown>;
  /** Writes made together with the job (a snapshot row, an install status). */
  before?(tx: Tx, vm: VirtualMachine, jobId: string, now: Date): Promise<void>;
}

const notCreating = (what: string) => (vm: VirtualMachine) => {
  if (vm.state === "creating") throw new BackendError("conflict", `The machine is still being built: cannot ${what}`);
};

/** The simulated KVM hypervisor: one node, all state in the database (docs/backends.md). */
export function createSimulatedHypervisor(node: Node, ctx: BackendContext): HypervisorDriver {
  const { db, clock } = ctx;
  const timing: ResolvedTiming = resolveTiming(HYPERVISOR_QUEUE_MS, node.config, ctx.simulator);
  const stepsOf = (operation: HypervisorOperation, plan: StepPlan = HYPERVISOR_STEPS[operation]) => timing.steps(operation, plan);

  async function advance(jobId: string, now = clock.now()): Promise<BackendJob> {
    return advanceSimJob(db, jobId, now, HYPERVISOR_OPERATIONS);
  }

  /** Polls the machine's own unfinished jobs, so reads show the state as of now. */
  async function catchUp(vmId: string): Promise<void> {
    const now = clock.now();
    const due = await db.backendJob.findMany({ where: { vmId, state: { in: [...ACTIVE] }, nextCheckAt: { lte: now } }, orderBy: { createdAt: "asc" } });
    for (const job of due) await advance(job.id, now);
  }

  async function lockedVm(tx: Tx, vmId: string): Promise<VirtualMachine> {
    await tx.$queryRaw`SELECT id FROM "VirtualMachine" WHERE id = ${vmId}::uuid FOR UPDATE`;
    const vm = await tx.virtualMachine.findUnique({ where: { id: vmId } });
    if (!vm || vm.nodeId !== node.id || vm.destroyedAt) throw new BackendError("not_found", `No machine ${vmId} on node ${node.name}`);
    return vm;
  }

  async function liveVm(vmId: string): Promise<VirtualMachine> {
    const vm = await db.virtualMachine.findUnique({ where: { id: vmId } });
    if (!vm || vm.nodeId !== node.id || vm.destroyedAt) throw new BackendError("not_found", `No machine ${vmId} on node ${node.name}`);
    return vm;
  }

  async function submit(vmId: string, spec: VmJobSpec): Promise<BackendJob> {
    await throwIfSubmitFaulted(db, { nodeId: node.id, vmId, operation: spec.operation });
    await catchUp(vmId);
    const job = await inTransaction(db, async (tx) => {
      const now = clock.now();
      const vm = await lockedVm(tx, vmId);
      spec.check?.(vm);
      if (spec.locks.disk && vm.diskJobId) throw new BackendError("conflict", "Another disk job is running on this machine");
      if (spec.locks.power && vm.powerJobId) throw new BackendError("conflict", "Another power operation is running on this machine");
      const jobId = newJobId();
      const { count } = await tx.virtualMachine.updateMany({
        where: { id: vm.id, ...(spec.locks.disk ? { diskJobId: null } : {}), ...(spec.locks.power ? { powerJobId: null } : {}) },
        data: { ...(spec.locks.disk ? { diskJobId: jobId } : {}), ...(spec.locks.power ? { powerJobId: jobId } : {}) },
      });
      if (count === 0) throw new BackendError("conflict", "Another job holds this machine");
      const fault = await takeFault(tx, { nodeId: node.id, vmId, operation: spec.operation }, "job");
      await spec.before?.(tx, vm, jobId, now);
      return insertSimJob(tx, {
        id: jobId,
        nodeId: node.id,
        vmId,
        operation: spec.operation,
        params: spec.params?.(vm) ?? {},
        steps: stepsOf(spec.operation, spec.steps?.(vm)),
        queueMs: timing.queueMs,
        now,
        fault,
      });
    });
    return advance(job.id);
  }

  const driver: HypervisorDriver = {
    kind: "vps",
    driver: SIMULATED_HYPERVISOR,
    nodeId: node.id,
    capabilities: CAPABILITIES,

    async create(input) {
      await throwIfSubmitFaulted(db, { nodeId: node.id, operation: "create" });
      const name = input.name?.trim().toLowerCase();
      if (!name || !isHostname(name)) throw new BackendError("configuration", `Not a valid machine name: ${input.name}`);
      // The guest's hostname is a label (many machines may share it); only the name is unique on the node.
      const hostname = input.hostname === undefined ? name : input.hostname.trim().toLowerCase();
      if (!hostname || !isHostname(hostname)) throw new BackendError("configuration", `Not a valid hostname: ${input.hostname}`);
      if (input.rootPassword !== undefined) checkRootPassword(input.rootPassword);
      const allocation = await db.nodeAllocation.findUnique({ where: { id: input.allocationId }, include: { virtualMachine: true } });
      if (!allocation) throw new BackendError("not_found", `No allocation ${input.allocationId}`);
      if (allocation.nodeId !== node.id) throw new BackendError("configuration", `Allocation ${allocation.id} is on another node`);
      const image = await resolveImage(db, await ensureImageOnNode(ctx, node.id, input.image), allocation.diskGb, input.userData);
      const passwordHash = input.rootPassword ? hashGuestPassword(input.rootPassword) : null;

      const job = await inTransaction(db, async (tx) => {
        const now = clock.now();
        await tx.$queryRaw`SELECT id FROM "Node" WHERE id = ${node.id}::uuid FOR UPDATE`;
        const { count } = await tx.nodeAllocation.updateMany({ where: { id: allocation.id, releasedAt: null }, data: { expiresAt: null } });
        if (count === 0) throw new BackendError("conflict", `Allocation ${allocation.id} was released`);
        if (await tx.virtualMachine.count({ where: { allocationId: allocation.id } })) {
          throw new BackendError("conflict", `Allocation ${allocation.id} already holds a machine`);
        }
        if (await tx.virtualMachine.count({ where: { nodeId: node.id, name, destroyedAt: null } })) {
          throw new BackendError("name_conflict", `A machine named ${name} already exists on node ${node.name}`);
        }
        const fault = await takeFault(tx, { nodeId: node.id, operation: "create" }, "job");
        const jobId = newJobId();
        const vm = await tx.virtualMachine.create({
          data: {
            nodeId: node.id,
            allocationId: allocation.id,
            serviceId: input.serviceId ?? null,
            name,
            hostname,
            state: "creating",
            vcpus: allocation.vcpus,
            memoryMb: allocation.memoryMb,
            diskGb: allocation.diskGb,
            osImageId: image.osImageId,
            osName: image.name,
            osInstallStatus: "in_progress",
            rootPasswordHash: passwordHash,
            sshKeys: input.sshKeys ?? [],
            userData: input.userData ?? null,
            diskJobId: jobId,
            powerJobId: jobId,
            createdAt: now,
          },
        });
        await tx.ipAddress.updateMany({ where: { allocationId: allocation.id }, data: { vmId: vm.id } });
        return insertSimJob(tx, {
          id: jobId,
          nodeId: node.id,
          vmId: vm.id,
          operation: "create",
          params: { start: input.start !== false },
          steps: stepsOf("create"),
          queueMs: timing.queueMs,
          now,
          fault,
        });
      });
      const advanced = await advance(job.id);
      return { vm: toVmView(await db.virtualMachine.findUniqueOrThrow({ where: { id: advanced.vmId! } })), job: toJobView(advanced) };
    },

    async power(vmId, action: VmPowerAction) {
      if (!CAPABILITIES.powerActions.includes(action)) throw new BackendError("configuration", `Unknown power action ${action}`);
      const job = await submit(vmId, {
        operation: action,
        locks: { power: true },
        check(vm) {
          notCreating(action)(vm);
          if (action === "restart" && vm.state === "stopped") throw new BackendError("conflict", "The machine is stopped: start it instead");
        },
        steps(vm) {
          const already = (action === "start" && vm.state === "running") || (action === "stop" && vm.state === "stopped");
          if (already) return [];
          // Resuming a paused machine is quick; a stopped one boots.
          if (action === "start" && vm.state === "paused") return [["booting", 1_000]];
          return HYPERVISOR_STEPS[action];
        },
        params: (vm) => ({ action, alreadyInState: (action === "start" && vm.state === "running") || (action === "stop" && vm.state === "stopped") }),
      });
      return toJobView(job);
    },

    async status(vmId) {
      await throwIfFaulted(db, { nodeId: node.id, vmId, operation: "status" });
      await catchUp(vmId);
      return toVmView(await liveVm(vmId));
    },

    async reinstall(vmId, input) {
      checkRootPassword(input.rootPassword);
      const vm = await liveVm(vmId);
      const image = await resolveImage(db, await ensureImageOnNode(ctx, node.id, input.image), vm.diskGb, input.userData);
      const passwordHash = hashGuestPassword(input.rootPassword);
      const job = await submit(vmId, {
        operation: "reinstall",
        locks: { disk: true, power: true },
        check: notCreating("reinstall"),
        params: () => ({ osImageId: image.osImageId, osName: image.name, passwordHash, sshKeys: input.sshKeys ?? [], userData: input.userData ?? null }),
        before: async (tx, v) => {
          await tx.virtualMachine.update({ where: { id: v.id }, data: { osInstallStatus: "in_progress" } });
        },
      });
      return toJobView(job);
    },

    async setPassword(vmId, password) {
      checkRootPassword(password);
      const passwordHash = hashGuestPassword(password);
      const job = await submit(vmId, {
        operation: "password",
        locks: { power: true },
        check(vm) {
          if (vm.state !== "running") throw new BackendError("conflict", "The machine is not running");
          if (vm.rescueMode) throw new BackendError("conflict", "The machine is in rescue mode");
        },
        params: () => ({ passwordHash }),
      });
      return toJobView(job);
    },

    async createSnapshot(vmId, input) {
      const name = input.name?.trim();
      if (!name) throw new BackendError("configuration", "A snapshot needs a name");
      let snapshotId = "";
      const job = await submit(vmId, {
        operation: "snapshot.create",
        locks: { disk: true },
        check(vm) {
          notCreating("snapshot")(vm);
          if (vm.state === "error") throw new BackendError("conflict", "The machine is in an error state");
        },
        params: () => ({ snapshotId }),
        before: async (tx, vm, _jobId, now) => {
          // The disk lock is held: nothing else can add or remove snapshots of this machine meanwhile.
          const live = await tx.vmSnapshot.findMany({ where: { vmId: vm.id, deletedAt: null }, select: { name: true } });
          if (live.some((s) => s.name === name)) throw new BackendError("conflict", `A snapshot named ${name} already exists`);
          if (input.limit !== undefined && live.length >= input.limit) throw new BackendError("conflict", `Snapshot limit reached (${input.limit})`);
          const seq = vm.snapshotSeq + 1;
          await tx.virtualMachine.update({ where: { id: vm.id }, data: { snapshotSeq: seq } });
          const snapshot = await tx.vmSnapshot.create({
            data: {
              vmId: vm.id,
              name,
              description: input.description ?? null,
              status: "creating",
              seq,
              // A running guest is frozen through its agent; a paused one or a rescue system cannot be.
              crashConsistent: vm.state === "paused" || vm.rescueMode,
              osImageId: vm.osImageId,
              osName: vm.osName,
              diskRevision: vm.diskRevision,
              createdAt: now,
            },
          });
          snapshotId = snapshot.id;
        },
      });
      // params() runs after before() in submit(), so the job carries the new snapshot's id.
      return { snapshot: await snapshotViewById(vmId, snapshotId), job: toJobView(job) };
    },

    async listSnapshots(vmId) {
      await throwIfFaulted(db, { nodeId: node.id, vmId, operation: "snapshot.list" });
      await catchUp(vmId);
      const vm = await liveVm(vmId);
      return toSnapshotViews(vm, await db.vmSnapshot.findMany({ where: { vmId, deletedAt: null } }));
    },

    async revertSnapshot(vmId, snapshotId) {
      const job = await submit(vmId, {
        operation: "snapshot.revert",
        locks: { disk: true, power: true },
        check: notCreating("revert"),
        steps(vm) {
          const [shutdown, revert, boot] = HYPERVISOR_STEPS["snapshot.revert"];
          const up = vm.state === "running" || vm.state === "paused";
          return [...(up ? [shutdown] : []), revert, ...(vm.state === "running" ? [boot] : [])];
        },
        params: (vm) => ({ snapshotId, wasRunning: vm.state === "running", previousState: vm.state }),
        before: async (tx, vm) => {
          const snapshot = await tx.vmSnapshot.findFirst({ where: { id: snapshotId, vmId: vm.id, deletedAt: null } });
          if (!snapshot) throw new BackendError("not_found", `No snapshot ${snapshotId} on this machine`);
          if (snapshot.status !== "available") throw new BackendError("conflict", `Snapshot ${snapshot.name} is not available (${snapshot.status})`);
          await tx.vmSnapshot.update({ where: { id: snapshot.id }, data: { status: "reverting" } });
        },
      });
      return toJobView(job);
    },

    async deleteSnapshot(vmId, snapshotId) {
      const job = await submit(vmId, {
        operation: "snapshot.delete",
        locks: { disk: true },
        params: () => ({ snapshotId }),
        before: async (tx, vm) => {
          const snapshot = await tx.vmSnapshot.findFirst({ where: { id: snapshotId, vmId: vm.id, deletedAt: null } });
          if (!snapshot) throw new BackendError("not_found", `No snapshot ${snapshotId} on this machine`);
          if (snapshot.status !== "available" && snapshot.status !== "error") {
            throw new BackendError("conflict", `Snapshot ${snapshot.name} is busy (${snapshot.status})`);
          }
          await tx.vmSnapshot.update({ where: { id: snapshot.id }, data: { status: "deleting" } });
        },
      });
      return toJobView(job);
    },

    async capture(vmId, input) {
      const vm = await liveVm(vmId);
      const family = vm.osImageId ? ((await db.osImage.findUnique({ where: { id: vm.osImageId } }))?.family ?? "linux") : "linux";
      const job = await submit(vmId, {
        operation: "capture",
        locks: { disk: true },
        check(v) {
          notCreating("capture")(v);
          if (v.state === "error") throw new BackendError("conflict", "The machine is in an error state");
        },
        params: () => ({ name: input.name, osFamily: family }),
      });
      return toJobView(job);
    },

    async resize(vmId, size) {
      const want = { vcpus: size.vcpus, memoryMb: size.memoryMb, diskGb: size.diskGb };
      if (![want.vcpus, want.memoryMb, want.diskGb].every((n) => Number.isInteger(n) && n > 0)) throw new BackendError("configuration", `Not a machine size: ${JSON.stringify(size)}`);
      const job = await submit(vmId, {
        operation: "resize",
        locks: { disk: true, power: true },
        check(vm) {
          notCreating("resize")(vm);
          if (vm.state === "error") throw new BackendError("conflict", "The machine is in an error state");
          if (vm.rescueMode) throw new BackendError("conflict", "The machine is in rescue mode");
          if (want.diskGb < vm.diskGb) throw new BackendError("conflict", `Disks only grow: ${vm.diskGb} GB cannot become ${want.diskGb} GB`);
        },
        steps(vm) {
          const [shutdown, resizing, boot] = HYPERVISOR_STEPS.resize;
          return vm.state === "running" || vm.state === "paused" ? [shutdown, resizing, boot] : [resizing];
        },
        params: (vm) => ({ ...want, wasRunning: vm.state === "running" || vm.state === "paused", from: { vcpus: vm.vcpus, memoryMb: vm.memoryMb, diskGb: vm.diskGb } }),
        before: async (tx, vm, _jobId, now) => {
          await tx.$queryRaw`SELECT id FROM "Node" WHERE id = ${node.id}::uuid FOR UPDATE`;
          const delta = { vcpus: want.vcpus - vm.vcpus, memoryMb: want.memoryMb - vm.memoryMb, diskGb: want.diskGb - vm.diskGb };
          if (!(await moveAllocationUnits(tx, vm.allocationId, delta, now))) throw new BackendError("capacity", `Node ${node.name} has no room to grow this machine`);
        },
      });
      return toJobView(job);
    },

    async migrate(vmId, input) {
      const targetNodeId = input.targetNodeId;
      let targetAllocationId = "";
      const job = await submit(vmId, {
        operation: "migrate",
        locks: { disk: true, power: true },
        check(vm) {
          notCreating("move")(vm);
          if (vm.state === "error") throw new BackendError("conflict", "The machine is in an error state");
          if (vm.rescueMode) throw new BackendError("conflict", "The machine is in rescue mode");
        },
        // The VM row is locked (submit) before the target node's row, as resize locks the VM before its node.
        before: async (tx, vm, _jobId, now) => {
          targetAllocationId = await reserveMigrationTarget(tx, node, vm, targetNodeId, now);
        },
        // params() runs after before() in submit(), so the job carries the reservation's id.
        params: (vm) => ({ sourceNodeId: node.id, targetNodeId, sourceAllocationId: vm.allocationId, targetAllocationId }),
      });
      return toJobView(job);
    },

    async rescue(vmId, input) {
      checkRootPassword(input.password);
      const passwordHash = hashGuestPassword(input.password);
      const job = await submit(vmId, {
        operation: "rescue",
        locks: { power: true },
        check(vm) {
          notCreating("boot rescue")(vm);
          if (vm.rescueMode) throw new BackendError("conflict", "The machine is already in rescue mode");
        },
        params: () => ({ passwordHash }),
      });
      return toJobView(job);
    },

    async unrescue(vmId) {
      const job = await submit(vmId, {
        operation: "unrescue",
        locks: { power: true },
        check(vm) {
          if (!vm.rescueMode) throw new BackendError("conflict", "The machine is not in rescue mode");
        },
      });
      return toJobView(job);
    },

    async network(vmId) {
      await throwIfFaulted(db, { nodeId: node.id, vmId, operation: "network" });
      await liveVm(vmId);
      return networkOfOwner(db, { vmId });
    },

    async addAddress(vmId, version) {
      await throwIfFaulted(db, { nodeId: node.id, vmId, operation: "network.add" });
      const id = await inTransaction(db, async (tx) => {
        const vm = await lockedVm(tx, vmId);
        const hasPrimary = (await tx.ipAddress.count({ where: { vmId: vm.id, purpose: "primary" } })) > 0;
        const [addressId] = await reserveAddresses(tx, {
          locationId: node.locationId,
          nodeKind: "vps",
          version,
          count: 1,
          holder: { vmId: vm.id },
          primaryFirst: !hasPrimary,
          now: clock.now(),
        });
        return addressId!;
      });
      return toAddressView(await db.ipAddress.findUniqueOrThrow({ where: { id }, include: { pool: true } }));
    },

    async removeAddress(vmId, addressId) {
      await throwIfFaulted(db, { nodeId: node.id, vmId, operation: "network.remove" });
      await inTransaction(db, async (tx) => {
        await lockedVm(tx, vmId);
        const address = await tx.ipAddress.findFirst({ where: { id: addressId, vmId } });
        if (!address) throw new BackendError("not_found", `Address ${addressId} is not assigned to this machine`);
        if (address.purpose === "primary") throw new BackendError("conflict", "The primary address cannot be removed");
        await releaseAddresses(tx, { id: addressId }, clock.now());
      });
    },

    async setReverseDns(vmId, addressId, hostname) {
      await throwIfFaulted(db, { nodeId: node.id, vmId, operation: "network.rdns" });
      await liveVm(vmId);
      return setReverseDns(db, { vmId }, addressId, hostname);
    },

    async setSshKeys(vmId, keys) {
      await throwIfFaulted(db, { nodeId: node.id, vmId, operation: "ssh_keys" });
      await liveVm(vmId);
      await db.virtualMachine.update({ where: { id: vmId }, data: { sshKeys: keys } });
    },

    async stats(vmId) {
      await throwIfFaulted(db, { nodeId: node.id, vmId, operation: "stats" });
      await catchUp(vmId);
      return simulatedStats(await liveVm(vmId), clock.now());
    },

    async trafficCounters(vmId) {
      await throwIfFaulted(db, { nodeId: node.id, vmId, operation: "traffic" });
      await catchUp(vmId);
      const vm = await liveVm(vmId);
      if (vm.state !== "running" || !vm.bootedAt) return null;
      const now = clock.now();
      const waves = vmTrafficWaves(vm.id);
      return { sampledAt: now, rxBytes: waveBytes(waves.rx, vm.bootedAt, now), txBytes: waveBytes(waves.tx, vm.bootedAt, now) };
    },

    async openConsole(vmId, input) {
      await throwIfFaulted(db, { nodeId: node.id, vmId, operation: "console" });
      await catchUp(vmId);
      const vm = await liveVm(vmId);
      const noDisplay = vmNoDisplayReason(vm.state);
      if (noDisplay) throw new BackendError("conflict", noDisplay);
      const read = vmSceneReader(db, vm.id, () => catchUp(vm.id));
      const initial = await read();
      if (initial.gone !== undefined) throw new BackendError("conflict", "The machine is not running");
      return openSimulatedConsole({ machineId: vm.id, name: vm.hostname ?? vm.name, input, initial, read, clock, settings: ctx.guestConsole });
    },

    async consoleEndpoint(vmId) {
      await throwIfFaulted(db, { nodeId: node.id, vmId, operation: "console" });
      await catchUp(vmId);
      const vm = await liveVm(vmId);
      const noDisplay = vmNoDisplayReason(vm.state);
      if (noDisplay) return { available: false, reason: noDisplay };
      return { available: true, protocol: "vnc", target: { kind: "simulated", machineId: vm.id } };
    },

    async delete(vmId) {
      await throwIfSubmitFaulted(db, { nodeId: node.id, vmId, operation: "delete" });
      const job = await inTransaction(db, async (tx) => {
        const now = clock.now();
        const vm = await lockedVm(tx, vmId);
        const running = await tx.backendJob.findMany({ where: { vmId, state: { in: [...ACTIVE] } } });
        const pending = running.find((j) => j.operation === "delete");
        if (pending) return pending;
        // Destroying a domain kills whatever else it was doing.
        const aborted = new BackendError("conflict", "The machine was deleted");
        for (const other of running) {
          await abortSimJob(tx, other, aborted, now);
          // A move cut short still holds units on its target node.
          const target = (other.params as { targetAllocationId?: unknown } | null)?.targetAllocationId;
          if (other.operation === "migrate" && typeof target === "string") await releaseMigrationTarget(tx, target, now);
        }
        // Their fail handlers do not run: settle the snapshot rows they left in flight here.
        await tx.vmSnapshot.updateMany({ where: { vmId, deletedAt: null, status: { in: ["creating", "deleting"] } }, data: { status: "error" } });
        await tx.vmSnapshot.updateMany({ where: { vmId, deletedAt: null, status: "reverting" }, data: { status: "available" } });
        const jobId = newJobId();
        await tx.virtualMachine.update({ where: { id: vm.id }, data: { diskJobId: jobId, powerJobId: jobId } });
        const fault = await takeFault(tx, { nodeId: node.id, vmId, operation: "delete" }, "job");
        const up = vm.state === "running" || vm.state === "paused";
        const [shutdown, destroyStep] = HYPERVISOR_STEPS.delete;
        return insertSimJob(tx, {
          id: jobId,
          nodeId: node.id,
          vmId,
          operation: "delete",
          params: {},
          steps: stepsOf("delete", up ? [shutdown, destroyStep] : [destroyStep]),
          queueMs: timing.queueMs,
          now,
          fault,
        });
      });
      return toJobView(await advance(job.id));
    },

    async advanceJob(jobId, now) {
      const job = await db.backendJob.findUnique({ where: { id: jobId } });
      if (!job || job.nodeId !== node.id) throw new BackendError("not_found", `No job ${jobId} on node ${node.name}`);
      return toJobView(await advance(jobId, now));
    },
  };

  async function snapshotViewById(vmId: string, snapshotId: string) {
    const vm = await db.virtualMachine.findUniqueOrThrow({ where: { id: vmId } });
    const views = toSnapshotViews(vm, await db.vmSnapshot.findMany({ where: { vmId } }));
    const view = views.find((s) => s.id === snapshotId);
    if (!view) throw new BackendError("unknown", `Snapshot ${snapshotId} vanished`);
    return view;
  }

  return driver;
}

/** A VM's inbound and outbound traffic: around 1 and 0.4 Mbit/s, each swinging on its own period. */
function vmTrafficWaves(vmId: string): { rx: TrafficWave; tx: TrafficWave } {
  return { rx: { meanBps: 1_000_000, periodMs: 600_000, phase: phaseOf(vmId) }, tx: { meanBps: 400_000, periodMs: 900_000, phase: phaseOf(vmId, 8) } };
}

/** Plausible, deterministic figures: a slow wave per machine, null when the guest cannot report. */
function simulatedStats(vm: VirtualMachine, now: Date): VmStats {
  const seed = parseInt(vm.id.replace(/-/g, "").slice(0, 8), 16) / 0xffffffff;
  const wave = (period: number) => 0.5 + 0.5 * Math.sin((2 * Math.PI * now.getTime()) / period + seed * 2 * Math.PI);
  const up = vm.state === "running";
  const memTotal = vm.memoryMb * 1024 * 1024;
  const diskTotal = vm.diskGb * 1024 ** 3;
  const diskUsed = simulatedDiskUsedBytes(vm);
  const memUsed = Math.round(memTotal * (0.3 + 0.25 * wave(3_600_000)));
  const waves = vmTrafficWaves(vm.id);
  const rx = Math.round(waveRateBps(waves.rx, now));
  const tx = Math.round(waveRateBps(waves.tx, now));
  const pct = (a: number, b: number) => Math.round((1000 * a) / b) / 10;
  return {
    state: vm.state,
    sampledAt: now,
    cpu: { usage: up ? Math.round(10 * (3 + 45 * wave(1_800_000))) / 10 : null, cores: vm.vcpus },
    memory: { used: up ? memUsed : null, total: memTotal, percentage: up ? pct(memUsed, memTotal) : null, source: up ? "guest" : null },
    disk: { used: up ? diskUsed : null, total: diskTotal, allocated: diskTotal, percentage: up ? pct(diskUsed, diskTotal) : null, source: up ? "guest" : null },
    network: {
      rxBps: up ? rx : null,
      txBps: up ? tx : null,
      // The NIC counters since boot: the integral of the rate, as trafficCounters reads them.
      netinBytes: up && vm.bootedAt ? waveBytes(waves.rx, vm.bootedAt, now) : null,
      netoutBytes: up && vm.bootedAt ? waveBytes(waves.tx, vm.bootedAt, now) : null,
    },
  };
}
