import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionFieldName, type TPanelOrderInput } from "@/lib/catalogue/panel-order-schema";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeCustomer, makeProduct } from "@/lib/testing/factories";
import { placePanelOrder } from "./place-panel-order";

// The client panel's "Place order" (app/(panel)/order/actions.ts placeOrderAction calls this).

let t: TestDb;
const now = new Date("2026-06-01T10:00:00.000Z");
const noBuilds = async () => undefined;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const input = (productId: string, over: Partial<TPanelOrderInput> = {}): TPanelOrderInput => ({
  productId,
  billingCycle: "monthly",
  location: null,
  osImageId: null,
  hostname: null,
  options: [],
  sshKeyIds: [],
  ...over,
});

describe("placePanelOrder", () => {
  it("places the reviewed configuration as a customer order; the form's key makes a double submit one order", async () => {
    const c = await makeCustomer(t.db);
    const product = await makeProduct(t.db, { kind: "generic", prices: { monthly: "12.00" } });
    const actor = { accountId: c.account.id, userId: c.owner.id, isOwner: true };
    const formKey = randomUUID();
    const first = await placePanelOrder({ db: t.db, now, actor, provision: noBuilds }, { ...input(product.id), formKey });
    if (!first.ok) throw new Error(JSON.stringify(first.fieldErrors));
    expect(first.placed.order).toMatchObject({ status: "invoiced", idempotencyKey: `panel-${formKey}` });
    const again = await placePanelOrder({ db: t.db, now, actor, provision: noBuilds }, { ...input(product.id), formKey });
    expect(again.ok && [again.placed.created, again.placed.order.id]).toEqual([false, first.placed.order.id]);
  });

  it("an add-on's refusal at placement is keyed by that add-on (-2 past the form, over the maximum), and nothing is ordered", async () => {
    const c = await makeCustomer(t.db);
    const actor = { accountId: c.account.id, userId: c.owner.id, isOwner: true };
    const product = await makeProduct(t.db, { kind: "generic", prices: { monthly: "12.00" } });
    const option = async (slug: string, maxQuantity: number | null) => {
      const o = await t.db.productOption.create({
        data: { name: slug, slug: `${slug}-${randomUUID().slice(0, 8)}`, pricingType: "recurring", maxQuantity, prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal("1.00") }] } },
      });
      await t.db.productOptionAssignment.create({ data: { productId: product.id, optionId: o.id } });
      return o;
    };
    const [ip, disk] = [await option("ip", null), await option("disk", 2)];
    const place = (options: TPanelOrderInput["options"]) => placePanelOrder({ db: t.db, now, actor, provision: noBuilds }, { ...input(product.id, { options }), formKey: randomUUID() });
    expect(await place([{ optionId: ip.id, quantity: 1 }, { optionId: disk.id, quantity: -2 }])).toEqual({
      ok: false,
      fieldErrors: { [optionFieldName(disk.id)]: "Quantity must be a whole number of at least 1" },
    });
    expect(await place([{ optionId: ip.id, quantity: 1 }, { optionId: disk.id, quantity: 3 }])).toEqual({
      ok: false,
      fieldErrors: { [optionFieldName(disk.id)]: "Option 'disk' allows at most 2 per service" },
    });
    expect(await t.db.order.count({ where: { accountId: c.account.id } })).toBe(0);
    expect(await t.db.invoice.count({ where: { accountId: c.account.id } })).toBe(0);
  });

  it("refuses a product no backend builds (IP transit, colocation) on the form, writing nothing", async () => {
    const c = await makeCustomer(t.db, { credit: "500.00" });
    const actor = { accountId: c.account.id, userId: c.owner.id, isOwner: true };
    const rows = () =>
      Promise.all([
        t.db.order.count({ where: { accountId: c.account.id } }),
        t.db.invoice.count({ where: { accountId: c.account.id } }),
        t.db.proforma.count({ where: { accountId: c.account.id } }),
        t.db.creditLedgerEntry.count({ where: { accountId: c.account.id } }),
        t.db.service.count({ where: { accountId: c.account.id } }),
      ]);
    const before = await rows();
    for (const [kind, sentence] of [
      ["ip_transit", "IP transit products cannot be ordered yet: no backend builds them"],
      ["colocation", "Colocation products cannot be ordered yet: no backend builds them"],
    ] as const) {
      const product = await makeProduct(t.db, { kind, prices: { monthly: "40.00" } });
      expect(await placePanelOrder({ db: t.db, now, actor, provision: noBuilds }, { ...input(product.id), formKey: randomUUID() })).toEqual({
        ok: false,
        fieldErrors: { form: sentence },
      });
    }
    expect(await rows()).toEqual(before);
  });
});
