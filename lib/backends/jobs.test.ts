import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { allocate } from "./capacity/allocate";
import { advance, getJob } from "./jobs";
import { hypervisorForNode, hypervisorForVm } from "./registry";
import { clearFailures, injectFailure } from "./simulation/faults";
import { expectBackendError, makeOsImage, makeSite, makeVpsNode, settle, testContext } from "./testing/backend-test-kit";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const SIZE = { vcpus: 2, memoryMb: 4096, diskGb: 80 };

async function setup(options: { simulator?: { timeScale?: number; durationsMs?: Record<string, number> } } = {}) {
  const ctx = testContext(t.db, { simulator: options.simulator });
  const location = await makeSite(t.db);
  const node = await makeVpsNode(t.db, location.id);
  const image = await makeOsImage(t.db);
  const hv = await hypervisorForNode(node.id, ctx);
  const build = async (name = `vm${Math.random().toString(36).slice(2, 8)}`) => {
    const allocation = await allocate(ctx, location.id, SIZE);
    return hv.create({ allocationId: allocation.id, name, image: { kind: "os", osImageId: image.id }, rootPassword: "initial-pass" });
  };
  const running = async () => {
    const { vm, job } = await build();
    await settle(ctx, job.id);
    return vm;
  };
  return { ctx, location, node, image, hv, build, running };
}

describe("job lifecycle on the injected clock", () => {
  it("queues, runs its steps with progress, and succeeds exactly when its timeline ends", async () => {
    const { ctx, hv, build } = await setup();
    const t0 = ctx.clock.now().getTime();
    const { vm, job } = await build();
    expect(job).toMatchObject({ state: "queued", progress: 0, step: null, operation: "create", vmId: vm.id, error: null, result: null });
    expect(vm.state).toBe("creating");
    expect(vm.osInstallationStatus).toBe("in_progress");

    // queue 500 ms, then defining 2 s, imaging 15 s, booting 8 s: 25 s of steps.
    ctx.clock.set(new Date(t0 + 499));
    expect((await getJob(job.id, ctx)).state).toBe("queued");
    ctx.clock.set(new Date(t0 + 500));
    expect(await getJob(job.id, ctx)).toMatchObject({ state: "running", step: "defining", progress: 0 });
    expect((await hv.status(vm.id)).externalId).toMatch(/^[0-9a-f-]{36}$/);

    ctx.clock.set(new Date(t0 + 500 + 10_000));
    expect(await getJob(job.id, ctx)).toMatchObject({ state: "running", step: "imaging", progress: 40 });
    ctx.clock.set(new Date(t0 + 500 + 24_999));
    expect(await getJob(job.id, ctx)).toMatchObject({ state: "running", step: "booting", progress: 99 });
    expect((await hv.status(vm.id)).state).toBe("creating");

    ctx.clock.set(new Date(t0 + 500 + 25_000));
    const done = await getJob(job.id, ctx);
    expect(done).toMatchObject({ state: "succeeded", progress: 100, error: null });
    expect(done.startedAt?.getTime()).toBe(t0 + 500);
    expect(done.finishedAt?.getTime()).toBe(t0 + 25_500);
    expect(await hv.status(vm.id)).toMatchObject({ state: "running", osInstallationStatus: "completed", busy: { diskJobId: null, powerJobId: null } });
  });

  it("advance(now) moves every due job without anyone polling, and leaves the rest alone", async () => {
    const { ctx, build } = await setup();
    const a = await build();
    const b = await build();
    ctx.clock.advance(1_000);
    const early = await advance(ctx.clock.now(), ctx);
    expect(early.advanced).toBeGreaterThanOrEqual(2);
    expect((await t.db.backendJob.findUniqueOrThrow({ where: { id: a.job.id } })).state).toBe("running");

    ctx.clock.advance(60_000);
    const report = await advance(ctx.clock.now(), ctx);
    expect(report.errors).toEqual([]);
    expect(report.finished).toBeGreaterThanOrEqual(2);
    for (const { job, vm } of [a, b]) {
      expect((await t.db.backendJob.findUniqueOrThrow({ where: { id: job.id } })).state).toBe("succeeded");
      expect((await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vm.id } })).state).toBe("running");
    }
    const idle = await advance(ctx.clock.now(), ctx);
    expect(await t.db.backendJob.count({ where: { id: { in: [a.job.id, b.job.id] }, state: { in: ["queued", "running"] } } })).toBe(0);
    expect(idle.errors).toEqual([]);
  });

  it("takes durations from the process and the node; timeScale 0 finishes a job on submission", async () => {
    const instant = await setup({ simulator: { timeScale: 0 } });
    const { vm, job } = await instant.build();
    expect(job.state).toBe("succeeded");
    expect((await instant.hv.status(vm.id)).state).toBe("running");

    const ctx = testContext(t.db);
    const location = await makeSite(t.db);
    const node = await makeVpsNode(t.db, location.id, { config: { durationsMs: { queue: 0, "create.imaging": 60_000 } } });
    const image = await makeOsImage(t.db);
    const allocation = await allocate(ctx, location.id, SIZE);
    const hv = await hypervisorForNode(node.id, ctx);
    const created = await hv.create({ allocationId: allocation.id, name: "slow-image", image: { kind: "os", osImageId: image.id } });
    const t0 = ctx.clock.now().getTime();
    ctx.clock.set(new Date(t0 + 2_000 + 59_999));
    expect(await getJob(created.job.id, ctx)).toMatchObject({ state: "running", step: "imaging" });
    ctx.clock.set(new Date(t0 + 2_000 + 60_000 + 8_000));
    expect((await getJob(created.job.id, ctx)).state).toBe("succeeded");
  });

  it("applies a job's effects once when several callers advance it at the same moment", async () => {
    const { ctx, hv, running, image } = await setup();
    const vm = await running();
    const before = await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vm.id } });
    const job = await hv.reinstall(vm.id, { image: { kind: "os", osImageId: image.id }, rootPassword: "another-pass" });
    ctx.clock.advance(10 * 60_000);
    const other = testContext(t.db, { clock: ctx.clock });
    const views = await Promise.all([getJob(job.id, ctx), getJob(job.id, other), advance(ctx.clock.now(), other).then(() => getJob(job.id, ctx))]);
    expect(views.map((v) => v.state)).toEqual(["succeeded", "succeeded", "succeeded"]);
    expect(new Set(views.map((v) => v.finishedAt?.getTime())).size).toBe(1);
    const after = await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vm.id } });
    expect(after.diskRevision).toBe(before.diskRevision + 1);
  });

  it("answers not_found for an unknown job", async () => {
    const { ctx } = await setup();
    await expectBackendError(getJob("00000000-0000-4000-8000-000000000000", ctx), "not_found");
  });

  it("looks drivers up by the node's driver name, refusing an unknown one", async () => {
    const { ctx, node, running } = await setup();
    const vm = await running();
    expect((await hypervisorForVm(vm.id, ctx)).driver).toBe("simulated-hypervisor");
    await t.db.node.update({ where: { id: node.id }, data: { driver: "libvirt" } });
    try {
      await expectBackendError(hypervisorForNode(node.id, ctx), "configuration");
    } finally {
      await t.db.node.update({ where: { id: node.id }, data: { driver: "simulated-hypervisor" } });
    }
  });
});

