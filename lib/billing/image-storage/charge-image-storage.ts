import { randomUUID } from "node:crypto";
import type { BackendContext } from "@/lib/backends/context";
import { inTransaction } from "@/lib/db/in-transaction";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { convert, getBaseCurrency, roundMoney, ZERO, type Decimal } from "@/lib/pricing";
import { sqlTimestamp } from "@/lib/webhooks/sql-timestamp";
import type { DocumentLineInput } from "../create-invoice";
import { collectRenewal } from "../renewals/raise-renewal";
import { raiseRecurringDocument, type RecurringDocument } from "../renewals/raise-recurring-document";
import { DAY_MS, loadRenewalSettings } from "../renewals/renewal-settings";

// Custom images are billed per GiB of their virtual size per month, prorated by the day
// (the customer API spec Limits), at PlatformSettings.imageStoragePrice (base currency; null or 0: not
// charged). Each calendar month is billed after it ends, once per account: one document with a line
// per image held during it, for the days it was held (a day counts when the image existed at any
// time of it, so a deletion stops the charge from the next day).

const GIB = new Prisma.Decimal(1024 ** 3);

export interface StoredImage {
  id: string;
  name: string;
  virtualSizeBytes: bigint;
  availableAt: Date;
  deletedAt: Date | null;
}

/** The calendar month (UTC) before the one `now` falls in. */
export function previousMonth(now: Date): { start: Date; end: Date } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { start: new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1)), end };
}

/** Whole UTC days of [start, end) on which the image was held. */
export function daysHeld(image: Pick<StoredImage, "availableAt" | "deletedAt">, start: Date, end: Date): number {
  const from = Math.max(image.availableAt.getTime(), start.getTime());
  const to = Math.min(image.deletedAt?.getTime() ?? end.getTime(), end.getTime());
  if (to <= from) return 0;
  return Math.ceil(to / DAY_MS) - Math.floor(from / DAY_MS);
}

/**
 * One image's line for the month: GiB × price × days held / days in the month, rounded once to the
 * minor unit of `currency` (the price per GiB-month is a rate and keeps its 4 places until then).
 */
export function storageLine(
  image: StoredImage,
  price: Decimal,
  currency: string,
  period: { start: Date; end: Date },
): (DocumentLineInput & { gibDays: Decimal }) | null {
  const days = daysHeld(image, period.start, period.end);
  if (days === 0) return null;
  const daysInMonth = Math.round((period.end.getTime() - period.start.getTime()) / DAY_MS);
  const gib = new Prisma.Decimal(image.virtualSizeBytes.toString()).dividedBy(GIB);
  const amount = roundMoney(gib.times(price).times(days).dividedBy(daysInMonth), currency);
  const month = period.start.toISOString().slice(0, 7);
  return {
    description: `Image storage: ${image.name} — ${gib.toFixed(2)} GiB, ${days} of ${daysInMonth} days in ${month}`,
    quantity: 1,
    unitAmount: amount,
    amount,
    gibDays: gib.times(days),
  };
}

export interface ImageStorageOutcome {
  /** Accounts billed for the month (documents raised). */
  raised: number;
  /** Of those, paid at once from credit. */
  settled: number;
  failed: number;
}

/**
 * The nightly run's image-storage step: bills the month before `now` for every account that held
 * images with a known virtual size during it and has not been billed for it yet. Runs every night
 * (the first run of a month does the work; later ones find the months claimed).
 */
