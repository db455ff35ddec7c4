import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allocate } from "@/lib/backends/capacity/allocate";
import { createManualClock } from "@/lib/backends/clock";
import { injectFailure } from "@/lib/backends/simulation/faults";
import { testContext } from "@/lib/backends/testing/backend-test-kit";
import { claimProvisioning, placeService, startBuild } from "@/lib/services/provisioning/provisioning-steps";
import { PROVISIONING_FAILURE_MESSAGES } from "@/lib/services/provisioning/failure-messages";
import { runLifecycleVerb } from "@/lib/services/lifecycle/run-lifecycle-verb";
import { serviceContext } from "@/lib/services/service-context";
import { SERVICE_PROVISION_EVENT } from "@/lib/services/request-provisioning";
import {
  makeCustomer,
  makeDedicatedSite,
  makePendingService,
  makeResellerWithCustomer,
  makeVpsSite,
} from "@/lib/services/testing/service-factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { inngest } from "../client";
import { EmbeddedRunner } from "../embedded/embedded-runner";
import { recordingLogger } from "../embedded/test-support";
import { functions } from "../functions";
import { createAdvanceBackendJobsFunction } from "./advance-backend-jobs";
import { createProvisionServiceFunction, provisionService } from "./provision-service";
import { sweepPendingServices } from "./sweep-pending-services";
import { terminateCancelledServices } from "./terminate-cancelled-services";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

/** One runner per test, its clock shared with the backends (the simulator's jobs are timelines on it). */
function harness(start = "2026-03-02T10:00:00.000Z", faults: { failNextStep?: boolean } = {}) {
  const clock = createManualClock(start);
  const base = testContext(t.db, { clock });
  // A step that reads the clock while failNextStep is set throws once: a process or a node agent gone mid-step.
  const ctx = {
    ...base,
    clock: {
      ...clock,
      now: () => {
        if (faults.failNextStep) {
          faults.failNextStep = false;
          throw new Error("the node agent went away");
        }
        return clock.now();
      },
    },
  };
  const provision = createProvisionServiceFunction(() => ctx);
  const tick = createAdvanceBackendJobsFunction(() => ctx);
  const logger = recordingLogger();
  const runner = new EmbeddedRunner({ db: t.db, functions: [provision, tick, sweepPendingServices], client: inngest, clock: () => clock.now(), logger, backoff: () => 1000 });
  const request = (serviceId: string, id = `provision-${serviceId}`) => runner.send({ id, name: SERVICE_PROVISION_EVENT, data: { serviceId } });
  /** Moves time in small steps until the service leaves pending/installing (or the budget runs out). */
  const until = async (serviceId: string, budgetMs = 10 * 60 * 1000) => {
    await runner.runDue();
    for (let spent = 0; spent < budgetMs; spent += 5000) {
      const s = await t.db.service.findUniqueOrThrow({ where: { id: serviceId } });
      if (s.status !== "pending" && s.status !== "installing") return s;
      clock.advance(5000);
      await runner.tick();
    }
    return t.db.service.findUniqueOrThrow({ where: { id: serviceId } });
  };
  return { clock, ctx, runner, request, until, logger };
}

const runsOf = (serviceId: string) =>
  t.db.jobRun.findMany({ where: { functionId: "rackfront-service-provision", event: { path: ["data", "serviceId"], equals: serviceId } } });

it("is registered with the app's functions", () => {
  expect(functions).toContain(provisionService);
  expect(functions).toContain(sweepPendingServices);
  expect(functions).toContain(terminateCancelledServices);
});