describe("power", () => {
  it("stops and starts through jobs; an action already in effect succeeds at once", async () => {
    const { ctx, hv, running } = await setup();
    const vm = await running();
    const noop = await hv.power(vm.id, "start");
    expect(noop).toMatchObject({ state: "succeeded", result: { action: "start", alreadyInState: true } });

    const stop = await hv.power(vm.id, "stop");
    expect(stop.state).toBe("queued");
    expect((await hv.status(vm.id)).state).toBe("running");
    expect((await settle(ctx, stop.id)).result).toEqual({ action: "stop", alreadyInState: false });
    expect((await hv.status(vm.id)).state).toBe("stopped");
    expect((await hv.power(vm.id, "stop")).result).toMatchObject({ alreadyInState: true });

    const start = await hv.power(vm.id, "start");
    await settle(ctx, start.id);
    expect((await hv.status(vm.id)).state).toBe("running");
  });

  it("refuses power while the machine is built, a second power job, and restart of a stopped machine", async () => {
    const { ctx, hv, build, running } = await setup();
    const { vm: building } = await build();
    await expectBackendError(hv.power(building.id, "stop"), "conflict");

    const vm = await running();
    const restart = await hv.power(vm.id, "restart");
    await expectBackendError(hv.power(vm.id, "stop"), "conflict");
    await settle(ctx, restart.id);
    expect((await hv.status(vm.id)).state).toBe("running");

    await settle(ctx, (await hv.power(vm.id, "stop")).id);
    await expectBackendError(hv.power(vm.id, "restart"), "conflict");
  });
});

describe("injected failures", () => {
  it("fails the job at the end of its timeline with the injected code; the machine goes to error", async () => {
    const { ctx, node, hv, build } = await setup();
    await injectFailure(t.db, { node: node.id, operation: "create", code: "install_timeout" });
    const { vm, job } = await build();
    expect(job.state).toBe("queued");
    const failed = await settle(ctx, job.id);
    expect(failed).toMatchObject({ state: "failed", error: { code: "install_timeout", retryable: true } });
    expect(failed.error?.message).toMatch(/injected/);
    expect(await hv.status(vm.id)).toMatchObject({ state: "error", osInstallationStatus: "failed", busy: { diskJobId: null, powerJobId: null } });

    // Used up: the next build succeeds.
    const next = await build();
    expect((await settle(ctx, next.job.id)).state).toBe("succeeded");
  });

  it("fails exactly `times` matching calls, scoped to the machine it names", async () => {
    const { ctx, hv, running } = await setup();
    const vm = await running();
    const bystander = await running();
    await injectFailure(t.db, { vm: vm.id, operation: "stop", code: "provider_unreachable", times: 2 });
    for (let i = 0; i < 2; i++) {
      expect((await settle(ctx, (await hv.power(vm.id, "stop")).id)).error?.code).toBe("provider_unreachable");
      expect((await hv.status(vm.id)).state).toBe("running");
    }
    expect((await settle(ctx, (await hv.power(bystander.id, "stop")).id)).state).toBe("succeeded");
    expect((await settle(ctx, (await hv.power(vm.id, "stop")).id)).state).toBe("succeeded");
  });

  it("submit-stage faults make the call itself throw, until cleared", async () => {
    const { node, hv, build, running } = await setup();
    const vm = await running();
    await injectFailure(t.db, { node: node.id, operation: "*", code: "provider_unreachable", stage: "submit", times: null });
    const error = await expectBackendError(build(), "provider_unreachable");
    expect(error.retryable).toBe(true);
    await expectBackendError(hv.status(vm.id), "provider_unreachable");
    await expectBackendError(hv.power(vm.id, "stop"), "provider_unreachable");
    expect(await clearFailures(t.db, { node: node.id })).toBe(1);
    expect((await hv.status(vm.id)).state).toBe("running");
  });
});
