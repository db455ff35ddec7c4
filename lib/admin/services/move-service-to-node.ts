import { z } from "zod";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { BackendError } from "@/lib/backends/backend-error";
import { migrationTargetRefusal } from "@/lib/backends/capacity/migration-allocation";
import type { Units } from "@/lib/backends/capacity/sizes";
import { hypervisorForVm } from "@/lib/backends/registry";
import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { Node } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/schemas/uuid";
import { SERVICE_NOT_FOUND } from "@/lib/services/service-rules";
import { fieldError, parseInput, zUuid } from "../form-input";
import { backendOf, type OperatorServiceContext } from "./operator-service-context";

export const MOVE_ONLY_VPS = "Only a VPS can be moved to another node.";
export const MOVE_ONLY_LIVE = "Only an active or suspended service can be moved to another node.";
export const MOVE_NO_MACHINE = "This service has no machine to move.";
export const MOVE_NOT_SUPPORTED = "The backend of this machine's node cannot move machines to another node.";
export const MOVE_IN_PROGRESS = "The machine is already being moved. Wait for that move to finish.";
export const MOVE_BUSY = "The machine is busy with another job (a power action, a snapshot, a reinstall or a plan change). Try again when it has finished.";
export const MOVE_UNKNOWN_TARGET = "Choose a node from the list.";
export const MOVE_UNREACHABLE = "The node did not answer. Try again in a moment.";

/** The statuses whose machine may be moved: a machine that is being built or removed is the build's or the removal's. */
const MOVABLE = new Set(["active", "suspended"]);

export interface MoveTarget {
  id: string;
  name: string;
  free: Units;
}

export interface ServiceMoveOptions {
  /** The machine's node, when the service has a machine. */
  source: { id: string; name: string; location: string } | null;
  /** What the machine holds on its node, which the target must have free. */
  need: Units | null;
  /** Nodes the machine can move to now, with what each has free, most free memory first. */
  targets: MoveTarget[];
  /** Why nothing is offered (the service, the backend, a move under way, or no node with room); null when targets are. */
  reason: string | null;
  /** The move running now, if any (its progress is in the service's jobs). */
  moving: { jobId: string; step: string | null; toNode: string | null } | null;
}

const freeOf = (n: Node): Units => ({ vcpus: n.capacityVcpus - n.allocatedVcpus, memoryMb: n.capacityMemoryMb - n.allocatedMemoryMb, diskGb: n.capacityDiskGb - n.allocatedDiskGb });
const fits = (free: Units, need: Units) => free.vcpus >= need.vcpus && free.memoryMb >= need.memoryMb && free.diskGb >= need.diskGb;
const describeUnits = (u: Units) => `${u.vcpus} vCPU, ${Math.round((u.memoryMb / 1024) * 10) / 10} GB memory, ${u.diskGb} GB disk`;
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

function noRoom(node: { name: string }, need: Units, free: Units): string {
  return `Node ${node.name} has no room for this machine: it needs ${describeUnits(need)} and the node has ${describeUnits(free)} free.`;
}

async function serviceOrThrow(db: DbOrTx, serviceId: string) {
  const service = isUuid(serviceId)
    ? await db.service.findUnique({ where: { id: serviceId }, select: { id: true, name: true, hostname: true, status: true, accountId: true, product: { select: { kind: true } } } })
    : null;
  if (!service) throw new DomainError("not_found", SERVICE_NOT_FOUND);
  return service;
}

/** The service's live VM with its node and allocation (what it holds on the node), or null. */
function machineOf(db: DbOrTx, serviceId: string) {
  return db.virtualMachine.findFirst({ where: { serviceId, destroyedAt: null }, orderBy: { createdAt: "desc" }, include: { node: { include: { location: true } }, allocation: true } });
}

