import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * A money column as the APIs print it: a decimal string, never a float, with at least two
 * decimals and up to the column's four when they are not zero ("12.50", "0.1234").
 */
export function moneyString(value: Prisma.Decimal): string {
  const fixed = value.toFixed(4);
  return fixed.replace(/(\.\d{2}\d*?)0+$/, "$1");
}