describe("a VPS build", () => {
  it("holds capacity, creates the machine, goes installing then active and tells the reseller", async () => {
    const site = await makeVpsSite(t.db);
    const reseller = await makeResellerWithCustomer(t.db);
    const { service, order } = await makePendingService(t.db, {
      accountId: reseller.account.id,
      productId: site.product.id,
      locationId: site.location.id,
      resellerId: reseller.profile.id,
      resellerCustomerId: reseller.customer.id,
      externalOrderId: "ext-1",
      configuration: { osImageId: site.ubuntu.id, ssh_keys: ["ssh-ed25519 AAAAC3Nza me@example"], user_data: "#cloud-config\npackages: [nginx]\n" },
    });
    // An account key (GET /ssh-keys) is installed as well, once.
    await t.db.sshKey.create({ data: { accountId: reseller.account.id, name: "laptop", publicKey: "ssh-ed25519 AAAAC3Nzb account@example", fingerprint: "SHA256:x", type: "ed25519" } });
    await t.db.sshKey.create({ data: { accountId: reseller.account.id, name: "dup", publicKey: "ssh-ed25519 AAAAC3Nza me@example", fingerprint: "SHA256:y", type: "ed25519" } });
    const h = harness();
    await h.request(service.id);
    await h.runner.runDue();

    // Capacity is held and claimed before the install runs; the service is installing.
    const during = await t.db.service.findUniqueOrThrow({ where: { id: service.id } });
    expect(during.status).toBe("installing");
    expect(during.provisionRunId).not.toBeNull();
    const node = await t.db.node.findUniqueOrThrow({ where: { id: site.node.id } });
    expect(node).toMatchObject({ allocatedVcpus: 2, allocatedMemoryMb: 4096, allocatedDiskGb: 80 });
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: service.id } });
    // Named after the service on the node (docs/decisions.md#r11); the guest gets the ordered hostname.
    expect(vm).toMatchObject({ state: "creating", name: `svc-${service.id}`, hostname: service.hostname, osImageId: site.ubuntu.id, sshKeys: ["ssh-ed25519 AAAAC3Nza me@example", "ssh-ed25519 AAAAC3Nzb account@example"] });

    const done = await h.until(service.id);
    expect(done).toMatchObject({ status: "active", failureCode: null });
    expect(done.deliveredAt).not.toBeNull();
    expect(await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vm.id } })).toMatchObject({ state: "running", osInstallStatus: "completed" });
    expect(await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ provisioningStatus: "provisioned", provisioningError: null });

    const ip = await t.db.ipAddress.findFirstOrThrow({ where: { vmId: vm.id } });
    const events = await t.db.outboxEvent.findMany({ where: { resellerId: reseller.profile.id } });
    expect(events.map((e) => e.type)).toEqual(["service.provisioned"]);
    // A reseller hears by webhook, not by a "service ready" email about its customer's machine.
    expect(await t.db.outboxEvent.count({ where: { type: "account.service.ready", payload: { path: ["serviceId"], equals: service.id } } })).toBe(0);
    expect(events[0]!.payload).toEqual({
      serviceId: service.id,
      orderId: order.id,
      externalOrderId: "ext-1",
      externalCustomerId: reseller.customer.externalCustomerId,
      status: "active",
      serverIp: ip.address,
      hostname: service.hostname,
    });
    const [run] = await runsOf(service.id);
    expect(run).toMatchObject({ status: "completed", output: { status: "active" } });
  });

  it("uses the product's default image when the order named none, and raises no reseller event for an ordinary customer (an account event for its email instead)", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    const h = harness();
    await h.request(service.id);
    expect((await h.until(service.id)).status).toBe("active");
    expect(await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: service.id } })).toMatchObject({ osImageId: site.debian.id });
    // No reseller event; the customer's people are told by email (one account event).
    const events = await t.db.outboxEvent.findMany({ where: { payload: { path: ["serviceId"], equals: service.id } }, select: { type: true, resellerId: true } });
    expect(events).toEqual([{ type: "account.service.ready", resellerId: null }]);
  });
});

