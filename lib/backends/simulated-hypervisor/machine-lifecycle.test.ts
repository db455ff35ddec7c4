import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { allocate } from "../capacity/allocate";
import { capacityByLocation } from "../capacity/capacity-by-location";
import { getJob } from "../jobs";
import { hypervisorForNode } from "../registry";
import { injectFailure } from "../simulation/faults";
import { expectBackendError, makeOsImage, makeSite, makeVpsNode, settle, testContext } from "../testing/backend-test-kit";
import { guestPasswordIs, simulateHostEvent } from "./simulator-controls";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const SIZE = { vcpus: 2, memoryMb: 4096, diskGb: 80 };
const GIB = 1024 ** 3;

async function setup(options: { v4?: number } = {}) {
  const ctx = testContext(t.db);
  const location = await makeSite(t.db, { v4: options.v4 ?? 20 });
  const node = await makeVpsNode(t.db, location.id);
  const debian = await makeOsImage(t.db, { name: "Debian 12" });
  const ubuntu = await makeOsImage(t.db, { name: "Ubuntu 24.04" });
  const windows = await makeOsImage(t.db, { name: "Windows Server 2022", family: "windows" });
  const hv = await hypervisorForNode(node.id, ctx);
  let n = 0;
  const build = async (extra: { name?: string; userData?: string; start?: boolean } = {}) => {
    const allocation = await allocate(ctx, location.id, SIZE);
    return hv.create({
      allocationId: allocation.id,
      name: extra.name ?? `web${++n}-${location.value}`,
      image: { kind: "os", osImageId: debian.id },
      rootPassword: "first-password",
      sshKeys: ["ssh-ed25519 AAAAC3Nza first@example"],
      userData: extra.userData,
      start: extra.start,
    });
  };
  const running = async (extra: { name?: string } = {}) => {
    const { vm, job } = await build(extra);
    expect((await settle(ctx, job.id)).state).toBe("succeeded");
    return vm.id;
  };
  return { ctx, location, node, hv, debian, ubuntu, windows, build, running };
}

