import { z } from "zod";

/** Money on the wire: a decimal string with 2 to 4 places, never a float ("12.50", "-3.00", "0.0093"). */
export const MONEY_PATTERN = /^-?\d+\.\d{2,4}$/;

export const moneySchema = z.string().regex(MONEY_PATTERN, { error: "Must be a decimal amount such as 12.50" });