export async function chargeImageStorage(ctx: BackendContext): Promise<ImageStorageOutcome> {
  const outcome: ImageStorageOutcome = { raised: 0, settled: 0, failed: 0 };
  const settings = await ctx.db.platformSettings.findUnique({ where: { id: 1 }, select: { imageStoragePrice: true } });
  const price = settings?.imageStoragePrice;
  if (!price || price.lte(ZERO)) return outcome;
  const now = ctx.clock.now();
  const period = previousMonth(now);
  const images = await ctx.db.customImage.findMany({
    where: {
      availableAt: { not: null, lt: period.end },
      virtualSizeBytes: { not: null, gt: 0 },
      OR: [{ deletedAt: null }, { deletedAt: { gt: period.start } }],
      account: { imageStorageCharges: { none: { periodStart: period.start } } },
    },
    select: { id: true, name: true, accountId: true, virtualSizeBytes: true, availableAt: true, deletedAt: true },
    orderBy: [{ accountId: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  const byAccount = new Map<string, StoredImage[]>();
  for (const i of images) {
    const held = byAccount.get(i.accountId) ?? [];
    held.push({ id: i.id, name: i.name, virtualSizeBytes: i.virtualSizeBytes!, availableAt: i.availableAt!, deletedAt: i.deletedAt });
    byAccount.set(i.accountId, held);
  }
  for (const [accountId, held] of byAccount) {
    try {
      const raised = await billImageStorage(ctx.db, accountId, held, { price, period, at: now });
      if (!raised?.document) continue;
      outcome.raised++;
      if (raised.settled) outcome.settled++;
    } catch (error) {
      outcome.failed++;
      console.warn(`[billing] image storage of account ${accountId} failed; the next run tries again`, error);
    }
  }
  return outcome;
}

/**
 * One account's month, in one transaction: the account locked, the month claimed by an insert into
 * ImageStorageCharge (unique per account and month: a second run inserts nothing and gets null),
 * the price converted to the account's currency at `at` (the base currency when no rate exists, as
 * orders do), the document raised and collected like a renewal (auto-credit, a reseller's credit).
 * A month that comes to nothing (every line under half a cent) keeps its claim and raises nothing.
 */
export async function billImageStorage(
  db: Db,
  accountId: string,
  images: StoredImage[],
  input: { price: Decimal; period: { start: Date; end: Date }; at: Date },
): Promise<{ document: RecurringDocument | null; settled: boolean } | null> {
  const { period, at } = input;
  const settings = await loadRenewalSettings(db);
  const base = await getBaseCurrency(db);
  return inTransaction(db, async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "ClientAccount" WHERE "id" = ${accountId}::uuid FOR NO KEY UPDATE`;
    const account = await tx.clientAccount.findUniqueOrThrow({ where: { id: accountId }, select: { currency: true, country: true } });
    const price = await convert(tx, input.price, base, account.currency, at);
    const lines = images.flatMap((i) => storageLine(i, price.amount, price.currency, period) ?? []).filter((l) => l.amount.gt(ZERO));
    const gibDays = lines.reduce((s, l) => s.plus(l.gibDays), ZERO);
    const chargeId = randomUUID();
    const claimed = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "ImageStorageCharge" ("id", "accountId", "periodStart", "periodEnd", "gibDays", "createdAt")
      VALUES (${chargeId}::uuid, ${accountId}::uuid, ${sqlTimestamp(period.start)}, ${sqlTimestamp(period.end)}, ${gibDays.toFixed(4)}::numeric, ${sqlTimestamp(at)})
      ON CONFLICT ("accountId", "periodStart") DO NOTHING
      RETURNING "id"`;
    if (claimed.length === 0) return null;
    if (lines.length === 0) return { document: null, settled: false };
    const document = await raiseRecurringDocument(tx, {
      accountId,
      country: account.country,
      currency: price.currency,
      lines: lines.map(({ gibDays: _, ...line }) => line),
      at,
      dueDate: new Date(at.getTime() + settings.invoiceDueDays * DAY_MS),
      issueProformas: settings.issueProformas,
    });
    await tx.imageStorageCharge.update({ where: { id: chargeId }, data: document.type === "invoice" ? { invoiceId: document.id } : { proformaId: document.id } });
    const collected = await collectRenewal(tx, { accountId, document, at });
    return { document, settled: collected?.settled ?? false };
  });
}