describe("create", () => {
  it("builds from an allocation: its size, its addresses, the password hashed, then running", async () => {
    const { ctx, hv, build } = await setup();
    const { vm, job } = await build({ userData: "#cloud-config\npackages: [nginx]\n" });
    expect(vm).toMatchObject({ state: "creating", vcpus: 2, memoryMb: 4096, diskGb: 80, os: { name: "Debian 12" } });
    await settle(ctx, job.id);
    const row = await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vm.id } });
    expect(row.rootPasswordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(await t.db.backendJob.findMany({ where: { vmId: vm.id } }))).not.toContain("first-password");
    expect(await guestPasswordIs(t.db, vm.id, "first-password")).toBe(true);
    expect(row.userData).toContain("nginx");
    const network = await hv.network(vm.id);
    expect(network.addresses).toHaveLength(1);
    expect(network.addresses[0]).toMatchObject({ version: 4, prefixLength: 24, purpose: "primary", reverseDns: null });
    expect(network.addresses[0]!.gateway).toMatch(/\.1$/);
    expect(network.subnets).toEqual([{ cidr: network.addresses[0]!.subnetCidr, version: 4, gateway: network.addresses[0]!.gateway }]);
  });

  it("the hostname is the guest's label, not the name: machines of one hostname live side by side on a node", async () => {
    const { ctx, location, node, hv, debian } = await setup();
    const os = { kind: "os" as const, osImageId: debian.id };
    const a = await hv.create({ allocationId: (await allocate(ctx, location.id, SIZE)).id, name: "svc-a", hostname: "Web.Example.com", image: os });
    const b = await hv.create({ allocationId: (await allocate(ctx, location.id, SIZE)).id, name: "svc-b", hostname: "web.example.com", image: os });
    expect([a.vm, b.vm].map((v) => [v.nodeId, v.name, v.hostname])).toEqual([
      [node.id, "svc-a", "web.example.com"],
      [node.id, "svc-b", "web.example.com"],
    ]);
    // Without a hostname the guest is called by its name.
    const c = await hv.create({ allocationId: (await allocate(ctx, location.id, SIZE)).id, name: "plain", image: os });
    expect(c.vm.hostname).toBe("plain");
  });

  it("can leave the machine stopped after install", async () => {
    const { ctx, hv, build } = await setup();
    const { vm, job } = await build({ start: false });
    await settle(ctx, job.id);
    expect((await hv.status(vm.id)).state).toBe("stopped");
  });

  it("refuses a taken name on the node, a bad name, a used allocation and unusable images", async () => {
    const { ctx, location, hv, running, debian, windows } = await setup();
    await running({ name: "taken" });
    const fresh = () => allocate(ctx, location.id, SIZE);
    const os = { kind: "os" as const, osImageId: debian.id };
    await expectBackendError(hv.create({ allocationId: (await fresh()).id, name: "TAKEN", image: os }), "name_conflict");
    await expectBackendError(hv.create({ allocationId: (await fresh()).id, name: "not a host", image: os }), "configuration");
    await expectBackendError(hv.create({ allocationId: (await fresh()).id, name: "fine-name", hostname: "not a host", image: os }), "configuration");
    await expectBackendError(hv.create({ allocationId: (await fresh()).id, name: "short-pw", image: os, rootPassword: "1234567" }), "configuration");
    const used = await fresh();
    await hv.create({ allocationId: used.id, name: "first-on-it", image: os });
    await expectBackendError(hv.create({ allocationId: used.id, name: "second-on-it", image: os }), "conflict");
    await expectBackendError(
      hv.create({ allocationId: (await fresh()).id, name: "win", image: { kind: "os", osImageId: windows.id }, userData: "#!/bin/sh\necho" }),
      "configuration",
    );
    await t.db.osImage.update({ where: { id: debian.id }, data: { enabled: false } });
    await expectBackendError(hv.create({ allocationId: (await fresh()).id, name: "disabled", image: os }), "configuration");
    await t.db.osImage.update({ where: { id: debian.id }, data: { enabled: true } });
    const tooBig = { kind: "custom" as const, imageRef: "img", name: "big", virtualSizeBytes: 81 * GIB };
    await expectBackendError(hv.create({ allocationId: (await fresh()).id, name: "big", image: tooBig }), "configuration");
  });
});

describe("password", () => {
  it("needs a running machine; sets the root password through the guest agent", async () => {
    const { ctx, hv, build, running } = await setup();
    const { vm: building } = await build();
    await expectBackendError(hv.setPassword(building.id, "new-password"), "conflict");

    const vm = await running();
    await expectBackendError(hv.setPassword(vm, "short"), "configuration");
    const job = await hv.setPassword(vm, "new-password");
    expect(await guestPasswordIs(t.db, vm, "new-password")).toBe(false);
    expect((await settle(ctx, job.id)).result).toEqual({ user: "root" });
    expect(await guestPasswordIs(t.db, vm, "new-password")).toBe(true);
    expect(await guestPasswordIs(t.db, vm, "first-password")).toBe(false);

    await settle(ctx, (await hv.power(vm, "stop")).id);
    const error = await expectBackendError(hv.setPassword(vm, "third-password"), "conflict");
    expect(error.message).toBe("The machine is not running");
  });

  it("fails with conflict when the guest goes down before the agent answers", async () => {
    const { ctx, hv, running } = await setup();
    const vm = await running();
    const job = await hv.setPassword(vm, "never-set-1");
    await simulateHostEvent(t.db, vm, "guest_shutdown");
    const failed = await settle(ctx, job.id);
    expect(failed.error?.code).toBe("conflict");
    expect(await guestPasswordIs(t.db, vm, "never-set-1")).toBe(false);
  });
});

