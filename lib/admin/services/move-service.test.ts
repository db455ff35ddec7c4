import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAuditEntry } from "@/lib/audit/describe-audit-entry";
import { createManualClock } from "@/lib/backends/clock";
import type { HypervisorDriver } from "@/lib/backends/hypervisor-driver";
import { hypervisorForVm, registerDriver } from "@/lib/backends/registry";
import { createSimulatedHypervisor } from "@/lib/backends/simulated-hypervisor/simulated-hypervisor";
import { makeVpsNode, settle, testContext } from "@/lib/backends/testing/backend-test-kit";
import { Prisma } from "@/lib/generated/prisma/client";
import { makeActiveService, makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { domainRefusal as refusal } from "@/lib/testing/domain-refusal";
import { makeCustomer, makeLocation, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { advanceServiceJobsAsOperator } from "./advance-service-jobs-as-operator";
import { getAdminServiceOrThrow } from "./get-admin-service-or-throw";
import {
  listServiceMoveTargets,
  MOVE_IN_PROGRESS,
  MOVE_NO_MACHINE,
  MOVE_NOT_SUPPORTED,
  MOVE_ONLY_LIVE,
  MOVE_ONLY_VPS,
  MOVE_UNKNOWN_TARGET,
  moveServiceToNode,
} from "./move-service-to-node";
import type { OperatorServiceContext } from "./operator-service-context";

// A hypervisor like the simulator in every way but one: it cannot move machines (a backend without migrate).
const NO_MIGRATE = "no-migrate-hv";
registerDriver(NO_MIGRATE, "vps", (node, ctx): HypervisorDriver => {
  const sim = createSimulatedHypervisor(node, ctx);
  return { ...sim, driver: NO_MIGRATE, capabilities: { ...sim.capabilities, migrate: false } };
});

let t: TestDb;
let operatorId: string;
const t0 = new Date("2030-05-01T10:00:00Z");

beforeAll(async () => {
  t = await createTestDb();
  operatorId = (await makeUser(t.db, { isOperator: true })).id;
});
afterAll(async () => {
  await t?.close();
});

/** A location with two nodes and one active VPS on one of them; the operator's context runs on a manual clock. */
async function setup() {
  const site = await makeVpsSite(t.db, { nodes: 2 });
  const { account } = await makeCustomer(t.db);
  const { service } = await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
  const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: service.id } });
  const source = site.nodes.find((n) => n.id === vm.nodeId)!;
  const target = site.nodes.find((n) => n.id !== vm.nodeId)!;
  const backend = testContext(t.db, { clock: createManualClock(t0) });
  const ctx: OperatorServiceContext = { db: t.db, now: t0, clock: backend.clock, actor: { userId: operatorId, ip: "198.51.100.7" } };
  return { site, account, service, vm, source, target, backend, ctx };
}

const auditOf = (serviceId: string) => t.db.auditEntry.findMany({ where: { targetType: "service", targetId: serviceId, action: "service.node_move_requested" } });
const nodeUnits = async (id: string) => {
  const n = await t.db.node.findUniqueOrThrow({ where: { id } });
  return { vcpus: n.allocatedVcpus, memoryMb: n.allocatedMemoryMb, diskGb: n.allocatedDiskGb };
};
const SIZE = { vcpus: 2, memoryMb: 4096, diskGb: 80 };

