import { afterAll, beforeAll, expect, it } from "vitest";
import { makeCustomer } from "@/lib/testing/factories";
import { countingClient } from "@/lib/testing/count-queries";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { serviceDocument, serviceDocuments, vpsCapabilities } from "./customer-documents";
import { findServiceMachine, primaryAddressOf } from "./find-service-machine";
import { listServices } from "./list-services";
import { serviceContext } from "./service-context";
import { makeActiveService, makeDedicatedSite, makePendingService, makeVpsSite } from "./testing/service-factories";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t?.close());

it("a page of service documents is the one-by-one documents, read in four queries whatever the page size", async () => {
  const { account, project } = await makeCustomer(t.db);
  const vps = await makeVpsSite(t.db, { v4: 16 });
  const metal = await makeDedicatedSite(t.db, { count: 2 });
  for (let i = 0; i < 3; i++) await makeActiveService(t.db, { accountId: account.id, productId: vps.product.id, locationId: vps.location.id });
  await makePendingService(t.db, { accountId: account.id, productId: vps.product.id, locationId: vps.location.id });
  await makeActiveService(t.db, { accountId: account.id, productId: metal.product.id, locationId: metal.location.id });
  const ctx = serviceContext({ db: t.db, actor: { accountId: account.id } });
  const { services } = await listServices(ctx, { page: 1, limit: 20 });
  expect(services).toHaveLength(5);

  const counting = countingClient(t.db);
  const counted = counting.db;
  const batch = await serviceDocuments(counted, services);
  expect(counting.count()).toBeLessThanOrEqual(4);
  // Unassigned services are in the account's default project (customer Authentication §4).
  for (const d of batch) expect(d).toMatchObject({ project_id: project.id, project: { id: project.id, slug: "default", name: project.name } });

  // The one-by-one look-ups give the same machine and address for every row.
  for (const [i, s] of services.entries()) {
    const machine = await findServiceMachine(t.db, s.id);
    expect(batch[i]!.primary_ip).toBe(await primaryAddressOf(t.db, machine));
    if (batch[i]!.serviceType === "vps") expect(batch[i]!.vps_capabilities).toEqual(vpsCapabilities(s, machine));
    expect(await serviceDocument(ctx, { serviceId: s.id })).toEqual(batch[i]);
  }
  // Every built machine has its address; the pending service has none yet.
  expect(batch.filter((d) => d.primary_ip !== null)).toHaveLength(4);
  expect(batch.find((d) => d.status === "pending")!.primary_ip).toBeNull();
  expect(batch.filter((d) => d.serviceType === "dedicated")).toHaveLength(1);
  expect(await serviceDocuments(counted, [])).toEqual([]);
});
