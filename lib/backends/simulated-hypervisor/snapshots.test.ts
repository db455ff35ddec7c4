import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { BackendError } from "../backend-error";
import { allocate } from "../capacity/allocate";
import { getJob } from "../jobs";
import { hypervisorForNode } from "../registry";
import { injectFailure } from "../simulation/faults";
import { expectBackendError, makeOsImage, makeSite, makeVpsNode, settle, testContext } from "../testing/backend-test-kit";
import { simulateHostEvent } from "./simulator-controls";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

async function setup() {
  const ctx = testContext(t.db);
  const location = await makeSite(t.db);
  const node = await makeVpsNode(t.db, location.id);
  const debian = await makeOsImage(t.db, { name: "Debian 12" });
  const alma = await makeOsImage(t.db, { name: "AlmaLinux 9" });
  const hv = await hypervisorForNode(node.id, ctx);
  const running = async () => {
    const allocation = await allocate(ctx, location.id, { vcpus: 2, memoryMb: 4096, diskGb: 80 });
    const { vm, job } = await hv.create({ allocationId: allocation.id, name: `vm-${allocation.id.slice(0, 8)}`, image: { kind: "os", osImageId: debian.id } });
    await settle(ctx, job.id);
    return vm.id;
  };
  const snapshot = async (vmId: string, name: string) => {
    const { job } = await hv.createSnapshot(vmId, { name });
    expect((await settle(ctx, job.id)).state).toBe("succeeded");
  };
  const diskRevision = async (vmId: string) => (await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vmId } })).diskRevision;
  return { ctx, node, hv, debian, alma, running, snapshot, diskRevision };
}

describe("snapshots: one disk job at a time", () => {
  it("refuses another snapshot, a capture, a reinstall or a snapshot delete while a snapshot is taken, and allows them after", async () => {
    const { ctx, hv, debian, running, snapshot } = await setup();
    const vm = await running();
    await snapshot(vm, "base");
    const { snapshot: row, job } = await hv.createSnapshot(vm, { name: "nightly", description: "before upgrade" });
    expect(row).toMatchObject({ name: "nightly", description: "before upgrade", status: "creating", inProgress: true, restorable: false, hasMemory: false });
    expect(job.state).toBe("queued");
    const base = (await hv.listSnapshots(vm)).find((s) => s.name === "base")!;

    // One at a time: promises started together would reject before anything awaits them.
    const refusals = [
      () => hv.createSnapshot(vm, { name: "second" }),
      () => hv.capture(vm, { name: "image" }),
      () => hv.reinstall(vm, { image: { kind: "os", osImageId: debian.id }, rootPassword: "password-1" }),
      () => hv.deleteSnapshot(vm, base.id),
      () => hv.revertSnapshot(vm, base.id),
    ];
    for (const refusal of refusals) {
      const error = await expectBackendError(refusal(), "conflict");
      expect(error.message).toMatch(/disk job/);
    }
    // Power is not a disk job.
    await settle(ctx, (await hv.power(vm, "restart")).id);

    expect((await settle(ctx, job.id)).state).toBe("succeeded");
    await snapshot(vm, "second");
    expect((await hv.listSnapshots(vm)).map((s) => [s.name, s.status])).toEqual([
      ["base", "available"],
      ["nightly", "available"],
      ["second", "available"],
    ]);
  });

  it("lets exactly one of several parallel snapshot requests through", async () => {
    const { hv, running } = await setup();
    const vm = await running();
    const results = await Promise.allSettled(["a", "b", "c", "d", "e"].map((name) => hv.createSnapshot(vm, { name })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as BackendError).code).toBe("conflict");
    expect(await t.db.vmSnapshot.count({ where: { vmId: vm } })).toBe(1);
  });

  it("refuses a duplicate name and a snapshot over the plan's limit", async () => {
    const { hv, running, snapshot } = await setup();
    const vm = await running();
    await snapshot(vm, "one");
    await expectBackendError(hv.createSnapshot(vm, { name: "one" }), "conflict");
    await expectBackendError(hv.createSnapshot(vm, { name: "two", limit: 1 }), "conflict");
    // The refused requests left no lock and no row behind.
    expect((await hv.status(vm)).busy.diskJobId).toBeNull();
    expect((await hv.listSnapshots(vm)).map((s) => s.name)).toEqual(["one"]);
    await snapshot(vm, "two");
  });

  it("lists sizes and what a revert would do", async () => {
    const { hv, running, snapshot } = await setup();
    const vm = await running();
    await snapshot(vm, "s1");
    await simulateHostEvent(t.db, vm, "disk_write");
    await snapshot(vm, "s2");
    const [s1, s2] = await hv.listSnapshots(vm);
    expect(s1).toMatchObject({ destroysOnRestore: ["s2"], comesBackRunning: true, restorable: true, inProgress: false, crashConsistent: false });
    expect(s2!.destroysOnRestore).toEqual([]);
    expect(s2!.sizeBytes).toBeGreaterThan(s1!.sizeBytes!);
    expect(s1!.completedAt).toBeInstanceOf(Date);
  });
});

