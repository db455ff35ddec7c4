import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/backends/clock";
import { testContext } from "@/lib/backends/testing/backend-test-kit";
import { makeReseller } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { serviceContext } from "./service-context";
import { changeServicePower } from "./lifecycle/change-service-power";
import { runLifecycleVerb } from "./lifecycle/run-lifecycle-verb";
import { resellerServiceView } from "./reseller-service-view";
import { rescueService } from "./dedicated/rescue-service";
import { setDedicatedReverseDns } from "./dedicated/set-dedicated-reverse-dns";
import { makeActiveService, makeDedicatedSite, makeVpsSite } from "./testing/service-factories";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("resellerServiceView", () => {
  it("shows the machine's state and the job under way until it is done, then the lifecycle's effects", async () => {
    const site = await makeVpsSite(t.db);
    const r = await makeReseller(t.db);
    const { service } = await makeActiveService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id, resellerId: r.profile.id, hostname: "portal-1.example.com" });
    const ctx = testContext(t.db, { clock: createManualClock("2026-01-05T11:00:00.000Z") });
    const sctx = serviceContext({ ...ctx, actor: { accountId: r.account.id } });
    const viewOf = () => resellerServiceView(sctx, { serviceId: service.id });

    const view = await viewOf();
    expect(view).toMatchObject({ hostname: "portal-1.example.com", status: "active", machine: { kind: "vps", state: "running" }, busy: null, billingCycle: "monthly" });
    expect(view.address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(view.capabilities).toMatchObject({ backend: "vps", power: true, powerActions: ["start", "stop", "restart"] });

    await changeServicePower(serviceContext({ ...ctx, actor: { accountId: r.account.id } }), { serviceId: service.id, action: "stop" });
    expect((await viewOf()).busy).toMatchObject({ operation: "stop" });
    // Reading the view advances the job: once its time has passed the machine is stopped and nothing is under way.
    ctx.clock.advance(120_000);
    expect(await viewOf()).toMatchObject({ machine: { state: "stopped" }, busy: null });

    await runLifecycleVerb(serviceContext({ ...ctx, actor: { accountId: r.account.id } }), { serviceId: service.id, verb: "suspend", reason: "unpaid at our end" });
    expect(await viewOf()).toMatchObject({ status: "suspended", suspendReason: "unpaid at our end" });
    await runLifecycleVerb(serviceContext({ ...ctx, actor: { accountId: r.account.id } }), { serviceId: service.id, verb: "terminate" });
    expect((await viewOf()).capabilities).toMatchObject({ power: false, powerActions: [] });
  });

  it("a dedicated server: its addresses with reverse DNS, and whether it runs the rescue system; a VPS has no such rows", async () => {
    const site = await makeDedicatedSite(t.db);
    const r = await makeReseller(t.db);
    const { service } = await makeActiveService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id, resellerId: r.profile.id, hostname: "metal-1.example.com" });
    const ctx = testContext(t.db, { clock: createManualClock("2026-01-05T11:00:00.000Z") });
    const sctx = serviceContext({ ...ctx, actor: { accountId: r.account.id } });

    const view = await resellerServiceView(sctx, { serviceId: service.id });
    expect(view.machine).toMatchObject({ kind: "dedicated", rescue: false });
    expect(view.dedicatedAddresses).toEqual([expect.objectContaining({ ip_address: view.address, reverse_dns: null, primary: true })]);

    await setDedicatedReverseDns(serviceContext({ ...ctx, actor: { accountId: r.account.id } }), { serviceId: service.id, ipAddressId: view.dedicatedAddresses![0]!.id, hostname: "metal-1.example.com" });
    await rescueService(serviceContext({ ...ctx, actor: { accountId: r.account.id } }), { serviceId: service.id });
    ctx.clock.advance(3_600_000);
    const after = await resellerServiceView(sctx, { serviceId: service.id });
    expect(after.dedicatedAddresses![0]).toMatchObject({ reverse_dns: "metal-1.example.com" });
    expect(after).toMatchObject({ machine: { kind: "dedicated", rescue: true }, busy: null });

    const vpsSite = await makeVpsSite(t.db);
    const vps = await makeActiveService(t.db, { accountId: r.account.id, productId: vpsSite.product.id, locationId: vpsSite.location.id, resellerId: r.profile.id, hostname: "portal-2.example.com" });
    expect(await resellerServiceView(sctx, { serviceId: vps.service.id })).toMatchObject({ machine: { kind: "vps", rescue: false }, dedicatedAddresses: null });
  });
});
