import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/backends/clock";
import { testContext } from "@/lib/backends/testing/backend-test-kit";
import { makeReseller } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { serviceContext } from "./service-context";
import { changeServicePower } from "./lifecycle/change-service-power";
import { runLifecycleVerb } from "./lifecycle/run-lifecycle-verb";
import { listServiceActivity } from "./service-activity";
import { makeActiveService, makeDedicatedSite, makeVpsSite } from "./testing/service-factories";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("listServiceActivity", () => {
  it("a VPS: its jobs newest first with their outcome; a terminated service shows none", async () => {
    const site = await makeVpsSite(t.db);
    const r = await makeReseller(t.db);
    const { service } = await makeActiveService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id, hostname: "act-1.example.com" });
    const ctx = testContext(t.db, { clock: createManualClock("2026-01-05T11:00:00.000Z") });
    // A fresh context per read: its `now` is the clock's reading when it is made.
    const asReseller = () => serviceContext({ ...ctx, actor: { accountId: r.account.id } });

    expect(await listServiceActivity(asReseller(), { serviceId: service.id })).toEqual([expect.objectContaining({ operation: "create", label: "Setup", state: "succeeded" })]);

    await changeServicePower(asReseller(), { serviceId: service.id, action: "restart" });
    expect((await listServiceActivity(asReseller(), { serviceId: service.id }))[0]).toMatchObject({ label: "Restart", state: expect.stringMatching(/^(queued|running)$/), finishedAt: null });
    // The list advances the machine's jobs to the clock itself before reading them.
    ctx.clock.advance(300_000);
    const rows = await listServiceActivity(asReseller(), { serviceId: service.id });
    expect(rows.map((a) => [a.label, a.state])).toEqual([
      ["Restart", "succeeded"],
      ["Setup", "succeeded"],
    ]);
    expect(rows[0]!.finishedAt).not.toBeNull();
    expect(await listServiceActivity(asReseller(), { serviceId: service.id, limit: 1 })).toHaveLength(1);

    await runLifecycleVerb(serviceContext({ ...ctx, actor: { accountId: r.account.id } }), { serviceId: service.id, verb: "terminate" });
    expect(await listServiceActivity(asReseller(), { serviceId: service.id })).toEqual([]);
  });

  it("a dedicated server: only jobs since it was reserved for this service, never an earlier tenant's", async () => {
    const site = await makeDedicatedSite(t.db);
    const r = await makeReseller(t.db);
    const { service } = await makeActiveService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id, hostname: "act-metal.example.com" });
    const server = await t.db.dedicatedServer.findFirstOrThrow({ where: { serviceId: service.id } });
    // A job from before this reservation: the previous tenant's use of the same hardware.
    const before = new Date(server.reservedAt!.getTime() - 86_400_000);
    await t.db.backendJob.create({
      data: { nodeId: server.nodeId, serverId: server.id, operation: "rescue", state: "succeeded", startsAt: before, nextCheckAt: before, createdAt: before, finishedAt: before },
    });

    const ctx = serviceContext({ ...testContext(t.db), actor: { accountId: r.account.id } });
    const rows = await listServiceActivity(ctx, { serviceId: service.id });
    expect(rows.map((a) => a.label)).toEqual(["Installation"]);
  });
});