describe("reinstall", () => {
  it("reports in_progress, re-images the disk with the new OS, password, keys and user data, and boots", async () => {
    const { ctx, hv, ubuntu, running } = await setup();
    const vm = await running();
    const job = await hv.reinstall(vm, {
      image: { kind: "os", osImageId: ubuntu.id },
      rootPassword: "reinstalled-1",
      sshKeys: ["ssh-ed25519 AAAAC3Nza second@example"],
      userData: "#!/bin/sh\necho hi",
    });
    expect((await hv.status(vm)).osInstallationStatus).toBe("in_progress");
    const t0 = ctx.clock.now().getTime();
    ctx.clock.set(new Date(t0 + 500 + 4_000));
    expect((await getJob(job.id, ctx)).step).toBe("imaging");
    expect((await hv.status(vm)).state).toBe("stopped");
    await settle(ctx, job.id);
    expect(await hv.status(vm)).toMatchObject({ state: "running", osInstallationStatus: "completed", os: { name: "Ubuntu 24.04", imageId: ubuntu.id } });
    const row = await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vm } });
    expect(row.sshKeys).toEqual(["ssh-ed25519 AAAAC3Nza second@example"]);
    expect(row.userData).toBe("#!/bin/sh\necho hi");
    expect(await guestPasswordIs(t.db, vm, "reinstalled-1")).toBe(true);
  });

  it("marks the install failed and the machine in error on an install timeout; a reinstall repairs it", async () => {
    const { ctx, hv, debian, running } = await setup();
    const vm = await running();
    await injectFailure(t.db, { vm, operation: "reinstall", code: "install_timeout" });
    const failed = await settle(ctx, (await hv.reinstall(vm, { image: { kind: "os", osImageId: debian.id }, rootPassword: "password-a" })).id);
    expect(failed.error).toMatchObject({ code: "install_timeout", retryable: true });
    expect(await hv.status(vm)).toMatchObject({ state: "error", osInstallationStatus: "failed" });
    await settle(ctx, (await hv.reinstall(vm, { image: { kind: "os", osImageId: debian.id }, rootPassword: "password-b" })).id);
    expect(await hv.status(vm)).toMatchObject({ state: "running", osInstallationStatus: "completed" });
  });

  it("refuses a short password and a second reinstall while one runs", async () => {
    const { hv, debian, running } = await setup();
    const vm = await running();
    await expectBackendError(hv.reinstall(vm, { image: { kind: "os", osImageId: debian.id }, rootPassword: "short" }), "configuration");
    await hv.reinstall(vm, { image: { kind: "os", osImageId: debian.id }, rootPassword: "password-1" });
    await expectBackendError(hv.reinstall(vm, { image: { kind: "os", osImageId: debian.id }, rootPassword: "password-2" }), "conflict");
    await expectBackendError(hv.power(vm, "stop"), "conflict");
  });
});

