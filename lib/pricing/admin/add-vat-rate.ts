import { z } from "zod";
import { fieldError, isUniqueViolation, parseInput, zPercent } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";

const schema = z.object({
  countryCode: z
    .unknown()
    .optional()
    .transform((v) => String(v ?? "").trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, "Enter the two-letter country code (ISO 3166-1), e.g. DE.")),
  ratePercent: zPercent,
  /** `YYYY-MM-DD` (UTC midnight). */
  effectiveFrom: z.unknown().optional().transform((v, ctx) => {
    const s = String(v ?? "").trim();
    const d = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : new Date(NaN);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: "custom", message: "Enter the first day the rate applies, as YYYY-MM-DD." });
      return z.NEVER;
    }
    return d;
  }),
});

export type VatRateInput = z.input<typeof schema>;

/** A country's VAT rate from a day on; the previous row applies until then. */
export async function addVatRate({ db }: OperatorContext, input: VatRateInput) {
  const d = parseInput(schema, input);
  try {
    return await db.vatRate.create({ data: d });
  } catch (error) {
    if (isUniqueViolation(error))
      throw fieldError("effectiveFrom", `${d.countryCode} already has a rate from ${d.effectiveFrom.toISOString().slice(0, 10)}. Remove it first or pick another day.`);
    throw error;
  }
}

export async function removeVatRate({ db }: OperatorContext, { id }: { id: string }) {
  await db.vatRate.deleteMany({ where: { id } });
}
