import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/backends/clock";
import { testContext } from "@/lib/backends/testing/backend-test-kit";
import { Prisma } from "@/lib/generated/prisma/client";
import { TEST_CARDS, testCardToken } from "@/lib/payments/test-card-gateway";
import { addCredit, makeCustomer, makeReseller } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { ledgerSum } from "../testing/billing-factories";
import { collectRenewalsByCard } from "../renewals/collect-renewals-by-card";
import { chargeImageStorage, daysHeld, previousMonth, storageLine } from "./charge-image-storage";

let t: TestDb;
const GIB = 1024n ** 3n;
const firstNight = new Date("2026-07-01T02:30:00.000Z");
const june = { start: new Date("2026-06-01T00:00:00.000Z"), end: new Date("2026-07-01T00:00:00.000Z") };

beforeAll(async () => {
  t = await createTestDb();
  await t.db.vatRate.createMany({ data: [{ countryCode: "NL", ratePercent: new Prisma.Decimal("21"), effectiveFrom: new Date("2020-01-01T00:00:00Z") }], skipDuplicates: true });
});
afterAll(async () => {
  await t?.close();
});

const setPrice = (price: string | null) =>
  t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, imageStoragePrice: price }, update: { imageStoragePrice: price } });

async function image(accountId: string, data: { name: string; gib: bigint | null; availableAt: string | null; deletedAt?: string; status?: "available" | "error" }) {
  return t.db.customImage.create({
    data: {
      accountId,
      name: data.name,
      sourceKind: "capture",
      status: data.status ?? "available",
      virtualSizeBytes: data.gib === null ? null : data.gib * GIB,
      availableAt: data.availableAt ? new Date(data.availableAt) : null,
      deletedAt: data.deletedAt ? new Date(data.deletedAt) : null,
      createdAt: new Date(data.availableAt ?? "2026-05-01T00:00:00Z"),
    },
  });
}

const night = (at: Date) => chargeImageStorage(testContext(t.db, { clock: createManualClock(at) }));
const storageInvoices = (accountId: string) =>
  t.db.invoice.findMany({ where: { accountId, items: { some: { description: { startsWith: "Image storage" } } } }, include: { items: { orderBy: { amount: "desc" } } } });

describe("the month and its days", () => {
  it("bills the calendar month before the night, counting a day when the image existed at any time of it", () => {
    expect(previousMonth(firstNight)).toEqual(june);
    expect(previousMonth(new Date("2026-01-01T02:30:00Z"))).toEqual({ start: new Date("2025-12-01T00:00:00Z"), end: new Date("2026-01-01T00:00:00Z") });
    const held = (availableAt: string, deletedAt?: string) => daysHeld({ availableAt: new Date(availableAt), deletedAt: deletedAt ? new Date(deletedAt) : null }, june.start, june.end);
    expect(held("2026-01-01T00:00:00Z")).toBe(30);
    expect(held("2026-06-03T10:00:00Z", "2026-06-05T09:00:00Z")).toBe(3);
    expect(held("2026-06-30T23:59:00Z")).toBe(1);
    expect(held("2026-05-01T00:00:00Z", "2026-06-01T00:00:00Z")).toBe(0);
    expect(held("2026-07-01T00:00:00Z")).toBe(0);
  });

  it("prices GiB × price × days / days in the month, to the cent", () => {
    const line = (gib: bigint, availableAt: string) =>
      storageLine({ id: "x", name: "img", virtualSizeBytes: gib * GIB, availableAt: new Date(availableAt), deletedAt: null }, new Prisma.Decimal("0.10"), "EUR", june);
    expect(line(20n, "2026-01-01T00:00:00Z")!.amount.toFixed(2)).toBe("2.00");
    expect(line(20n, "2026-06-21T12:00:00Z")!.amount.toFixed(2)).toBe("0.67"); // 10 of 30 days
    expect(line(20n, "2026-06-21T12:00:00Z")!.description).toBe("Image storage: img — 20.00 GiB, 10 of 30 days in 2026-06");
    expect(line(20n, "2026-07-02T00:00:00Z")).toBeNull();
  });
});

