import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeCustomer, makeProduct } from "@/lib/testing/factories";
import { capacityByLocation } from "../capacity/capacity-by-location";
import { reserveDedicatedServer } from "../capacity/reserve-dedicated-server";
import { getJob } from "../jobs";
import { bmcForServer } from "../registry";
import { serverPasswordIs } from "../simulated-hypervisor/simulator-controls";
import { injectFailure } from "../simulation/faults";
import { expectBackendError, makeDedicatedNode, makeOsImage, makeSite, settle, testContext } from "../testing/backend-test-kit";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

async function setup(options: { stock?: number } = {}) {
  const ctx = testContext(t.db);
  const location = await makeSite(t.db, { v4: 10 });
  const { node } = await makeDedicatedNode(t.db, location.id, { servers: [{ sku: "ds-xeon", count: options.stock ?? 2 }] });
  const debian = await makeOsImage(t.db, { name: "Debian 12" });
  const install = { image: { kind: "os" as const, osImageId: debian.id }, hostname: "db1.example.com", sshKeys: ["ssh-ed25519 AAAA key@example"] };
  const reserve = async () => {
    const server = await reserveDedicatedServer(ctx, location.id, { sku: "ds-xeon" });
    return { server, bmc: await bmcForServer(server.id, ctx) };
  };
  const active = async () => {
    const { server, bmc } = await reserve();
    expect((await settle(ctx, (await bmc.provision(server.id, { ...install, rootPassword: "server-pass-1" })).id)).state).toBe("succeeded");
    return { server, bmc };
  };
  return { ctx, location, node, debian, install, reserve, active };
}

describe("reservation", () => {
  it("takes a server of the SKU out of stock with its address; capacity when none is left", async () => {
    const { ctx, location, reserve } = await setup({ stock: 2 });
    const { server, bmc } = await reserve();
    expect(server).toMatchObject({ provisionState: "reserved", powerState: "off", sku: "ds-xeon", manufacturer: "Dell" });
    const network = await bmc.network(server.id);
    expect(network.addresses).toHaveLength(1);
    expect(network.addresses[0]).toMatchObject({ version: 4, purpose: "primary" });
    await reserve();
    await expectBackendError(reserveDedicatedServer(ctx, location.id, { sku: "ds-xeon" }), "capacity");
    expect((await capacityByLocation(t.db, { locationId: location.id }))[0]!.dedicated.availableBySku).toEqual({});
  });
});

describe("provisioning", () => {
  it("walks pxe_booting, installing, rebooting to active, installing the keys and password", async () => {
    const { ctx, install, reserve } = await setup();
    const { server, bmc } = await reserve();
    const job = await bmc.provision(server.id, { ...install, rootPassword: "server-pass-1" });
    const seen: string[] = [];
    for (let i = 0; i < 10; i++) {
      const view = await getJob(job.id, ctx);
      const state = (await bmc.status(server.id)).provisionState;
      if (seen.at(-1) !== state) seen.push(state);
      if (view.state === "succeeded") break;
      const row = await t.db.backendJob.findUniqueOrThrow({ where: { id: job.id } });
      ctx.clock.set(row.nextCheckAt);
    }
    expect(seen).toEqual(["reserved", "pxe_booting", "installing", "rebooting", "active"]);
    expect(await bmc.status(server.id)).toMatchObject({ powerState: "on", hostname: "db1.example.com", os: { name: "Debian 12" } });
    expect((await t.db.dedicatedServer.findUniqueOrThrow({ where: { id: server.id } })).sshKeys).toEqual(["ssh-ed25519 AAAA key@example"]);
    expect(await serverPasswordIs(t.db, server.id, "server-pass-1")).toBe(true);
  });

  it("refuses a second install while one runs, and power during the install", async () => {
    const { install, reserve } = await setup();
    const { server, bmc } = await reserve();
    await bmc.provision(server.id, install);
    const error = await expectBackendError(bmc.reinstall(server.id, install), "conflict");
    expect(error.message).toMatch(/already running/);
    await expectBackendError(bmc.power(server.id, "off"), "conflict");
  });

  it("ends in deploy_failed when the installer times out, and a reinstall recovers it", async () => {
    const { ctx, install, reserve } = await setup();
    const { server, bmc } = await reserve();
    await injectFailure(t.db, { server: server.id, operation: "provision", code: "install_timeout" });
    expect((await settle(ctx, (await bmc.provision(server.id, install)).id)).error?.code).toBe("install_timeout");
    expect((await bmc.status(server.id)).provisionState).toBe("deploy_failed");
    await settle(ctx, (await bmc.reinstall(server.id, install)).id);
    expect((await bmc.status(server.id)).provisionState).toBe("active");
  });

  it("reinstalls an active server with a new password, and refuses a reserved one", async () => {
    const { ctx, install, reserve, active } = await setup({ stock: 3 });
    const { server, bmc } = await active();
    await settle(ctx, (await bmc.reinstall(server.id, { ...install, rootPassword: "server-pass-2" })).id);
    expect(await serverPasswordIs(t.db, server.id, "server-pass-2")).toBe(true);
    const reserved = await reserve();
    await expectBackendError(reserved.bmc.reinstall(reserved.server.id, install), "conflict");
  });
});