describe("paused machines, rescue, capture, console and stats", () => {
  it("resumes a paused machine on start", async () => {
    const { ctx, hv, running } = await setup();
    const vm = await running();
    await simulateHostEvent(t.db, vm, "pause");
    expect((await hv.status(vm)).state).toBe("paused");
    await settle(ctx, (await hv.power(vm, "start")).id);
    expect((await hv.status(vm)).state).toBe("running");
  });

  it("boots rescue and back, keeping the installed system's password", async () => {
    const { ctx, hv, running } = await setup();
    const vm = await running();
    await expectBackendError(hv.unrescue(vm), "conflict");
    await settle(ctx, (await hv.rescue(vm, { password: "rescue-pass" })).id);
    expect(await hv.status(vm)).toMatchObject({ state: "running", rescueMode: true });
    await expectBackendError(hv.rescue(vm, { password: "rescue-pass" }), "conflict");
    await expectBackendError(hv.setPassword(vm, "while-rescued"), "conflict");
    await settle(ctx, (await hv.unrescue(vm)).id);
    expect((await hv.status(vm)).rescueMode).toBe(false);
    expect(await guestPasswordIs(t.db, vm, "first-password")).toBe(true);
  });

  it("captures the disk to an image while the machine keeps running; the image installs a new machine", async () => {
    const { ctx, location, hv, running } = await setup();
    const vm = await running();
    const job = await hv.capture(vm, { name: "golden" });
    ctx.clock.advance(5_000);
    expect((await hv.status(vm)).state).toBe("running");
    const done = await settle(ctx, job.id);
    expect(done.result).toMatchObject({ name: "golden", osFamily: "linux", osName: "Debian 12", virtualSizeBytes: 80 * GIB });
    expect(String(done.result!.imageRef)).toMatch(/^sim-image:/);
    expect((await hv.status(vm)).state).toBe("running");

    const allocation = await allocate(ctx, location.id, SIZE);
    const image = { kind: "custom" as const, imageRef: String(done.result!.imageRef), name: "golden", virtualSizeBytes: Number(done.result!.virtualSizeBytes) };
    const clone = await hv.create({ allocationId: allocation.id, name: "clone", image });
    await settle(ctx, clone.job.id);
    expect(await hv.status(clone.vm.id)).toMatchObject({ state: "running", os: { name: "golden", imageId: null } });
  });

  it("offers a console only while the machine runs", async () => {
    const { ctx, hv, build } = await setup();
    const { vm, job } = await build();
    expect(await hv.consoleEndpoint(vm.id)).toEqual({ available: false, reason: "The machine has no display yet" });
    await settle(ctx, job.id);
    expect(await hv.consoleEndpoint(vm.id)).toEqual({ available: true, protocol: "vnc", target: { kind: "simulated", machineId: vm.id } });
    await settle(ctx, (await hv.power(vm.id, "stop")).id);
    expect(await hv.consoleEndpoint(vm.id)).toMatchObject({ available: false });
  });

  it("reports stats while running and null figures (never 0) when stopped", async () => {
    const { ctx, hv, running } = await setup();
    const vm = await running();
    ctx.clock.advance(3_600_000);
    const up = await hv.stats(vm);
    expect(up.cpu.usage).toBeGreaterThan(0);
    expect(up.cpu.cores).toBe(2);
    expect(up.memory.used).toBeGreaterThan(0);
    expect(up.memory.total).toBe(4096 * 1024 * 1024);
    expect(up.network.netinBytes).toBeGreaterThan(0);
    await settle(ctx, (await hv.power(vm, "stop")).id);
    const down = await hv.stats(vm);
    expect([down.cpu.usage, down.memory.used, down.disk.used, down.network.rxBps, down.network.netinBytes]).toEqual([null, null, null, null, null]);
    expect(down.disk.allocated).toBe(80 * GIB);
  });
});

describe("network", () => {
  it("adds and removes extra addresses, sets reverse DNS, and refuses to drop the primary", async () => {
    const { hv, running } = await setup({ v4: 3 });
    const vm = await running();
    const extra = await hv.addAddress(vm, 4);
    expect(extra.purpose).toBe("additional");
    const v6 = await hv.addAddress(vm, 6);
    expect(v6).toMatchObject({ version: 6, prefixLength: 64, gateway: "fe80::1" });
    expect(v6.address.endsWith("::1")).toBe(true);
    expect(v6.subnetCidr).toBe(v6.address.replace(/::1$/, "::/64"));

    const primary = (await hv.network(vm)).addresses.find((a) => a.purpose === "primary")!;
    expect((await hv.setReverseDns(vm, primary.id, "Mail.Example.com.")).reverseDns).toBe("mail.example.com");
    await expectBackendError(hv.setReverseDns(vm, primary.id, "not a host"), "configuration");
    expect((await hv.setReverseDns(vm, primary.id, null)).reverseDns).toBeNull();
    await expectBackendError(hv.removeAddress(vm, primary.id), "conflict");

    const other = await running();
    await expectBackendError(hv.addAddress(other, 4), "ip_capacity");
    await expectBackendError(hv.setReverseDns(other, primary.id, "x.example.com"), "not_found");
    await hv.removeAddress(vm, extra.id);
    expect((await hv.addAddress(other, 4)).address).toBe(extra.address);
  });
});