describe("snapshots: revert", () => {
  it("stops a running machine, restores the disk, destroys newer snapshots and starts it again", async () => {
    const { ctx, hv, running, snapshot, diskRevision } = await setup();
    const vm = await running();
    await snapshot(vm, "s1");
    const atS1 = await diskRevision(vm);
    await simulateHostEvent(t.db, vm, "disk_write");
    await snapshot(vm, "s2");
    await simulateHostEvent(t.db, vm, "disk_write");
    await snapshot(vm, "s3");
    await simulateHostEvent(t.db, vm, "disk_write");
    const s1 = (await hv.listSnapshots(vm))[0]!;

    const job = await hv.revertSnapshot(vm, s1.id);
    expect((await hv.listSnapshots(vm))[0]!.status).toBe("reverting");
    const t0 = ctx.clock.now().getTime();
    // queue 500 ms, shutting_down 4 s, then reverting: the machine is down.
    ctx.clock.set(new Date(t0 + 500 + 4_000));
    expect((await getJob(job.id, ctx)).step).toBe("reverting");
    expect((await hv.status(vm)).state).toBe("stopped");

    const done = await settle(ctx, job.id);
    expect(done).toMatchObject({ state: "succeeded", result: { destroyed: ["s2", "s3"], running: true } });
    expect(await hv.status(vm)).toMatchObject({ state: "running", busy: { diskJobId: null, powerJobId: null } });
    expect(await diskRevision(vm)).toBe(atS1);
    expect((await hv.listSnapshots(vm)).map((s) => [s.name, s.status])).toEqual([["s1", "available"]]);
  });

  it("leaves a stopped machine stopped, with no shutdown or boot step, and brings back the OS a reinstall replaced", async () => {
    const { ctx, hv, alma, running, snapshot } = await setup();
    const vm = await running();
    await snapshot(vm, "debian");
    await settle(ctx, (await hv.reinstall(vm, { image: { kind: "os", osImageId: alma.id }, rootPassword: "password-2" })).id);
    expect((await hv.status(vm)).os?.name).toBe("AlmaLinux 9");
    await settle(ctx, (await hv.power(vm, "stop")).id);
    const [s] = await hv.listSnapshots(vm);
    expect(s!.comesBackRunning).toBe(false);

    const job = await hv.revertSnapshot(vm, s!.id);
    const row = await t.db.backendJob.findUniqueOrThrow({ where: { id: job.id } });
    expect((row.timeline as { name: string }[]).map((x) => x.name)).toEqual(["reverting"]);
    expect((await settle(ctx, job.id)).result).toMatchObject({ running: false });
    expect(await hv.status(vm)).toMatchObject({ state: "stopped", os: { name: "Debian 12" } });
  });

  it("refuses a snapshot that is not available or not this machine's", async () => {
    const { ctx, hv, running, snapshot } = await setup();
    const vm = await running();
    const other = await running();
    await snapshot(other, "theirs");
    const theirs = (await hv.listSnapshots(other))[0]!;
    await expectBackendError(hv.revertSnapshot(vm, theirs.id), "not_found");
    await expectBackendError(hv.revertSnapshot(vm, "00000000-0000-4000-8000-000000000000"), "not_found");

    await injectFailure(t.db, { vm, operation: "snapshot.create", code: "storage_capacity" });
    const { job } = await hv.createSnapshot(vm, { name: "broken" });
    expect((await settle(ctx, job.id)).error?.code).toBe("storage_capacity");
    const broken = (await hv.listSnapshots(vm))[0]!;
    expect(broken).toMatchObject({ status: "error", restorable: false });
    await expectBackendError(hv.revertSnapshot(vm, broken.id), "conflict");
    // A snapshot in error can still be deleted.
    await settle(ctx, (await hv.deleteSnapshot(vm, broken.id)).id);
    expect(await hv.listSnapshots(vm)).toEqual([]);
  });

  it("puts the machine back as it was when the revert fails", async () => {
    const { ctx, hv, running, snapshot } = await setup();
    const vm = await running();
    await snapshot(vm, "s1");
    await injectFailure(t.db, { vm, operation: "snapshot.revert", code: "unknown", message: "qemu-img: could not open disk" });
    const s1 = (await hv.listSnapshots(vm))[0]!;
    const failed = await settle(ctx, (await hv.revertSnapshot(vm, s1.id)).id);
    expect(failed.error).toEqual({ code: "unknown", message: "qemu-img: could not open disk", retryable: true });
    expect((await hv.status(vm)).state).toBe("running");
    expect((await hv.listSnapshots(vm))[0]!.status).toBe("available");
  });
});

describe("snapshots: delete", () => {
  it("marks a snapshot deleting, then stops listing it", async () => {
    const { ctx, hv, running, snapshot } = await setup();
    const vm = await running();
    await snapshot(vm, "old");
    const old = (await hv.listSnapshots(vm))[0]!;
    const job = await hv.deleteSnapshot(vm, old.id);
    expect((await hv.listSnapshots(vm))[0]).toMatchObject({ status: "deleting", inProgress: true });
    await settle(ctx, job.id);
    expect(await hv.listSnapshots(vm)).toEqual([]);
    await expectBackendError(hv.deleteSnapshot(vm, old.id), "not_found");
    // The name is free again.
    await snapshot(vm, "old");
  });
});