describe("chargeImageStorage", () => {
  it("raises one document per account and month for the images it held, once however often and however many run", async () => {
    await setPrice("0.10");
    const { account } = await makeCustomer(t.db, { country: "NL" });
    await image(account.id, { name: "whole-month", gib: 20n, availableAt: "2026-05-10T00:00:00Z" });
    await image(account.id, { name: "deleted-mid-month", gib: 30n, availableAt: "2026-05-10T00:00:00Z", deletedAt: "2026-06-15T08:00:00Z" });
    await image(account.id, { name: "deleted-before", gib: 30n, availableAt: "2026-04-10T00:00:00Z", deletedAt: "2026-05-20T00:00:00Z" });
    await image(account.id, { name: "after-the-month", gib: 30n, availableAt: "2026-07-01T01:00:00Z" });
    await image(account.id, { name: "size-unknown", gib: null, availableAt: "2026-05-10T00:00:00Z" });
    await image(account.id, { name: "failed-capture", gib: 30n, availableAt: null, status: "error" });

    const runs = await Promise.all([night(firstNight), night(firstNight), night(firstNight)]);
    expect(runs.reduce((n, r) => n + r.raised, 0)).toBe(1);
    await night(new Date("2026-07-02T02:30:00Z")); // the next night finds June claimed
    const invoices = await storageInvoices(account.id);
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    // 20 GiB × 0.10 × 30/30 = 2.00; 30 GiB × 0.10 × 15/30 = 1.50; VAT 21 % of 3.50 = 0.74.
    expect(invoice!.items.map((i) => [i.description, i.amount.toFixed(2)])).toEqual([
      ["Image storage: whole-month — 20.00 GiB, 30 of 30 days in 2026-06", "2.00"],
      ["Image storage: deleted-mid-month — 30.00 GiB, 15 of 30 days in 2026-06", "1.50"],
    ]);
    expect(invoice).toMatchObject({ status: "unpaid", orderId: null, currency: "EUR", subtotal: new Prisma.Decimal("3.50"), vatAmount: new Prisma.Decimal("0.74"), total: new Prisma.Decimal("4.24") });
    expect(await t.db.imageStorageCharge.findMany({ where: { accountId: account.id } })).toEqual([
      expect.objectContaining({ periodStart: june.start, periodEnd: june.end, invoiceId: invoice!.id, gibDays: new Prisma.Decimal(20 * 30 + 30 * 15) }),
    ]);
  });

  it("charges nothing while the operator has not priced storage", async () => {
    await setPrice(null);
    const { account } = await makeCustomer(t.db);
    await image(account.id, { name: "unpriced", gib: 20n, availableAt: "2026-05-10T00:00:00Z" });
    expect(await night(firstNight)).toEqual({ raised: 0, settled: 0, failed: 0 });
    expect(await t.db.imageStorageCharge.count({ where: { accountId: account.id } })).toBe(0);
  });

  it("converts the price to the account's currency and pays from credit when auto-credit is on", async () => {
    await setPrice("0.10");
    await t.db.exchangeRate.create({ data: { baseCurrency: "EUR", quoteCurrency: "USD", rate: new Prisma.Decimal("1.5"), effectiveAt: new Date("2026-01-01T00:00:00Z") } });
    const { account } = await makeCustomer(t.db, { currency: "USD", country: "US" });
    await t.db.clientAccount.update({ where: { id: account.id }, data: { autoCredit: true } });
    await addCredit(t.db, account.id, "10.00");
    await image(account.id, { name: "dollars", gib: 20n, availableAt: "2026-05-10T00:00:00Z" });
    expect((await night(firstNight)).settled).toBeGreaterThanOrEqual(1); // other tests' accounts may be billed too
    const [invoice] = await storageInvoices(account.id);
    expect(invoice).toMatchObject({ currency: "USD", total: new Prisma.Decimal("3.00"), status: "paid" });
    const balance = (await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id } })).creditBalance;
    expect(balance.toFixed(2)).toBe("7.00");
    expect((await ledgerSum(t.db, account.id)).toFixed(2)).toBe("7.00");
  });

  it("a saved_method reseller's month is charged to its card by the renewal card step", async () => {
    await setPrice("0.10");
    const r = await makeReseller(t.db);
    await t.db.paymentMethod.create({ data: { accountId: r.account.id, gateway: "test", label: "Card", cardLastFour: "4242", gatewayToken: testCardToken(TEST_CARDS.success), isDefault: true } });
    await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "saved_method" }, update: { paymentMode: "saved_method" } });
    try {
      await image(r.account.id, { name: "capture", gib: 10n, availableAt: "2026-05-10T00:00:00Z" });
      await night(firstNight);
      const outcome = await collectRenewalsByCard(testContext(t.db, { clock: createManualClock(firstNight) }));
      expect(outcome.paid).toBeGreaterThanOrEqual(1);
      const [invoice] = await storageInvoices(r.account.id);
      expect(invoice).toMatchObject({ status: "paid" });
      expect(await t.db.payment.findMany({ where: { invoiceId: invoice!.id }, select: { method: true, status: true } })).toEqual([{ method: "card", status: "paid" }]);
    } finally {
      await t.db.resellerProgramme.update({ where: { id: 1 }, data: { paymentMode: "credit" } });
    }
  });
});