describe("power", () => {
  it("turns the server off and on; an action already in effect reports alreadyInState", async () => {
    const { ctx, active } = await setup();
    const { server, bmc } = await active();
    expect(await bmc.power(server.id, "on")).toMatchObject({ state: "succeeded", result: { action: "on", alreadyInState: true } });
    const off = await bmc.power(server.id, "off");
    expect((await bmc.powerStatus(server.id)).powerState).toBe("on");
    expect((await settle(ctx, off.id)).result).toEqual({ action: "off", alreadyInState: false });
    expect(await bmc.powerStatus(server.id)).toEqual({ powerState: "off" });
    await settle(ctx, (await bmc.power(server.id, "restart")).id);
    expect((await bmc.powerStatus(server.id)).powerState).toBe("on");
  });

  it("reports a controller that failed the action as a failed job, and an unreachable one on reads", async () => {
    const { ctx, node, active } = await setup();
    const { server, bmc } = await active();
    await injectFailure(t.db, { server: server.id, operation: "power.off", code: "provider_unreachable", message: "Redfish: 503 from BMC" });
    const failed = await settle(ctx, (await bmc.power(server.id, "off")).id);
    expect(failed.error).toEqual({ code: "provider_unreachable", message: "Redfish: 503 from BMC", retryable: true });
    expect((await bmc.powerStatus(server.id)).powerState).toBe("on");

    await injectFailure(t.db, { node: node.id, operation: "power.status", code: "provider_unreachable" });
    await expectBackendError(bmc.powerStatus(server.id), "provider_unreachable");
    expect((await bmc.powerStatus(server.id)).powerState).toBe("on");
  });
});

describe("rescue, health, console", () => {
  it("boots rescue only on a settled server, and back", async () => {
    const { ctx, reserve, active } = await setup({ stock: 3 });
    const reserved = await reserve();
    await expectBackendError(reserved.bmc.rescue(reserved.server.id, { password: "rescue-pass" }), "conflict");
    const { server, bmc } = await active();
    await settle(ctx, (await bmc.rescue(server.id, { password: "rescue-pass" })).id);
    expect(await bmc.status(server.id)).toMatchObject({ provisionState: "rescue", rescueMode: true });
    await settle(ctx, (await bmc.unrescue(server.id)).id);
    expect(await bmc.status(server.id)).toMatchObject({ provisionState: "active", rescueMode: false });
    expect(await serverPasswordIs(t.db, server.id, "server-pass-1")).toBe(true);
  });

  it("reads temperatures, fans and power supplies, with standby figures when off", async () => {
    const { ctx, active } = await setup();
    const { server, bmc } = await active();
    const on = await bmc.health(server.id);
    expect(on.overall).toBe("ok");
    expect(on.temperatures.find((s) => s.name === "CPU1")!.celsius).toBeGreaterThan(30);
    expect(on.fans.every((f) => (f.rpm ?? 0) > 1000)).toBe(true);
    expect(on.powerSupplies).toHaveLength(2);
    await settle(ctx, (await bmc.power(server.id, "off")).id);
    const off = await bmc.health(server.id);
    expect(off.temperatures.find((s) => s.name === "CPU1")!.celsius).toBeNull();
    expect(off.temperatures.find((s) => s.name === "Inlet")!.celsius).toBeGreaterThan(10);
  });

  it("offers a KVM console for an assigned server", async () => {
    const { active } = await setup();
    const { server, bmc } = await active();
    expect(await bmc.consoleEndpoint(server.id)).toEqual({ available: true, protocol: "kvm", target: { kind: "simulated", machineId: server.id } });
  });
});

