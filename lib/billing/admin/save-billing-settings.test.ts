import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { Prisma } from "@/lib/generated/prisma/client";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { getBillingSettings, saveBillingSettings } from "./save-billing-settings";

let t: TestDb;
const operator = (): OperatorContext => ({ db: t.db, now: new Date(), actor: { userId: "00000000-0000-4000-8000-0000000000aa" } });
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("billing settings", () => {
  it("saves what the operator console edits; a blank or zero storage price stores images free", async () => {
    const saved = await saveBillingSettings(operator(), { issueProformas: "on", invoiceDueDays: "14", suspensionGraceDays: "5", customImageLimit: "20", imageStoragePrice: "0.0450" });
    expect(saved).toMatchObject({ issueProformas: true, invoiceDueDays: 14, suspensionGraceDays: 5, customImageLimit: 20, imageStoragePrice: new Prisma.Decimal("0.045") });
    await saveBillingSettings(operator(), { invoiceDueDays: "7", suspensionGraceDays: "3", customImageLimit: "10", imageStoragePrice: "0" });
    expect(await getBillingSettings(operator())).toMatchObject({ issueProformas: false, imageStoragePrice: null });
  });

  it("refuses nonsense field by field, changing nothing", async () => {
    const bad = await domainRefusal(saveBillingSettings(operator(), { invoiceDueDays: "-1", suspensionGraceDays: "x", customImageLimit: "10", imageStoragePrice: "1.23456" }));
    expect(bad.details!.map((d) => d.field).sort()).toEqual(["imageStoragePrice", "invoiceDueDays", "suspensionGraceDays"]);
    expect(await getBillingSettings(operator())).toMatchObject({ invoiceDueDays: 7, suspensionGraceDays: 3 });
  });
});
