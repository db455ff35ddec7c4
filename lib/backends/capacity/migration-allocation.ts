import type { Tx } from "@/lib/db/client";
import type { Node, VirtualMachine } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import { releaseAllocationInTx } from "./release-allocation";

// The capacity half of moving a machine to another node (HypervisorDriver.migrate), shared by every
// driver: the provider moves the disk, these keep Node.allocated* and the NodeAllocation rows in step.

/**
 * Why `target` cannot take a machine from `source`, or null when it can. Addresses come from the
 * location's pools and stay with the machine, so only an enabled VPS node of the same driver in the
 * same location qualifies.
 */
export function migrationTargetRefusal(source: Pick<Node, "id" | "locationId" | "driver">, target: Pick<Node, "id" | "name" | "locationId" | "driver" | "kind" | "enabled">): string | null {
  if (target.id === source.id) return "The machine is already on this node";
  if (target.kind !== "vps") return `Node ${target.name} is not a VPS node`;
  if (target.locationId !== source.locationId) return `Node ${target.name} is in another location: the machine's addresses belong to its own`;
  if (target.driver !== source.driver) return `Node ${target.name} runs another driver (${target.driver})`;
  if (!target.enabled) return `Node ${target.name} is disabled`;
  return null;
}

/**
 * Holds the machine's units on the target node, as a new allocation with no expiry (the expiry sweep
 * only releases allocations that may be abandoned, and this one ends with the job). Takes the
 * target's row lock, so the checks and the hold see the same row; the hold itself is the same
 * conditional update as allocate(), so parallel moves and orders never oversubscribe the node.
 * `conflict` for an unusable target, `capacity` when it has no room. Returns the new allocation's id.
 */
export async function reserveMigrationTarget(tx: Tx, source: Node, vm: VirtualMachine, targetNodeId: string, now: Date): Promise<string> {
  await tx.$queryRaw`SELECT id FROM "Node" WHERE id = ${targetNodeId}::uuid FOR UPDATE`;
  const target = await tx.node.findUnique({ where: { id: targetNodeId } });
  if (!target) throw new BackendError("not_found", `No node ${targetNodeId}`);
  const refusal = migrationTargetRefusal(source, target);
  if (refusal) throw new BackendError("conflict", refusal);
  // Machine names are unique per node (docs/decisions.md#r11); the switch-over checks again.
  if (await tx.virtualMachine.count({ where: { nodeId: target.id, name: vm.name, destroyedAt: null } })) {
    throw new BackendError("name_conflict", `A machine named ${vm.name} already exists on node ${target.name}`);
  }
  const units = await tx.nodeAllocation.findUniqueOrThrow({ where: { id: vm.allocationId } });
  const held = await tx.$executeRaw`
    UPDATE "Node" SET
      "allocatedVcpus" = "allocatedVcpus" + ${units.vcpus},
      "allocatedMemoryMb" = "allocatedMemoryMb" + ${units.memoryMb},
      "allocatedDiskGb" = "allocatedDiskGb" + ${units.diskGb},
      "updatedAt" = ${now}
    WHERE id = ${target.id}::uuid
      AND "allocatedVcpus" + ${units.vcpus} <= "capacityVcpus"
      AND "allocatedMemoryMb" + ${units.memoryMb} <= "capacityMemoryMb"
      AND "allocatedDiskGb" + ${units.diskGb} <= "capacityDiskGb"`;
  if (held === 0) {
    throw new BackendError("capacity", `Node ${target.name} has no room for ${units.vcpus} vCPU, ${units.memoryMb} MB memory and ${units.diskGb} GB disk`);
  }
  const allocation = await tx.nodeAllocation.create({
    data: { nodeId: target.id, vcpus: units.vcpus, memoryMb: units.memoryMb, diskGb: units.diskGb, label: `migration of ${vm.name}`, expiresAt: null, createdAt: now },
  });
  return allocation.id;
}

/**
 * The switch-over: the machine, and the addresses reserved with its allocation, move to the target
 * allocation; the source allocation is released (its node gets the units back). Extra addresses are
 * held by the machine itself (addAddress) and follow it unchanged.
 */
export async function switchToMigrationTarget(tx: Tx, vmId: string, targetAllocationId: string, now: Date): Promise<{ fromNodeId: string; toNodeId: string }> {
  const vm = await tx.virtualMachine.findUniqueOrThrow({ where: { id: vmId } });
  const target = await tx.nodeAllocation.findUnique({ where: { id: targetAllocationId }, include: { node: true } });
  if (!target || target.releasedAt) throw new BackendError("conflict", "The target node's reservation was released before the switch-over");
  const clash = await tx.virtualMachine.count({ where: { nodeId: target.nodeId, name: vm.name, destroyedAt: null, id: { not: vm.id } } });
  if (clash) throw new BackendError("name_conflict", `A machine named ${vm.name} appeared on node ${target.node.name} during the move`);
  const sourceAllocationId = vm.allocationId;
  await tx.ipAddress.updateMany({ where: { allocationId: sourceAllocationId }, data: { allocationId: target.id } });
  await tx.virtualMachine.update({ where: { id: vm.id }, data: { nodeId: target.nodeId, allocationId: target.id } });
  await releaseAllocationInTx(tx, sourceAllocationId, now);
  return { fromNodeId: vm.nodeId, toNodeId: target.nodeId };
}

/** A move that failed or was cut short: the target's units go back; the machine never left its allocation. */
export async function releaseMigrationTarget(tx: Tx, targetAllocationId: string, now: Date): Promise<void> {
  // Only an allocation no machine took: after a switch-over the target is the machine's own.
  const bound = await tx.virtualMachine.count({ where: { allocationId: targetAllocationId } });
  if (bound === 0) await releaseAllocationInTx(tx, targetAllocationId, now);
}