describe("failures", () => {
  async function failed(serviceId: string, orderId: string, code: string) {
    const s = await t.db.service.findUniqueOrThrow({ where: { id: serviceId } });
    expect(s.status).toBe("provisioning_failed");
    expect(s.failureCode).toBe(code);
    expect(s.failureDetail).toBeTruthy();
    const order = await t.db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order.provisioningStatus).toBe("failed");
    expect(order.provisioningError).toBe(PROVISIONING_FAILURE_MESSAGES[code as keyof typeof PROVISIONING_FAILURE_MESSAGES]);
    return s;
  }

  it("capacity: no node has room; nothing is held and the reseller hears provisioning_failed", async () => {
    const site = await makeVpsSite(t.db, { nodeVcpus: 1 });
    const reseller = await makeResellerWithCustomer(t.db);
    const { service, order } = await makePendingService(t.db, { accountId: reseller.account.id, productId: site.product.id, locationId: site.location.id, resellerId: reseller.profile.id });
    const h = harness();
    await h.request(service.id);
    await h.until(service.id);
    await failed(service.id, order.id, "capacity");
    expect(await t.db.nodeAllocation.count({ where: { nodeId: site.node.id } })).toBe(0);
    const events = await t.db.outboxEvent.findMany({ where: { resellerId: reseller.profile.id } });
    expect(events.map((e) => [e.type, e.payload])).toEqual([
      ["service.provisioning_failed", { serviceId: service.id, provisioningError: PROVISIONING_FAILURE_MESSAGES.capacity, stage: "allocate" }],
    ]);
  });

  it("ip_capacity: the location's pool is empty", async () => {
    const site = await makeVpsSite(t.db, { v4: 1 });
    await allocate(testContext(t.db), site.location.id, { vcpus: 1, memoryMb: 512, diskGb: 10 }, { ttlMs: null });
    const { account } = await makeCustomer(t.db);
    const { service, order } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    const h = harness();
    await h.request(service.id);
    await h.until(service.id);
    await failed(service.id, order.id, "ip_capacity");
    expect(await t.db.node.findUniqueOrThrow({ where: { id: site.node.id } })).toMatchObject({ allocatedVcpus: 1 });
  });

  it("install_timeout: retried once; the machine that timed out is deleted and the second build goes active", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    await injectFailure(t.db, { node: site.node.id, operation: "create", code: "install_timeout", times: 1 });
    const h = harness();
    await h.request(service.id);
    expect(await h.until(service.id)).toMatchObject({ status: "active", failureCode: null });
    const vms = await t.db.virtualMachine.findMany({ where: { serviceId: service.id }, orderBy: { createdAt: "asc" } });
    expect(vms).toHaveLength(2);
    expect(vms[0]!.destroyedAt).not.toBeNull();
    expect(vms[1]).toMatchObject({ destroyedAt: null, state: "running", name: `svc-${service.id}`, hostname: service.hostname });
    expect(await t.db.node.findUniqueOrThrow({ where: { id: site.node.id } })).toMatchObject({ allocatedVcpus: 2 });
    expect(await t.db.nodeAllocation.findMany({ where: { label: { startsWith: `service:${service.id}` }, releasedAt: null } })).toEqual([expect.objectContaining({ label: `service:${service.id}#1` })]);
  });

  it("install_timeout twice: the machine is deleted and its capacity comes back", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service, order } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    await injectFailure(t.db, { node: site.node.id, operation: "create", code: "install_timeout", times: 2 });
    const h = harness();
    await h.request(service.id);
    await h.until(service.id);
    await failed(service.id, order.id, "install_timeout");
    // The delete job runs on the backend tick.
    for (let i = 0; i < 12; i++) {
      h.clock.advance(60_000);
      await h.runner.tick();
    }
    expect(await t.db.node.findUniqueOrThrow({ where: { id: site.node.id } })).toMatchObject({ allocatedVcpus: 0, allocatedMemoryMb: 0, allocatedDiskGb: 0 });
    const vms = await t.db.virtualMachine.findMany({ where: { serviceId: service.id } });
    expect(vms).toHaveLength(2);
    expect(vms.every((v) => v.destroyedAt !== null)).toBe(true);
  });

  it("configuration: user data the installer refuses; the allocation is released at once", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service, order } = await makePendingService(t.db, {
      accountId: account.id,
      productId: site.product.id,
      locationId: site.location.id,
      configuration: { user_data: "echo not a script" },
    });
    const h = harness();
    await h.request(service.id);
    await h.until(service.id);
    await failed(service.id, order.id, "configuration");
    expect(await t.db.node.findUniqueOrThrow({ where: { id: site.node.id } })).toMatchObject({ allocatedVcpus: 0 });
  });

  it("one hostname twice on the only node is no conflict: machines are named after their service (docs/decisions.md#r11)", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const first = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, hostname: "same.example.com" });
    const second = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, hostname: "same.example.com" });
    const h = harness();
    await h.request(first.service.id);
    expect((await h.until(first.service.id)).status).toBe("active");
    await h.request(second.service.id);
    expect((await h.until(second.service.id)).status).toBe("active");
    const vms = await t.db.virtualMachine.findMany({ where: { serviceId: { in: [first.service.id, second.service.id] } }, orderBy: { createdAt: "asc" } });
    expect(vms.map((v) => [v.nodeId, v.name, v.hostname])).toEqual([
      [site.node.id, `svc-${first.service.id}`, "same.example.com"],
      [site.node.id, `svc-${second.service.id}`, "same.example.com"],
    ]);
  });

  it("provider_unreachable at submit, twice (the one retry fails too)", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service, order } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    await injectFailure(t.db, { node: site.node.id, operation: "create", code: "provider_unreachable", stage: "submit", times: 2 });
    const h = harness();
    await h.request(service.id);
    await h.until(service.id);
    await failed(service.id, order.id, "provider_unreachable");
  });
  it("storage_capacity: the node's storage refuses the disk on both attempts; nothing stays held", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service, order } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    await injectFailure(t.db, { node: site.node.id, operation: "create", code: "storage_capacity", times: 2 });
    // A day of its own: the backend tick is a cron run once per minute across every runner on this database.
    const h = harness("2026-03-06T10:00:00.000Z");
    await h.request(service.id);
    await h.until(service.id);
    await failed(service.id, order.id, "storage_capacity");
    for (let i = 0; i < 12; i++) {
      h.clock.advance(60_000);
      await h.runner.tick();
    }
    expect(await t.db.node.findUniqueOrThrow({ where: { id: site.node.id } })).toMatchObject({ allocatedVcpus: 0, allocatedDiskGb: 0 });
    expect(await t.db.nodeAllocation.count({ where: { label: { startsWith: `service:${service.id}` }, releasedAt: null } })).toBe(0);
  });

  it("unknown: a driver error it cannot name, on both attempts", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service, order } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    await injectFailure(t.db, { node: site.node.id, operation: "create", code: "unknown", times: 2 });
    const h = harness();
    await h.request(service.id);
    await h.until(service.id);
    await failed(service.id, order.id, "unknown");
  });

  it("unknown: a run whose steps keep throwing gives up, and the service does not stay pending", async () => {
    const site = await makeVpsSite(t.db);
    const reseller = await makeResellerWithCustomer(t.db);
    const { service, order } = await makePendingService(t.db, { accountId: reseller.account.id, productId: site.product.id, locationId: site.location.id, resellerId: reseller.profile.id });
    // Every step that reads the clock throws (the node agent never comes back) until the run's retries run out.
    const faults = { failNextStep: false };
    const h = harness("2026-03-02T10:00:00.000Z", faults);
    await h.request(service.id);
    for (let i = 0; i < 40; i++) {
      faults.failNextStep = true;
      h.clock.advance(5000);
      await h.runner.tick();
      const s = await t.db.service.findUniqueOrThrow({ where: { id: service.id } });
      if (s.status === "provisioning_failed") break;
    }
    await failed(service.id, order.id, "unknown");
    const [run] = await runsOf(service.id);
    expect(run!.status).toBe("failed");
    const events = await t.db.outboxEvent.findMany({ where: { resellerId: reseller.profile.id } });
    expect(events.map((e) => e.type)).toEqual(["service.provisioning_failed"]);
  });
});

