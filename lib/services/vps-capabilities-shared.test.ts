import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCustomer } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { vpsCapabilities } from "./customer-documents";
import { findScopedServiceOrThrow } from "./find-scoped-service-or-throw";
import { findServiceMachine } from "./find-service-machine";
import { makeActiveService, makeVpsSite } from "./testing/service-factories";

// The customer API's `capabilities.shared` and the cast rule (view-only refused on a shared cluster)
// read one thing: the node's `config.shared` (lib/backends/nodes/node-is-shared.ts).
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("capabilities.shared", () => {
  it("is true only for a VPS whose node is a shared cluster", async () => {
    const customer = await makeCustomer(t.db);
    const site = await makeVpsSite(t.db);
    const { service } = await makeActiveService(t.db, { accountId: customer.account.id, productId: site.product.id, locationId: site.location.id });
    const read = async () => vpsCapabilities(await findScopedServiceOrThrow(t.db, { accountId: customer.account.id }, service.id), await findServiceMachine(t.db, service.id));
    expect((await read()).shared).toBe(false);

    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: service.id } });
    const node = await t.db.node.findUniqueOrThrow({ where: { id: vm.nodeId } });
    await t.db.node.update({ where: { id: node.id }, data: { config: { ...(node.config as object), shared: true } } });
    expect((await read()).shared).toBe(true);
  });
});
