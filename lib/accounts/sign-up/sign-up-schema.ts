import { z } from "zod";
import { isCountryCode } from "../countries";
import { ZVatNumber } from "../vat-number";

// Shared by the sign-up form (checks as you type) and requestSignUp.

/** A new password: long enough to resist guessing, short enough to hash (argon2 takes any length, the form does not need to). */
export const ZNewPassword = z.string().min(10, "Use at least 10 characters.").max(256, "Use at most 256 characters.");

export const ZSignUpSchema = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(120, "Use at most 120 characters."),
  email: z
    .string()
    .trim()
    .min(1, "Enter your email address.")
    .max(320, "That email address is too long.")
    .pipe(z.email("Enter a valid email address."))
    .transform((v) => v.toLowerCase()),
  password: ZNewPassword,
  company: z
    .string()
    .trim()
    .max(160, "Use at most 160 characters.")
    .transform((v) => v || null),
  country: z.string({ error: "Choose your country." }).refine(isCountryCode, "Choose your country."),
  currency: z.string({ error: "Choose a currency." }).regex(/^[A-Z]{3}$/, "Choose a currency."),
  vatNumber: z.string().trim().pipe(z.union([z.literal("").transform(() => null), ZVatNumber])),
});
export type TSignUp = z.infer<typeof ZSignUpSchema>;
export type TSignUpInput = z.input<typeof ZSignUpSchema>;