describe("idempotency", () => {
  it("a second event for the same service starts a run that finds the claim taken; one allocation, one machine", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    const h = harness();
    await h.request(service.id, "first");
    await h.request(service.id, "second");
    expect((await h.until(service.id)).status).toBe("active");
    const runs = await runsOf(service.id);
    expect(runs.map((r) => r.output).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { skipped: "claimed by another run" },
      { status: "active" },
    ]);
    expect(await t.db.nodeAllocation.count({ where: { nodeId: site.node.id } })).toBe(1);
    expect(await t.db.virtualMachine.count({ where: { serviceId: service.id } })).toBe(1);
    // Asking again once it is built does nothing.
    await h.request(service.id, "third");
    await h.runner.runDue();
    expect((await runsOf(service.id)).map((r) => r.output)).toContainEqual({ skipped: "status is active" });
  });

  it("a step run again after a crash reuses what its first attempt did", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    const ctx = testContext(t.db);
    const first = await placeService(ctx, service.id);
    const again = await placeService(ctx, service.id);
    expect(again).toEqual(first);
    if (!first.ok) throw new Error("placement failed");
    const build = await startBuild(ctx, service.id, first);
    const rebuild = await startBuild(ctx, service.id, first);
    expect(rebuild).toEqual(build);
    expect(await t.db.node.findUniqueOrThrow({ where: { id: site.node.id } })).toMatchObject({ allocatedVcpus: 2 });
    expect(await t.db.virtualMachine.count({ where: { serviceId: service.id } })).toBe(1);
  });

  it("a step that throws is retried and the build still happens once", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    const faults = { failNextStep: false };
    const h = harness("2026-03-02T10:00:00.000Z", faults);
    await h.request(service.id);
    await h.runner.runDue();
    faults.failNextStep = true;
    expect((await h.until(service.id)).status).toBe("active");
    expect(faults.failNextStep).toBe(false);
    const [run] = await runsOf(service.id);
    expect(run).toMatchObject({ status: "completed", output: { status: "active" } });
    expect(await t.db.nodeAllocation.count({ where: { nodeId: site.node.id } })).toBe(1);
    expect(await t.db.virtualMachine.count({ where: { serviceId: service.id } })).toBe(1);
  });
});