describe("release", () => {
  it("wipes an installed server back into stock, freeing its addresses; a never-installed one returns at once", async () => {
    const { ctx, location, reserve, active } = await setup({ stock: 2 });
    const { server, bmc } = await active();
    const job = await bmc.release(server.id);
    expect((await bmc.release(server.id)).id).toBe(job.id);
    const t0 = ctx.clock.now().getTime();
    ctx.clock.set(new Date(t0 + 1_000 + 8_000));
    await getJob(job.id, ctx);
    expect((await bmc.status(server.id)).provisionState).toBe("cleaning");
    await settle(ctx, job.id);
    expect(await bmc.status(server.id)).toMatchObject({ provisionState: "available", powerState: "off", serviceId: null, hostname: null, os: null });
    expect((await bmc.network(server.id)).addresses).toEqual([]);
    expect(await serverPasswordIs(t.db, server.id, "server-pass-1")).toBe(false);
    await expectBackendError(bmc.release(server.id), "conflict");

    const reserved = await reserve();
    expect((await reserved.bmc.release(reserved.server.id)).state).toBe("succeeded");
    expect((await capacityByLocation(t.db, { locationId: location.id }))[0]!.dedicated.availableBySku).toEqual({ "ds-xeon": 2 });
  });

  it("puts a server whose wipe failed into maintenance, out of stock", async () => {
    const { ctx, location, active } = await setup({ stock: 1 });
    const { server, bmc } = await active();
    await injectFailure(t.db, { server: server.id, operation: "release", code: "unknown" });
    await settle(ctx, (await bmc.release(server.id)).id);
    expect((await bmc.status(server.id)).provisionState).toBe("maintenance");
    expect((await capacityByLocation(t.db, { locationId: location.id }))[0]!.dedicated.availableBySku).toEqual({});
  });
});

describe("switch-port traffic counters", () => {
  it("are read only for a server with a customer; grow only while it is on, hold while it is off, and are cleared on release", async () => {
    const { ctx, location, install } = await setup({ stock: 2 });
    const { account } = await makeCustomer(t.db);
    const product = await makeProduct(t.db, { kind: "dedicated" });
    const service = await t.db.service.create({ data: { accountId: account.id, productId: product.id, name: "metal", status: "active", billingCycle: "monthly", amount: "99.00", currency: "EUR" } });
    const server = await reserveDedicatedServer(ctx, location.id, { sku: "ds-xeon", serviceId: service.id });
    const bmc = await bmcForServer(server.id, ctx);
    await settle(ctx, (await bmc.provision(server.id, install)).id);
    const stock = await reserveDedicatedServer(ctx, location.id, { sku: "ds-xeon" });
    expect(await bmc.trafficCounters(stock.id)).toBeNull();

    const a = (await bmc.trafficCounters(server.id))!;
    ctx.clock.advance(600_000);
    const b = (await bmc.trafficCounters(server.id))!;
    expect(b.rxBytes).toBeGreaterThan(a.rxBytes);
    expect(b.txBytes).toBeGreaterThan(a.txBytes);
    // At most 40 and 120 Mbit/s (twice the means) for the ten minutes.
    expect(b.rxBytes - a.rxBytes).toBeLessThanOrEqual((600 * 40_000_000) / 8);

    await settle(ctx, (await bmc.power(server.id, "off")).id);
    const off = (await bmc.trafficCounters(server.id))!;
    ctx.clock.advance(3_600_000);
    // A real port's counters stay readable with the link down, and do not move.
    expect(await bmc.trafficCounters(server.id)).toMatchObject({ rxBytes: off.rxBytes, txBytes: off.txBytes });

    await settle(ctx, (await bmc.power(server.id, "on")).id);
    const on = (await bmc.trafficCounters(server.id))!;
    // The hour off added nothing: only the minutes the power-on job took, at most.
    expect(on.rxBytes - off.rxBytes).toBeLessThan((600 * 40_000_000) / 8);
    ctx.clock.advance(60_000);
    expect((await bmc.trafficCounters(server.id))!.rxBytes).toBeGreaterThan(on.rxBytes);

    await settle(ctx, (await bmc.release(server.id)).id);
    expect(await t.db.dedicatedServer.findUniqueOrThrow({ where: { id: server.id } })).toMatchObject({ serviceId: null, portRxBytes: 0n, portTxBytes: 0n, portCountedAt: null });
    expect(await bmc.trafficCounters(server.id)).toBeNull();
  });
});
