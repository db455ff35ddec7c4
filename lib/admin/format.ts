import type { Prisma } from "@/lib/generated/prisma/client";

/** A stored figure as the console shows and edits it: 2 places unless more are stored, blank for none. */
export function moneyText(value: Prisma.Decimal | null | undefined): string {
  if (value === null || value === undefined) return "";
  const four = value.toFixed(4);
  return four.endsWith("00") ? value.toFixed(2) : four.replace(/0$/, "");
}

export function percentText(value: Prisma.Decimal | null | undefined): string {
  if (value === null || value === undefined) return "";
  return value.toFixed(2).replace(/\.00$/, "");
}

export const check = (b: boolean) => (b ? "on" : "");