describe("the pending sweep", () => {
  it("requests the build of a service whose event was lost", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const h = harness("2026-03-03T10:00:00.000Z");
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, createdAt: new Date("2026-03-03T09:50:00.000Z") });
    h.clock.advance(5 * 60 * 1000);
    expect((await h.until(service.id)).status).toBe("active");
    const sweep = await t.db.jobRun.findFirstOrThrow({ where: { functionId: "rackfront-sweep-pending-services", output: { path: ["requested"], gte: 1 } } });
    expect(sweep.status).toBe("completed");
  });
});

describe("a dedicated build", () => {
  it("takes a server out of stock, installs it and goes active", async () => {
    const site = await makeDedicatedSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    const h = harness("2026-03-04T10:00:00.000Z");
    await h.request(service.id);
    expect((await h.until(service.id, 30 * 60 * 1000)).status).toBe("active");
    expect(await t.db.dedicatedServer.findUniqueOrThrow({ where: { id: site.servers[0]!.id } })).toMatchObject({ serviceId: service.id, provisionState: "active" });
  });

  it("capacity when none of the SKU is in stock", async () => {
    const site = await makeDedicatedSite(t.db, { count: 0 });
    const { account } = await makeCustomer(t.db);
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    const h = harness("2026-03-04T10:00:00.000Z");
    await h.request(service.id);
    expect(await h.until(service.id)).toMatchObject({ status: "provisioning_failed", failureCode: "capacity" });
  });
});

describe("claims", () => {
  it("parallel claims of one service: exactly one wins", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    const ctx = testContext(t.db);
    const results = await Promise.all(["run-a", "run-b", "run-c", "run-d"].map((runId) => claimProvisioning(ctx, service.id, runId)));
    expect(results.filter((r) => r.claimed)).toHaveLength(1);
    expect(results.filter((r) => !r.claimed).map((r) => (r as { reason: string }).reason)).toEqual(["claimed by another run", "claimed by another run", "claimed by another run"]);
  });
});

describe("a service terminated mid-build", () => {
  it("between the hold and the create: nothing is built and the hold is given back", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    const ctx = testContext(t.db);
    const placement = await placeService(ctx, service.id);
    if (!placement.ok) throw new Error("placement failed");
    expect(await t.db.node.findUniqueOrThrow({ where: { id: site.node.id } })).toMatchObject({ allocatedVcpus: 2 });
    await t.db.service.update({ where: { id: service.id }, data: { status: "terminated" } });
    expect(await startBuild(ctx, service.id, placement)).toEqual({ ok: false, abandoned: true, status: "terminated" });
    expect(await t.db.virtualMachine.count({ where: { serviceId: service.id } })).toBe(0);
    expect(await t.db.node.findUniqueOrThrow({ where: { id: site.node.id } })).toMatchObject({ allocatedVcpus: 0 });
    expect(await placeService(ctx, service.id)).toEqual({ ok: false, abandoned: true, status: "terminated" });
  });

  it("after the create: terminate deletes the machine and the run ends without touching the status", async () => {
    const site = await makeVpsSite(t.db);
    const reseller = await makeResellerWithCustomer(t.db);
    const { service } = await makePendingService(t.db, { accountId: reseller.account.id, productId: site.product.id, locationId: site.location.id, resellerId: reseller.profile.id });
    const h = harness("2026-03-05T10:00:00.000Z");
    await h.request(service.id);
    await h.runner.runDue();
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).status).toBe("installing");
    expect(await runLifecycleVerb(serviceContext({ ...h.ctx, actor: { accountId: reseller.account.id } }), { serviceId: service.id, verb: "terminate" })).toMatchObject({ status: "terminated", actions: ["vm.delete"] });
    for (let i = 0; i < 20; i++) {
      h.clock.advance(5000);
      await h.runner.tick();
    }
    const [run] = await runsOf(service.id);
    expect(run!.status).toBe("completed");
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ status: "terminated" });
    expect(await t.db.node.findUniqueOrThrow({ where: { id: site.node.id } })).toMatchObject({ allocatedVcpus: 0 });
    const events = await t.db.outboxEvent.findMany({ where: { resellerId: reseller.profile.id } });
    expect(events.map((e) => e.type)).toEqual(["service.terminated"]);
  });
});