/** The nodes a machine on `source` may move to (migrationTargetRefusal), before their room is considered. */
function candidateNodes(db: DbOrTx, source: Node) {
  return db.node.findMany({ where: { kind: "vps", locationId: source.locationId, driver: source.driver, enabled: true, id: { not: source.id } } });
}

async function runningMove(db: DbOrTx, vmId: string) {
  const job = await db.backendJob.findFirst({ where: { vmId, operation: "migrate", state: { in: ["queued", "running"] } }, orderBy: { createdAt: "desc" } });
  if (!job) return null;
  const toNodeId = (job.params as { targetNodeId?: unknown } | null)?.targetNodeId;
  const to = typeof toNodeId === "string" ? await db.node.findUnique({ where: { id: toNodeId }, select: { name: true } }) : null;
  return { jobId: job.id, step: job.step, toNode: to?.name ?? null };
}

/**
 * What the service page's "Move to another node" offers: the enabled nodes of the machine's driver in
 * its location with room for what the machine holds, with their free units; or, when none is
 * offered, the sentence saying why. A read only (the move's own checks run again in moveServiceToNode).
 */
export async function listServiceMoveTargets(ctx: OperatorServiceContext, input: { serviceId: string }): Promise<ServiceMoveOptions> {
  const { db } = ctx;
  const service = await serviceOrThrow(db, input.serviceId);
  const none = (reason: string, extra: Partial<ServiceMoveOptions> = {}): ServiceMoveOptions => ({ source: null, need: null, targets: [], reason, moving: null, ...extra });
  if (service.product.kind !== "vps") return none(MOVE_ONLY_VPS);
  const vm = await machineOf(db, service.id);
  if (!vm) return none(MOVE_NO_MACHINE);
  const source = { id: vm.node.id, name: vm.node.name, location: vm.node.location.name };
  const need: Units = { vcpus: vm.allocation.vcpus, memoryMb: vm.allocation.memoryMb, diskGb: vm.allocation.diskGb };
  if (!MOVABLE.has(service.status)) return none(MOVE_ONLY_LIVE, { source, need });
  const moving = await runningMove(db, vm.id);
  if (moving) return none(MOVE_IN_PROGRESS, { source, need, moving });
  // The page must still render when the node's driver is missing (a node configured by hand): say so instead.
  const driver = await hypervisorForVm(vm.id, backendOf(ctx)).catch((error: unknown) => {
    if (error instanceof BackendError) return null;
    throw error;
  });
  if (!driver) return none(`The driver of node ${source.name} is not available here, so the machine cannot be moved.`, { source, need });
  if (!driver.capabilities.migrate) return none(MOVE_NOT_SUPPORTED, { source, need });

  const nodes = await candidateNodes(db, vm.node);
  if (nodes.length === 0) return none(`There is no other enabled node of this machine's driver in ${source.location}: a machine keeps its addresses, so it can only move within its location.`, { source, need });
  const targets = nodes
    .map((n) => ({ id: n.id, name: n.name, free: freeOf(n) }))
    .filter((n) => fits(n.free, need))
    .sort((a, b) => b.free.memoryMb - a.free.memoryMb || b.free.vcpus - a.free.vcpus || a.name.localeCompare(b.name));
  if (targets.length === 0) return none(`No other node in ${source.location} has room for ${describeUnits(need)} (${nodes.length === 1 ? "the one candidate is" : `all ${nodes.length} candidates are`} too full).`, { source, need });
  return { source, need, targets, reason: null, moving: null };
}

const MOVE = z.object({ serviceId: z.string(), targetNodeId: zUuid("node to move the machine to") });

export interface ServiceMoveResult {
  jobId: string;
  from: { id: string; name: string };
  to: { id: string; name: string };
}

