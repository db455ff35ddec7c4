import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/backends/clock";
import { makeSite, makeVpsNode, testContext } from "@/lib/backends/testing/backend-test-kit";
import { makeCustomer } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makePendingService, makeVpsSite } from "../testing/service-factories";
import { placeService } from "./provisioning-steps";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("placeService without an ordered location", () => {
  it("builds in the first of the product's locations with room, in catalogue order, and records it on the service", async () => {
    // The product is offered in a full datacentre (first in the catalogue) and a roomy one; no location is priced or required.
    const site = await makeVpsSite(t.db, { nodeVcpus: 1 }); // 1 vCPU: the 2-vCPU plan does not fit
    const roomy = await makeSite(t.db, { v4: 10, v6: 0 });
    await makeVpsNode(t.db, roomy.id, { vcpus: 32 });
    await t.db.location.update({ where: { id: site.location.id }, data: { sortOrder: 0 } });
    await t.db.location.update({ where: { id: roomy.id }, data: { sortOrder: 1 } });
    await t.db.productLocation.create({ data: { productId: site.product.id, locationId: roomy.id } });
    const { account } = await makeCustomer(t.db);
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: null });
    const ctx = testContext(t.db, { clock: createManualClock("2026-03-01T00:00:00Z") });

    const placement = await placeService(ctx, service.id);
    expect(placement).toMatchObject({ ok: true, kind: "vps" });
    const allocation = await t.db.nodeAllocation.findUniqueOrThrow({ where: { id: (placement as { allocationId: string }).allocationId }, include: { node: true } });
    expect(allocation.node.locationId).toBe(roomy.id);
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).locationId).toBe(roomy.id);
  });

  it("an ordered location is the only one tried: a full one is a capacity failure", async () => {
    const site = await makeVpsSite(t.db, { nodeVcpus: 1 });
    const roomy = await makeSite(t.db, { v4: 10, v6: 0 });
    await makeVpsNode(t.db, roomy.id, { vcpus: 32 });
    await t.db.productLocation.create({ data: { productId: site.product.id, locationId: roomy.id } });
    const { account } = await makeCustomer(t.db);
    const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id });
    const placement = await placeService(testContext(t.db), service.id);
    expect(placement).toMatchObject({ ok: false, code: "capacity" });
  });
});
