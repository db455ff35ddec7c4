import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeCustomer } from "@/lib/testing/factories";
import { createInvoice } from "./create-invoice";
import { createProforma } from "./create-proforma";

let t: TestDb;
const at = new Date("2026-03-01T12:00:00Z");
const d = (v: string) => new Prisma.Decimal(v);

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const figures = (accountId: string) => ({
  accountId,
  currency: "EUR",
  lines: [
    { description: "VPS S (monthly)", quantity: 2, unitAmount: d("10.00"), amount: d("20.00") },
    { description: "Setup", quantity: 1, unitAmount: d("5.00"), amount: d("5.00") },
  ],
  subtotal: d("25.00"),
  vatRate: d("21"),
  vatAmount: d("5.25"),
  total: d("30.25"),
  at,
  dueDate: new Date("2026-03-08T12:00:00Z"),
});

describe("createInvoice / createProforma", () => {
  it("numbers documents gap-free per kind and year and stores the lines", async () => {
    const { account } = await makeCustomer(t.db);
    const a = await t.db.$transaction((tx) => createInvoice(tx, figures(account.id)));
    const b = await t.db.$transaction((tx) => createInvoice(tx, { ...figures(account.id), status: "paid" }));
    const p = await t.db.$transaction((tx) => createProforma(tx, figures(account.id)));
    expect([a.number, b.number, p.number]).toEqual(["INV-2026-000001", "INV-2026-000002", "PRO-2026-000001"]);
    const unpaid = await t.db.invoice.findUniqueOrThrow({ where: { id: a.id }, include: { items: true } });
    expect(unpaid).toMatchObject({ status: "unpaid", paidAmount: d("0"), paidAt: null });
    expect(unpaid.items.map((i) => i.amount.toFixed(2)).sort()).toEqual(["20.00", "5.00"]);
    expect(await t.db.invoice.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({ status: "paid", paidAmount: d("30.25"), paidAt: at });
    expect(await t.db.proforma.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ status: "unpaid", invoiceId: null, total: d("30.25") });
  });

  it("refuses figures that do not add up, and a refused document burns no number", async () => {
    const { account } = await makeCustomer(t.db);
    await expect(t.db.$transaction((tx) => createInvoice(tx, { ...figures(account.id), subtotal: d("26.00"), total: d("31.25") }))).rejects.toThrow(/add up/);
    await expect(t.db.$transaction((tx) => createInvoice(tx, { ...figures(account.id), total: d("30.00") }))).rejects.toThrow(/not its total/);
    const next = await t.db.$transaction((tx) => createInvoice(tx, figures(account.id)));
    expect(next.number).toBe("INV-2026-000003");
  });
});
