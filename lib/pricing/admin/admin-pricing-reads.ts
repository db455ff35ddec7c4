import type { OperatorContext } from "@/lib/admin/operator-context";

// The console's pricing reads (docs/decisions.md#r8): operators see every tier and rate.

export const listTiers = ({ db }: OperatorContext) =>
  db.tier.findMany({
    orderBy: [{ sortOrder: "asc" }, { minMonthlyRunRate: "asc" }],
    include: { categoryDiscounts: { include: { category: true } }, _count: { select: { resellers: true, prices: true, optionPrices: true } } },
  });

export const getTier = ({ db }: OperatorContext, { tierId: id }: { tierId: string }) =>
  db.tier.findUnique({
    where: { id },
    include: {
      categoryDiscounts: true,
      prices: { include: { product: { select: { id: true, name: true, slug: true } } }, orderBy: [{ product: { name: "asc" } }, { cycle: "asc" }] },
      optionPrices: { include: { option: { select: { id: true, name: true } } }, orderBy: [{ option: { name: "asc" } }, { cycle: "asc" }] },
      _count: { select: { resellers: true } },
    },
  });

export const listExchangeRates = ({ db }: OperatorContext) => db.exchangeRate.findMany({ orderBy: [{ quoteCurrency: "asc" }, { effectiveAt: "desc" }] });

export const listVatRates = ({ db }: OperatorContext) => db.vatRate.findMany({ orderBy: [{ countryCode: "asc" }, { effectiveFrom: "desc" }] });
