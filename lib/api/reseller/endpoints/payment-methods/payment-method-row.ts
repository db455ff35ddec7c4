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

/** The spec's Payment method document, field by field: what the portals see of a card (expiry, gateway) is not the API's. */
export function paymentMethodRow(m: PaymentMethodSummary): z.input<typeof paymentMethodSchema> {
  return { id: m.id, type: m.type, label: m.label, cardBrand: m.cardBrand, cardLastFour: m.cardLastFour, isDefault: m.isDefault, lastUsedAt: m.lastUsedAt?.toISOString() ?? null };
}
