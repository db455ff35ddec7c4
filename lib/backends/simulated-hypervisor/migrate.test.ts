import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeLocation } from "@/lib/testing/factories";
import { allocate } from "../capacity/allocate";
import { hypervisorForNode, hypervisorForVm } from "../registry";
import { injectFailure } from "../simulation/faults";
import { expectBackendError, makeOsImage, makeSite, makeVpsNode, settle, testContext } from "../testing/backend-test-kit";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const SIZE = { vcpus: 2, memoryMb: 4096, diskGb: 80, ipv6: 1 };

async function setup(options: { targetVcpus?: number } = {}) {
  const ctx = testContext(t.db);
  const location = await makeSite(t.db, { v4: 20 });
  const source = await makeVpsNode(t.db, location.id);
  const target = await makeVpsNode(t.db, location.id, { vcpus: options.targetVcpus ?? 32 });
  const debian = await makeOsImage(t.db);
  const hv = await hypervisorForNode(source.id, ctx);
  const running = async (name: string, extra: { start?: boolean } = {}) => {
    const allocation = await allocate(ctx, location.id, SIZE, { nodeId: source.id });
    const { vm, job } = await hv.create({ allocationId: allocation.id, name, image: { kind: "os", osImageId: debian.id }, start: extra.start });
    expect((await settle(ctx, job.id)).state).toBe("succeeded");
    return vm.id;
  };
  return { ctx, location, source, target, hv, debian, running };
}

const unitsOf = async (nodeId: string) => {
  const n = await t.db.node.findUniqueOrThrow({ where: { id: nodeId } });
  return { vcpus: n.allocatedVcpus, memoryMb: n.allocatedMemoryMb, diskGb: n.allocatedDiskGb };
};
const liveAllocations = (nodeId: string) => t.db.nodeAllocation.findMany({ where: { nodeId, releasedAt: null } });
const addressesOf = async (vmId: string) =>
  (await t.db.ipAddress.findMany({ where: { vmId }, orderBy: { address: "asc" } })).map((a) => ({ address: a.address, purpose: a.purpose, allocationId: a.allocationId }));
const NONE = { vcpus: 0, memoryMb: 0, diskGb: 0 };
const ONE = { vcpus: 2, memoryMb: 4096, diskGb: 80 };

