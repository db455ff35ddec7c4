import { z } from "zod";

/**
 * A VAT identification number as written on invoices: upper case, without spaces, dots or dashes,
 * starting with its two-letter country prefix (EL for Greece), then 2-13 letters or digits. Only
 * the format is checked here; whether the number exists is the VIES service's to say.
 */
export const ZVatNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s.\-]/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{2,13}$/, "Enter the VAT number with its country prefix, e.g. NL123456789B01."));
