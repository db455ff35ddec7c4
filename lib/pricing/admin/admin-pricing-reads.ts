import type { DbOrTx } from "@/lib/db/client";

export const listTiers = (db: DbOrTx) =>
  db.tier.findMany({
    orderBy: [{ sortOrder: "asc" }, { minMonthlyRunRate: "asc" }],
    include: { categoryDiscounts: { include: { category: true } }, _count: { select: { resellers: true, prices: true, optionPrices: true } } },
  });

export const getTier = (db: DbOrTx, id: string) =>
  db.tier.findUnique({
    where: { id },
    include: {
      categoryDiscounts: true,
      prices: { include: { product: { select: { id: true, name: true, slug: true } } }, orderBy: [{ product: { name: "asc" } }, { cycle: "asc" }] },
      optionPrices: { include: { option: { select: { id: true, name: true } } }, orderBy: [{ option: { name: "asc" } }, { cycle: "asc" }] },
      _count: { select: { resellers: true } },
    },
  });

export const listExchangeRates = (db: DbOrTx) => db.exchangeRate.findMany({ orderBy: [{ quoteCurrency: "asc" }, { effectiveAt: "desc" }] });

export const listVatRates = (db: DbOrTx) => db.vatRate.findMany({ orderBy: [{ countryCode: "asc" }, { effectiveFrom: "desc" }] });
