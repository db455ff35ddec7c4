import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { makeProduct, makeReseller, makeService } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { createResellerCustomer } from "./create-reseller-customer";
import { getResellerCustomerOrThrow } from "./get-reseller-customer";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("getResellerCustomerOrThrow", () => {
  it("returns the record with its service counts; live ones exclude terminated and cancelled", async () => {
    const r = await makeReseller(t.db);
    const { customer } = await createResellerCustomer({ resellerId: r.profile.id }, { externalCustomerId: "c-1", name: "Ada" }, { db: t.db });
    const product = await makeProduct(t.db);
    for (const status of ["active", "suspended", "terminated", "cancelled"] as const) {
      const s = await makeService(t.db, { accountId: r.account.id, productId: product.id, status });
      await t.db.service.update({ where: { id: s.id }, data: { resellerCustomerId: customer.id } });
    }
    const got = await getResellerCustomerOrThrow({ resellerId: r.profile.id }, customer.id, { db: t.db });
    expect([got.externalCustomerId, got.name, got.serviceCount, got.liveServiceCount]).toEqual(["c-1", "Ada", 4, 2]);
  });

  it("another reseller's record, an unknown or malformed id: 404 Customer not found", async () => {
    const a = await makeReseller(t.db);
    const b = await makeReseller(t.db);
    const { customer } = await createResellerCustomer({ resellerId: a.profile.id }, { externalCustomerId: "mine" }, { db: t.db });
    for (const [resellerId, id] of [
      [b.profile.id, customer.id],
      [a.profile.id, "00000000-0000-4000-8000-000000000000"],
      [a.profile.id, "nope"],
    ] as const) {
      const error = await getResellerCustomerOrThrow({ resellerId }, id, { db: t.db }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).message).toBe("Customer not found");
    }
  });
});
