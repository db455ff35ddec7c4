import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeCustomer, makeProduct, makeService } from "@/lib/testing/factories";
import { serviceContext } from "../service-context";
import { makeAddon } from "./testing/change-factories";
import { ADDON_QUANTITY_RULE, addServiceOption, addonQuantity } from "./option-changes";

// Issue 12, bug 3: the service page's add-on form clamped -2 to 1 and invoiced one unit. The
// quantity is now checked by one rule (addonQuantity), in the panel action and in addServiceOption.

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("addonQuantity", () => {
  it("takes a whole number from 1 to 100, typed or sent", () => {
    expect(["1", " 2 ", "100"].map(addonQuantity)).toEqual([1, 2, 100]);
    expect(addonQuantity(7)).toBe(7);
  });

  it.each(["-2", "0", "1.5", "", "abc", "101", -2, 0, 2.5, Number.NaN, null])("refuses %j on the quantity field, never rounding or clamping it", (value) => {
    const error = refusal(() => addonQuantity(value));
    expect([error.kind, error.message, error.details]).toEqual(["invalid", ADDON_QUANTITY_RULE, [{ field: "quantity", message: ADDON_QUANTITY_RULE }]]);
  });
});

describe("addServiceOption", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses -2 even where the service holds more units, raising no order, invoice or add-on row", async () => {
    const { account } = await makeCustomer(t.db);
    const product = await makeProduct(t.db, { kind: "generic", prices: { monthly: "10.00" } });
    const addon = await makeAddon(t.db, product.id, { monthly: "3.00", maxQuantity: 10 });
    const created = await makeService(t.db, { accountId: account.id, productId: product.id });
    await t.db.service.update({ where: { id: created.id }, data: { nextDueDate: new Date("2026-07-01T00:00:00Z") } });
    await t.db.serviceOption.create({ data: { serviceId: created.id, optionId: addon.id, quantity: 3, status: "active", amount: new Prisma.Decimal("9.00") } });
    const ctx = { ...serviceContext({ db: t.db, now: new Date("2026-06-01T10:00:00Z"), actor: { accountId: account.id } }), buyer: { kind: "customer" as const, accountId: account.id } };
    for (const quantity of [-2, 0]) {
      await expect(addServiceOption(ctx, { serviceId: created.id, optionId: addon.id, quantity })).rejects.toThrow(ADDON_QUANTITY_RULE);
    }
    expect(await t.db.order.count({ where: { accountId: account.id } })).toBe(0);
    expect(await t.db.invoice.count({ where: { accountId: account.id } })).toBe(0);
    expect(await t.db.serviceOption.count({ where: { serviceId: created.id } })).toBe(1);
  });
});
