import { z } from "zod";
import { fieldError, parseInput } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { Prisma } from "@/lib/generated/prisma/client";
import { getBaseCurrency } from "../base-currency";

const zCurrency = z
  .unknown()
  .optional()
  .transform((v) => String(v ?? "").trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, "Enter a three-letter currency code (ISO 4217), e.g. USD."));

const schema = z.object({
  quoteCurrency: zCurrency,
  rate: z.unknown().optional().transform((v, ctx) => {
    const s = String(v ?? "").trim().replace(",", ".");
    if (!/^\d{1,10}(\.\d{1,8})?$/.test(s) || Number(s) <= 0) {
      ctx.addIssue({ code: "custom", message: "Enter a positive rate with at most 8 decimal places, e.g. 1.08250000." });
      return z.NEVER;
    }
    return new Prisma.Decimal(s);
  }),
  /** `YYYY-MM-DDTHH:mm` (UTC) from a datetime-local input; blank = now. */
  effectiveAt: z.unknown().optional().transform((v, ctx): Date | null => {
    const s = String(v ?? "").trim();
    if (s === "") return null;
    const d = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(s) ? s : `${s}Z`);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: "custom", message: "Enter a date and time (UTC), or leave it blank for now." });
      return z.NEVER;
    }
    return d;
  }),
});

export type ExchangeRateInput = z.input<typeof schema>;

/**
 * Records `1 base = rate quote` from `effectiveAt` (rates are never edited: an order stores the
 * rate it used, and a new row simply takes over from its time). A blank `effectiveAt` is `ctx.now`.
 */
export async function addExchangeRate({ db, now }: OperatorContext, input: ExchangeRateInput) {
  const d = parseInput(schema, input);
  const base = await getBaseCurrency(db);
  if (d.quoteCurrency === base) throw fieldError("quoteCurrency", `${base} is the base currency: its rate is always 1.`, "invalid");
  return db.exchangeRate.create({ data: { baseCurrency: base, quoteCurrency: d.quoteCurrency, rate: d.rate, effectiveAt: d.effectiveAt ?? now } });
}

export async function removeExchangeRate({ db }: OperatorContext, { id }: { id: string }) {
  await db.exchangeRate.deleteMany({ where: { id } });
}
