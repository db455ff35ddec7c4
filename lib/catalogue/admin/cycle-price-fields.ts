import { z } from "zod";
import { zOptionalMoney } from "@/lib/admin/form-input";
import { moneyText } from "@/lib/admin/format";
import type { BillingCycle, Prisma } from "@/lib/generated/prisma/client";
import { BILLING_CYCLES } from "@/lib/pricing/billing-cycles";

/** Form field of a cycle's price: `price_monthly`, `price_semi_annually`, … */
export const priceField = (cycle: BillingCycle) => `price_${cycle}` as const;

export const CYCLE_LABEL: Record<BillingCycle, string> = {
  monthly: "Monthly",
  quarterly: "Quarterly",
  semi_annually: "Semi-annual",
  annually: "Annual",
  hourly: "Hourly",
};

/** One optional money field per cycle; blank = not sold on that cycle (no row, never 0). */
export const zCyclePrices = z.object(Object.fromEntries(BILLING_CYCLES.map((c) => [priceField(c), zOptionalMoney])) as Record<
  ReturnType<typeof priceField>,
  typeof zOptionalMoney
>);

export type CyclePriceInput = Record<BillingCycle, Prisma.Decimal | null>;

export function pickCyclePrices(parsed: Partial<Record<ReturnType<typeof priceField>, Prisma.Decimal | null>>): CyclePriceInput {
  return Object.fromEntries(BILLING_CYCLES.map((c) => [c, parsed[priceField(c)] ?? null])) as CyclePriceInput;
}

/**
 * The form values of stored price rows (blank where there is none), with every stored place: an
 * hourly 0.0099 shown as 0.01 would be saved back as 0.01 by the next unrelated edit.
 */
export function cyclePriceValues(rows: { cycle: BillingCycle; amount: Prisma.Decimal }[]): Record<string, string> {
  return Object.fromEntries(BILLING_CYCLES.map((c) => [priceField(c), moneyText(rows.find((r) => r.cycle === c)?.amount)]));
}
