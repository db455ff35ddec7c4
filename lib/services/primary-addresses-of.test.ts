import { afterAll, beforeAll, expect, it } from "vitest";
import { makeCustomer } from "@/lib/testing/factories";
import { countingClient } from "@/lib/testing/count-queries";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { findServiceMachine, primaryAddressOf } from "./find-service-machine";
import { primaryAddressesOf } from "./primary-addresses-of";
import { makeActiveService, makePendingService, makeVpsSite } from "./testing/service-factories";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t?.close());

it("gives each service the address the one-by-one look-up gives, in three queries for a whole page", async () => {
  const { account } = await makeCustomer(t.db);
  const site = await makeVpsSite(t.db, { v4: 16 });
  const built = [];
  for (let i = 0; i < 3; i++) built.push((await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id })).service);
  const pending = (await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id })).service;
  // A VM destroyed since does not count: the service's address is its live machine's.
  const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: built[2]!.id } });
  await t.db.virtualMachine.update({ where: { id: vm.id }, data: { destroyedAt: new Date() } });

  const ids = [...built.map((s) => s.id), pending.id];
  const counting = countingClient(t.db);
  const counted = counting.db;
  const batch = await primaryAddressesOf(counted, ids);
  expect(counting.count()).toBeLessThanOrEqual(3);

  for (const id of ids) expect(batch.get(id)).toBe(await primaryAddressOf(t.db, await findServiceMachine(t.db, id)));
  expect(batch.get(built[0]!.id)).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  expect(batch.get(built[0]!.id)).not.toBe(batch.get(built[1]!.id));
  expect(batch.get(built[2]!.id)).toBeNull();
  expect(batch.get(pending.id)).toBeNull();
  expect(await primaryAddressesOf(t.db, [])).toEqual(new Map());
});
