import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { makeProduct, makeReseller, makeService } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { createResellerCustomer } from "./create-reseller-customer";
import { getResellerCustomerOrThrow } from "./get-reseller-customer";

let t: TestDb;
const NOW = new Date("2030-01-01T00:00:00Z");
const as = (resellerId: string) => ({ db: t.db, now: NOW, actor: { resellerId } });
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("getResellerCustomerOrThrow", () => {
  it("returns the record with its service counts; live ones exclude terminated and cancelled", async () => {
    const r = await makeReseller(t.db);
    const { customer } = await createResellerCustomer(as(r.profile.id), { externalCustomerId: "c-1", name: "Ada" });
    const product = await makeProduct(t.db);
    for (const status of ["active", "suspended", "terminated", "cancelled"] as const) {
      const s = await makeService(t.db, { accountId: r.account.id, productId: product.id, status });
      await t.db.service.update({ where: { id: s.id }, data: { resellerCustomerId: customer.id } });
    }
    const got = await getResellerCustomerOrThrow(as(r.profile.id), { id: customer.id });
    expect([got.externalCustomerId, got.name, got.serviceCount, got.liveServiceCount]).toEqual(["c-1", "Ada", 4, 2]);
  });

  it("another reseller's record, an unknown or malformed id: 404 Customer not found", async () => {
    const a = await makeReseller(t.db);
    const b = await makeReseller(t.db);
    const { customer } = await createResellerCustomer(as(a.profile.id), { externalCustomerId: "mine" });
    for (const [resellerId, id] of [
      [b.profile.id, customer.id],
      [a.profile.id, "00000000-0000-4000-8000-000000000000"],
      [a.profile.id, "nope"],
    ] as const) {
      const error = await getResellerCustomerOrThrow(as(resellerId), { id }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).message).toBe("Customer not found");
    }
  });
});