describe("moving a VPS to another node", () => {
  it("offers the other node with its free units, moves the machine there, records the audit row and shows the job on the service page", async () => {
    const { service, vm, source, target, backend, ctx } = await setup();
    const options = await listServiceMoveTargets(ctx, { serviceId: service.id });
    expect(options).toMatchObject({ reason: null, moving: null, need: SIZE, source: { id: source.id, name: source.name } });
    expect(options.targets).toEqual([{ id: target.id, name: target.name, free: { vcpus: 32, memoryMb: 65_536, diskGb: 1_000 } }]);

    const moved = await moveServiceToNode(ctx, { serviceId: service.id, targetNodeId: target.id });
    expect(moved).toMatchObject({ from: { id: source.id }, to: { id: target.id } });
    const audit = await auditOf(service.id);
    expect(audit.map((a) => [a.actorUserId, a.accountId, a.ip])).toEqual([[operatorId, service.accountId, "198.51.100.7"]]);
    expect(audit[0]!.details).toEqual({ service: service.hostname, machine: vm.name, fromNode: source.name, toNode: target.name, fromNodeId: source.id, toNodeId: target.id, jobId: moved.jobId });
    expect(describeAuditEntry(audit[0]!)).toBe(`${service.hostname}: machine asked to move from ${source.name} to ${target.name}. The move's outcome is in the service's jobs.`);

    // While it runs: the page's jobs show it, and the control says a move is under way.
    const page = await getAdminServiceOrThrow(ctx, { serviceId: service.id });
    expect(page.jobs[0]).toMatchObject({ id: moved.jobId, operation: "migrate", label: "Moved to another host", error: null });
    expect(["queued", "running"]).toContain(page.jobs[0]!.state);
    expect(page.activity.map((a) => a.action)).toEqual(["service.node_move_requested"]);
    expect(await listServiceMoveTargets(ctx, { serviceId: service.id })).toMatchObject({ targets: [], reason: MOVE_IN_PROGRESS, moving: { jobId: moved.jobId, toNode: target.name } });

    // The operator's page moves the job along as it reads it (no background sweep needed).
    backend.clock.advance(10 * 60_000);
    await advanceServiceJobsAsOperator(ctx, { serviceId: service.id });
    const after = await getAdminServiceOrThrow(ctx, { serviceId: service.id });
    expect(after.machine).toMatchObject({ kind: "vps", state: "running", node: { id: target.id } });
    expect(after.jobs[0]).toMatchObject({ id: moved.jobId, state: "succeeded" });
    expect(await nodeUnits(source.id)).toEqual({ vcpus: 0, memoryMb: 0, diskGb: 0 });
    expect(await nodeUnits(target.id)).toEqual(SIZE);
    // And back: the source is now the one offered.
    expect((await listServiceMoveTargets(ctx, { serviceId: service.id })).targets.map((n) => n.id)).toEqual([source.id]);
  });

  it("of two moves at once only one is accepted: one job, one audit row, the target held once", async () => {
    const { service, vm, target, ctx } = await setup();
    const results = await Promise.allSettled([1, 2].map(() => moveServiceToNode(ctx, { serviceId: service.id, targetNodeId: target.id })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ kind: "conflict", message: MOVE_IN_PROGRESS });
    expect(await t.db.backendJob.count({ where: { vmId: vm.id, operation: "migrate" } })).toBe(1);
    expect(await auditOf(service.id)).toHaveLength(1);
    expect(await nodeUnits(target.id)).toEqual(SIZE);
  });

  it("refuses a target that is not a valid node for the machine, or has no room, writing nothing", async () => {
    const { site, service, vm, source, ctx } = await setup();
    const disabled = await makeVpsNode(t.db, site.location.id, { enabled: false });
    const elsewhere = await makeVpsNode(t.db, (await makeLocation(t.db)).id);
    const small = await makeVpsNode(t.db, site.location.id, { vcpus: 1, name: `small-${vm.id.slice(0, 6)}` });
    const field = async (targetNodeId: string) => (await refusal(moveServiceToNode(ctx, { serviceId: service.id, targetNodeId }))).details?.[0];

    expect(await field("")).toEqual({ field: "targetNodeId", message: "Choose a node to move the machine to." });
    expect(await field("00000000-0000-4000-8000-000000000000")).toEqual({ field: "targetNodeId", message: MOVE_UNKNOWN_TARGET });
    expect(await field(source.id)).toEqual({ field: "targetNodeId", message: "The machine is already on this node." });
    expect((await field(disabled.id))?.message).toBe(`Node ${disabled.name} is disabled.`);
    expect((await field(elsewhere.id))?.message).toMatch(/is in another location/);
    const noRoom = await refusal(moveServiceToNode(ctx, { serviceId: service.id, targetNodeId: small.id }));
    expect(noRoom.kind).toBe("conflict");
    expect(noRoom.details?.[0]?.message).toBe(`Node ${small.name} has no room for this machine: it needs 2 vCPU, 4 GB memory, 80 GB disk and the node has 1 vCPU, 64 GB memory, 1000 GB disk free.`);
    // None of them is offered either.
    expect((await listServiceMoveTargets(ctx, { serviceId: service.id })).targets.map((n) => n.id).filter((id) => [source.id, disabled.id, elsewhere.id, small.id].includes(id))).toEqual([]);

    expect(await auditOf(service.id)).toEqual([]);
    expect(await t.db.backendJob.count({ where: { vmId: vm.id, operation: "migrate" } })).toBe(0);
    for (const n of [disabled, elsewhere, small]) expect(await nodeUnits(n.id)).toEqual({ vcpus: 0, memoryMb: 0, diskGb: 0 });
  });

  it("refuses a machine busy with another job, naming why", async () => {
    const { service, vm, target, backend, ctx } = await setup();
    const stop = await (await hypervisorForVm(vm.id, backend)).power(vm.id, "stop");
    const busy = await refusal(moveServiceToNode(ctx, { serviceId: service.id, targetNodeId: target.id }));
    expect(busy.kind).toBe("conflict");
    expect(busy.message).toMatch(/^The machine is busy with another job/);
    await settle(backend, stop.id);
    expect(await auditOf(service.id)).toEqual([]);
  });

  it("refuses what is not an active or suspended VPS on a backend that can move it, and says so on the page", async () => {
    const { site, account, service, target, ctx } = await setup();
    // Not active or suspended.
    await t.db.service.update({ where: { id: service.id }, data: { status: "cancelled" } });
    expect(await refusal(moveServiceToNode(ctx, { serviceId: service.id, targetNodeId: target.id }))).toMatchObject({ kind: "conflict", message: MOVE_ONLY_LIVE });
    expect((await listServiceMoveTargets(ctx, { serviceId: service.id })).reason).toBe(MOVE_ONLY_LIVE);
    // Suspended is fine (listing only here).
    await t.db.service.update({ where: { id: service.id }, data: { status: "suspended" } });
    expect((await listServiceMoveTargets(ctx, { serviceId: service.id })).targets.map((n) => n.id)).toEqual([target.id]);

    // No machine yet.
    const { service: pending } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, status: "active" });
    expect(await refusal(moveServiceToNode(ctx, { serviceId: pending.id, targetNodeId: target.id }))).toMatchObject({ kind: "conflict", message: MOVE_NO_MACHINE });

    // Not a VPS.
    const product = await t.db.product.create({ data: { kind: "generic", name: "Support hours", slug: `support-${service.id.slice(0, 8)}`, specs: {}, prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal("5.00") }] } } });
    const { service: generic } = await makePendingService(t.db, { accountId: account.id, productId: product.id, locationId: null, status: "active" });
    expect(await refusal(moveServiceToNode(ctx, { serviceId: generic.id, targetNodeId: target.id }))).toMatchObject({ kind: "conflict", message: MOVE_ONLY_VPS });
    expect((await listServiceMoveTargets(ctx, { serviceId: generic.id })).reason).toBe(MOVE_ONLY_VPS);

    // Unknown service.
    expect((await refusal(moveServiceToNode(ctx, { serviceId: "x", targetNodeId: target.id }))).kind).toBe("not_found");
    expect(await auditOf(service.id)).toEqual([]);
  });

  it("refuses a backend without migrate, and says why when the driver is missing", async () => {
    const { service, source, target, ctx } = await setup();
    await t.db.node.updateMany({ where: { id: { in: [source.id, target.id] } }, data: { driver: NO_MIGRATE } });
    expect(await refusal(moveServiceToNode(ctx, { serviceId: service.id, targetNodeId: target.id }))).toMatchObject({ kind: "forbidden", message: MOVE_NOT_SUPPORTED });
    expect(await listServiceMoveTargets(ctx, { serviceId: service.id })).toMatchObject({ targets: [], reason: MOVE_NOT_SUPPORTED });
    expect(await auditOf(service.id)).toEqual([]);
    // A driver this process does not have: the page says so rather than failing.
    await t.db.node.update({ where: { id: source.id }, data: { driver: "not-registered-here" } });
    expect((await listServiceMoveTargets(ctx, { serviceId: service.id })).reason).toBe(`The driver of node ${source.name} is not available here, so the machine cannot be moved.`);
  });

  it("explains an empty list: no other node in the location, or none with room", async () => {
    const { site, service, target, ctx } = await setup();
    await t.db.node.update({ where: { id: target.id }, data: { capacityVcpus: 1 } });
    expect((await listServiceMoveTargets(ctx, { serviceId: service.id })).reason).toBe(`No other node in ${site.location.name} has room for 2 vCPU, 4 GB memory, 80 GB disk (the one candidate is too full).`);
    await t.db.node.update({ where: { id: target.id }, data: { enabled: false } });
    expect((await listServiceMoveTargets(ctx, { serviceId: service.id })).reason).toMatch(/^There is no other enabled node of this machine's driver in /);
  });
});