describe("delete", () => {
  it("kills running jobs, destroys the machine and gives back its units, addresses and snapshots", async () => {
    const { ctx, location, node, hv, running } = await setup();
    const vm = await running();
    await settle(ctx, (await hv.createSnapshot(vm, { name: "keep" })).job.id);
    await hv.addAddress(vm, 4);
    const before = (await capacityByLocation(t.db, { locationId: location.id }))[0]!;
    const snapshotJob = (await hv.createSnapshot(vm, { name: "in-flight" })).job;

    const job = await hv.delete(vm);
    expect(await getJob(snapshotJob.id, ctx)).toMatchObject({ state: "failed", error: { code: "conflict", message: "The machine was deleted" } });
    expect((await hv.delete(vm)).id).toBe(job.id);
    await expectBackendError(hv.power(vm, "start"), "conflict");
    await settle(ctx, job.id);

    await expectBackendError(hv.status(vm), "not_found");
    const after = (await capacityByLocation(t.db, { locationId: location.id }))[0]!;
    expect(after.vps.free.vcpus).toBe(before.vps.free.vcpus + 2);
    expect(after.addresses.vps.v4).toBe(before.addresses.vps.v4 + 2);
    expect(await t.db.vmSnapshot.count({ where: { vmId: vm, deletedAt: null } })).toBe(0);
    const n = await t.db.node.findUniqueOrThrow({ where: { id: node.id } });
    expect(n.allocatedVcpus).toBe(0);
    // The name is free for a new machine.
    await running({ name: (await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vm } })).name });
  });

  it("leaves no snapshot in flight when the delete it interrupted fails", async () => {
    const { ctx, hv, running } = await setup();
    const vm = await running();
    const { snapshot } = await hv.createSnapshot(vm, { name: "half" });
    await injectFailure(t.db, { vm, operation: "delete", code: "provider_unreachable" });
    expect((await settle(ctx, (await hv.delete(vm)).id)).error?.code).toBe("provider_unreachable");
    expect(await hv.status(vm)).toMatchObject({ state: "error", busy: { diskJobId: null, powerJobId: null } });
    expect((await hv.listSnapshots(vm)).find((s) => s.id === snapshot.id)?.status).toBe("error");
    await settle(ctx, (await hv.delete(vm)).id);
    await expectBackendError(hv.status(vm), "not_found");
  });

  it("deletes a machine whose build failed", async () => {
    const { ctx, node, hv, build } = await setup();
    await injectFailure(t.db, { node: node.id, operation: "create", code: "storage_capacity" });
    const { vm, job } = await build();
    expect((await settle(ctx, job.id)).error?.code).toBe("storage_capacity");
    await settle(ctx, (await hv.delete(vm.id)).id);
    expect((await t.db.node.findUniqueOrThrow({ where: { id: node.id } })).allocatedVcpus).toBe(0);
  });
});

describe("traffic counters", () => {
  it("count up while the machine runs, agree with stats, are unreadable when stopped and start again from zero at the next boot", async () => {
    const { ctx, hv, running } = await setup();
    const vm = await running();
    const first = await hv.trafficCounters(vm);
    ctx.clock.advance(300_000);
    const later = (await hv.trafficCounters(vm))!;
    expect(later.rxBytes).toBeGreaterThan(first!.rxBytes);
    expect(later.txBytes).toBeGreaterThan(first!.txBytes);
    // About 1 and 0.4 Mbit/s on average: five minutes is tens of MB in, a fraction of that out.
    expect(later.rxBytes - first!.rxBytes).toBeLessThan((300 * 2_000_000) / 8 + 1);
    const stats = await hv.stats(vm);
    expect([stats.network.netinBytes, stats.network.netoutBytes]).toEqual([later.rxBytes, later.txBytes]);

    await settle(ctx, (await hv.power(vm, "stop")).id);
    expect(await hv.trafficCounters(vm)).toBeNull();
    await settle(ctx, (await hv.power(vm, "start")).id);
    ctx.clock.advance(60_000);
    const rebooted = (await hv.trafficCounters(vm))!;
    expect(rebooted.rxBytes).toBeLessThan(later.rxBytes);
    expect(rebooted.rxBytes).toBeGreaterThan(0);
  });
});