/**
 * The operator moves a VPS's machine to another node of the same driver and location
 * (HypervisorDriver.migrate, docs/operator-console.md "Moving a VPS to another node"). Refused,
 * changing nothing: not a VPS; not active or suspended; no machine; a backend that cannot move
 * machines; a target that is not an enabled node of the driver in the location; a target without
 * room; a machine busy with another job (a second move among them). The driver settles a race
 * (the machine's lock columns, the target's conditional hold), so of two moves at once one is
 * accepted. The audit row is written once the driver accepted the job: the driver commits its
 * own transaction (a real one calls the provider), so the row cannot share it.
 */
export async function moveServiceToNode(ctx: OperatorServiceContext, input: { serviceId: string; targetNodeId: string }): Promise<ServiceMoveResult> {
  const { db, actor, now } = ctx;
  const { targetNodeId } = parseInput(MOVE, input);
  const service = await serviceOrThrow(db, input.serviceId);
  if (service.product.kind !== "vps") throw new DomainError("conflict", MOVE_ONLY_VPS);
  if (!MOVABLE.has(service.status)) throw new DomainError("conflict", MOVE_ONLY_LIVE);
  const vm = await machineOf(db, service.id);
  if (!vm) throw new DomainError("conflict", MOVE_NO_MACHINE);
  const backend = backendOf(ctx);
  const driver = await hypervisorForVm(vm.id, backend);
  if (!driver.capabilities.migrate) throw new DomainError("forbidden", MOVE_NOT_SUPPORTED);

  const target = await db.node.findUnique({ where: { id: targetNodeId } });
  if (!target) throw fieldError("targetNodeId", MOVE_UNKNOWN_TARGET, "invalid");
  const refusal = migrationTargetRefusal(vm.node, target);
  if (refusal) throw fieldError("targetNodeId", sentence(refusal), "invalid");
  const need: Units = { vcpus: vm.allocation.vcpus, memoryMb: vm.allocation.memoryMb, diskGb: vm.allocation.diskGb };
  if (!fits(freeOf(target), need)) throw fieldError("targetNodeId", noRoom(target, need, freeOf(target)));
  if (await runningMove(db, vm.id)) throw new DomainError("conflict", MOVE_IN_PROGRESS);

  let jobId: string;
  try {
    jobId = (await driver.migrate(vm.id, { targetNodeId: target.id })).id;
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    if (error.code === "capacity") {
      // Taken between the check above and the hold (an order, another move): the node as it is now.
      const current = await db.node.findUniqueOrThrow({ where: { id: target.id } });
      throw fieldError("targetNodeId", noRoom(target, need, freeOf(current)));
    }
    if (error.code === "name_conflict") throw fieldError("targetNodeId", `Node ${target.name} already has a machine named ${vm.name}.`);
    if (error.code === "provider_unreachable") throw new DomainError("unavailable", MOVE_UNREACHABLE);
    if (error.code === "conflict") {
      // A lock taken by a move a moment earlier (two operators at once) or by another job; else the machine's state.
      if (await runningMove(db, vm.id)) throw new DomainError("conflict", MOVE_IN_PROGRESS);
      const locks = await db.virtualMachine.findUniqueOrThrow({ where: { id: vm.id }, select: { diskJobId: true, powerJobId: true } });
      throw new DomainError("conflict", locks.diskJobId || locks.powerJobId ? MOVE_BUSY : `The machine cannot be moved now: ${sentence(error.message.charAt(0).toLowerCase() + error.message.slice(1))}`);
    }
    throw new DomainError("provider_failed", `The node refused the move: ${sentence(error.message)}`);
  }

  await recordAuditEntry(db, {
    actorUserId: actor.userId,
    action: "service.node_move_requested",
    accountId: service.accountId,
    targetType: "service",
    targetId: service.id,
    details: { service: service.hostname ?? service.name, machine: vm.name, fromNode: vm.node.name, toNode: target.name, fromNodeId: vm.node.id, toNodeId: target.id, jobId },
    ip: actor.ip,
    at: now,
  });
  return { jobId, from: { id: vm.node.id, name: vm.node.name }, to: { id: target.id, name: target.name } };
}