describe("migrate", () => {
  it("holds the target's units at once; on success the machine, its allocation and its addresses are on the target, the source freed, still running", async () => {
    const { ctx, source, target, hv, running } = await setup();
    const vmId = await running("mover-1");
    const before = await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vmId } });
    const addresses = await addressesOf(vmId);
    expect(addresses).toHaveLength(2);
    await t.db.ipAddress.updateMany({ where: { vmId }, data: { reverseDns: "mover.example.com" } });

    const job = await hv.migrate(vmId, { targetNodeId: target.id });
    expect(job).toMatchObject({ operation: "migrate", nodeId: source.id, vmId });
    // Both nodes hold the machine while the disk is copied; the machine runs on the source.
    expect(await unitsOf(source.id)).toEqual(ONE);
    expect(await unitsOf(target.id)).toEqual(ONE);
    const [reservation] = await liveAllocations(target.id);
    expect(reservation).toMatchObject({ ...ONE, expiresAt: null });
    expect(await hv.status(vmId)).toMatchObject({ state: "running", nodeId: source.id, busy: { diskJobId: job.id, powerJobId: job.id } });
    await expectBackendError(hv.power(vmId, "stop"), "conflict");

    const done = await settle(ctx, job.id);
    expect(done).toMatchObject({ state: "succeeded", result: { fromNodeId: source.id, toNodeId: target.id } });
    const after = await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vmId } });
    expect(after).toMatchObject({ nodeId: target.id, allocationId: reservation!.id, state: "running", diskJobId: null, powerJobId: null, bootedAt: before.bootedAt, diskRevision: before.diskRevision });
    expect(await unitsOf(source.id)).toEqual(NONE);
    expect(await unitsOf(target.id)).toEqual(ONE);
    expect(await liveAllocations(source.id)).toEqual([]);
    expect((await t.db.nodeAllocation.findUniqueOrThrow({ where: { id: before.allocationId } })).releasedAt).not.toBeNull();
    // The same addresses, now reserved with the target allocation, reverse DNS kept.
    expect(await addressesOf(vmId)).toEqual(addresses.map((a) => ({ ...a, allocationId: reservation!.id })));
    expect((await t.db.ipAddress.findMany({ where: { vmId } })).every((a) => a.reverseDns === "mover.example.com")).toBe(true);

    // The machine is now the target's: the source's driver no longer knows it, the target's does.
    await expectBackendError(hv.status(vmId), "not_found");
    const there = await hypervisorForVm(vmId, ctx);
    expect(there.nodeId).toBe(target.id);
    const stop = await there.power(vmId, "stop");
    expect((await settle(ctx, stop.id)).state).toBe("succeeded");
    // Deleting it frees the target (and only the target).
    expect((await settle(ctx, (await there.delete(vmId)).id)).state).toBe("succeeded");
    expect(await unitsOf(target.id)).toEqual(NONE);
    expect(await unitsOf(source.id)).toEqual(NONE);
  });

  it("keeps a stopped machine stopped", async () => {
    const { ctx, target, hv, running } = await setup();
    const vmId = await running("mover-stopped", { start: false });
    expect((await settle(ctx, (await hv.migrate(vmId, { targetNodeId: target.id })).id)).state).toBe("succeeded");
    expect(await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vmId } })).toMatchObject({ nodeId: target.id, state: "stopped", bootedAt: null });
  });

  it("a failed move releases the target's reservation and leaves the machine where it was, as it was", async () => {
    const { ctx, source, target, hv, running } = await setup();
    const vmId = await running("mover-2");
    const before = await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vmId } });
    const addresses = await addressesOf(vmId);
    await injectFailure(t.db, { vm: vmId, operation: "migrate", code: "storage_capacity" });

    const job = await hv.migrate(vmId, { targetNodeId: target.id });
    expect(await unitsOf(target.id)).toEqual(ONE);
    const failed = await settle(ctx, job.id);
    expect(failed).toMatchObject({ state: "failed", error: { code: "storage_capacity" } });
    const after = await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vmId } });
    expect(after).toMatchObject({ nodeId: source.id, allocationId: before.allocationId, state: "running", diskJobId: null, powerJobId: null, bootedAt: before.bootedAt });
    expect(await unitsOf(source.id)).toEqual(ONE);
    expect(await unitsOf(target.id)).toEqual(NONE);
    expect(await liveAllocations(target.id)).toEqual([]);
    expect(await addressesOf(vmId)).toEqual(addresses);
    // It can be moved again afterwards.
    expect((await settle(ctx, (await hv.migrate(vmId, { targetNodeId: target.id })).id)).state).toBe("succeeded");
  });

  it("a submit-stage fault throws and holds nothing", async () => {
    const { target, hv, running } = await setup();
    const vmId = await running("mover-submit");
    await injectFailure(t.db, { vm: vmId, operation: "migrate", code: "provider_unreachable", stage: "submit" });
    await expectBackendError(hv.migrate(vmId, { targetNodeId: target.id }), "provider_unreachable");
    expect(await unitsOf(target.id)).toEqual(NONE);
    expect(await t.db.backendJob.count({ where: { vmId, operation: "migrate" } })).toBe(0);
  });

  it("refuses with capacity when the target has no room, holding nothing", async () => {
    const { target, hv, running } = await setup({ targetVcpus: 1 });
    const vmId = await running("mover-3");
    const error = await expectBackendError(hv.migrate(vmId, { targetNodeId: target.id }), "capacity");
    expect(error.message).toContain(target.name);
    expect(await unitsOf(target.id)).toEqual(NONE);
    expect(await liveAllocations(target.id)).toEqual([]);
    expect(await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vmId } })).toMatchObject({ diskJobId: null, powerJobId: null });
  });

  it("refuses with conflict while another job holds the machine's disk or power lock", async () => {
    const { ctx, target, hv, running } = await setup();
    const vmId = await running("mover-4");
    const snapshot = await hv.createSnapshot(vmId, { name: "before-move" });
    await expectBackendError(hv.migrate(vmId, { targetNodeId: target.id }), "conflict");
    await settle(ctx, snapshot.job.id);
    const restart = await hv.power(vmId, "restart");
    await expectBackendError(hv.migrate(vmId, { targetNodeId: target.id }), "conflict");
    await settle(ctx, restart.id);
    // And a second move while one runs: the first holds both locks.
    const first = await hv.migrate(vmId, { targetNodeId: target.id });
    await expectBackendError(hv.migrate(vmId, { targetNodeId: target.id }), "conflict");
    expect(await unitsOf(target.id)).toEqual(ONE);
    expect((await settle(ctx, first.id)).state).toBe("succeeded");
  });

  it("two moves of one machine at once: one is accepted, the target held once", async () => {
    const { ctx, target, hv, running } = await setup();
    const vmId = await running("mover-race");
    const results = await Promise.allSettled([1, 2].map(() => hv.migrate(vmId, { targetNodeId: target.id })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await unitsOf(target.id)).toEqual(ONE);
    const job = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ id: string }>).value;
    expect((await settle(ctx, job.id)).state).toBe("succeeded");
  });

  it("refuses with conflict a target that is the same node, disabled or in another location (not_found for no node)", async () => {
    const { source, location, hv, running } = await setup();
    const vmId = await running("mover-5");
    const disabled = await makeVpsNode(t.db, location.id, { enabled: false });
    const elsewhere = await makeVpsNode(t.db, (await makeLocation(t.db)).id);
    for (const targetNodeId of [source.id, disabled.id, elsewhere.id]) await expectBackendError(hv.migrate(vmId, { targetNodeId }), "conflict");
    await expectBackendError(hv.migrate(vmId, { targetNodeId: "00000000-0000-4000-8000-000000000000" }), "not_found");
    for (const n of [disabled, elsewhere]) expect(await unitsOf(n.id)).toEqual(NONE);
    expect(await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vmId } })).toMatchObject({ nodeId: source.id, diskJobId: null, powerJobId: null });
  });

  it("deleting the machine mid-move gives the target's units back", async () => {
    const { ctx, source, target, hv, running } = await setup();
    const vmId = await running("mover-6");
    const move = await hv.migrate(vmId, { targetNodeId: target.id });
    const removal = await hv.delete(vmId);
    expect((await settle(ctx, move.id)).state).toBe("failed");
    expect(await unitsOf(target.id)).toEqual(NONE);
    expect((await settle(ctx, removal.id)).state).toBe("succeeded");
    expect(await unitsOf(source.id)).toEqual(NONE);
  });
});
