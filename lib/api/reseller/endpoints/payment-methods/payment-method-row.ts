import { z } from "zod";
import type { PaymentMethodSummary } from "@/lib/accounts/payment-methods/list-payment-methods";

export const paymentMethodSchema = z.object({
  id: z.string(),
  type: z.string(),
  label: z.string(),
  cardBrand: z.string().nullable(),
  cardLastFour: z.string().nullable(),
  isDefault: z.boolean(),
  lastUsedAt: z.string().nullable(),
});

export function paymentMethodRow(m: PaymentMethodSummary): z.input<typeof paymentMethodSchema> {
  return { ...m, lastUsedAt: m.lastUsedAt?.toISOString() ?? null };
}
