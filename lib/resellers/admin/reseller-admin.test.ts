import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteOrder } from "@/lib/pricing/quote-order";
import { makeProduct, makeReseller, makeService } from "@/lib/testing/factories";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { allowedResellerActions, changeResellerStatus } from "./change-reseller-status";
import { removeResellerPriceOverride, setResellerPriceOverride, setResellerProductCap, setResellerProductDiscount } from "./set-reseller-pricing";
import { updateResellerTerms } from "./update-reseller-terms";

let t: TestDb;
const AT = new Date("2030-01-01T00:00:00Z");
const operator = (now: Date = AT): OperatorContext => ({ db: t.db, now, actor: { userId: "00000000-0000-4000-8000-0000000000aa" } });

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t?.close());

describe("reseller status", () => {
  it("walks pending → active → suspended → active → closed and refuses what the state machine does not allow", async () => {
    const r = await makeReseller(t.db, { status: "pending" });
    const now = new Date("2030-02-01T00:00:00Z");
    expect(allowedResellerActions("pending")).toEqual(["approve", "close"]);
    expect((await domainRefusal(changeResellerStatus(operator(), { resellerId: r.profile.id, action: "suspend" }))).message).toBe("Cannot suspend a reseller that is pending.");
    expect(await changeResellerStatus(operator(now), { resellerId: r.profile.id, action: "approve" })).toMatchObject({ status: "active", approvedAt: now });
    expect((await domainRefusal(changeResellerStatus(operator(), { resellerId: r.profile.id, action: "approve" }))).kind).toBe("conflict");
    expect(await changeResellerStatus(operator(now), { resellerId: r.profile.id, action: "suspend" })).toMatchObject({ status: "suspended", suspendedAt: now });
    expect(await changeResellerStatus(operator(now), { resellerId: r.profile.id, action: "reactivate" })).toMatchObject({ status: "active", suspendedAt: null });
    expect(await changeResellerStatus(operator(now), { resellerId: r.profile.id, action: "close" })).toMatchObject({ status: "closed", closedAt: now });
    expect(allowedResellerActions("closed")).toEqual([]);
  });

  it("two operators approving at once: one wins, the other is told", async () => {
    const r = await makeReseller(t.db, { status: "pending" });
    const results = await Promise.allSettled([changeResellerStatus(operator(), { resellerId: r.profile.id, action: "approve" }), changeResellerStatus(operator(), { resellerId: r.profile.id, action: "approve" })]);
    expect(results.filter((x) => x.status === "fulfilled")).toHaveLength(1);
  });
});

describe("reseller pricing levers", () => {
  it("an override beats the discounts; a product discount beats the default; a cap refuses the order", async () => {
    const product = await makeProduct(t.db, { prices: { monthly: "40.00", annually: "400.00" }, setupFee: "10" });
    const r = await makeReseller(t.db);
    const quote = (quantity = 1) =>
      quoteOrder(t.db, { buyer: { kind: "reseller", resellerId: r.profile.id }, items: [{ productId: product.id, billingCycle: "monthly", quantity }], at: AT });

    await updateResellerTerms(operator(), { resellerId: r.profile.id, terms: { tierId: "", tierPinned: "on", defaultDiscountPercent: "10" } });
    let line = (await quote()).lines[0]!;
    expect([line.unitPrice.toFixed(2), line.unitPriceRule]).toEqual(["36.00", "reseller_discount"]);

    await setResellerProductDiscount(operator(), { resellerId: r.profile.id, discount: { productId: product.id, percent: "2.5" } });
    line = (await quote()).lines[0]!;
    expect([line.unitPrice.toFixed(2), line.unitPriceRule]).toEqual(["39.00", "product_discount"]);

    const override = await setResellerPriceOverride(operator(), { resellerId: r.profile.id, override: { productId: product.id, cycle: "monthly", amount: "30", setupFee: "" } });
    line = (await quote()).lines[0]!;
    expect([line.unitPrice.toFixed(2), line.unitPriceRule]).toEqual(["30.00", "reseller_override"]);
    // No override setup fee: the retail setup fee less the product discount.
    expect([line.setupFee.toFixed(2), line.setupFeeRule]).toEqual(["9.75", "product_discount"]);
    await removeResellerPriceOverride(operator(), { resellerId: r.profile.id, id: override.id });
    expect((await quote()).lines[0]!.unitPriceRule).toBe("product_discount");

    await setResellerProductCap(operator(), { resellerId: r.profile.id, cap: { productId: product.id, maxUnits: "2" } });
    await makeService(t.db, { accountId: r.account.id, productId: product.id });
    expect((await quote(1)).lines).toHaveLength(1);
    expect((await domainRefusal(quote(2))).message).toBe("Quantity limit reached");
  });

  it("validates the inputs", async () => {
    const r = await makeReseller(t.db);
    const product = await makeProduct(t.db);
    const bad = await domainRefusal(setResellerPriceOverride(operator(), { resellerId: r.profile.id, override: { productId: product.id, cycle: "weekly", amount: "" } }));
    expect(bad.details!.map((d) => d.field).sort()).toEqual(["amount", "cycle"]);
    const pct = await domainRefusal(setResellerProductDiscount(operator(), { resellerId: r.profile.id, discount: { productId: product.id, percent: "101" } }));
    expect(pct.details![0]!.field).toBe("percent");
    const nobody = await domainRefusal(setResellerProductCap(operator(), { resellerId: "00000000-0000-4000-8000-000000000000", cap: { productId: product.id, maxUnits: "1" } }));
    expect(nobody.message).toBe("Reseller not found");
  });
});
