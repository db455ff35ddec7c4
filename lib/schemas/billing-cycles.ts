import { z } from "zod";

/**
 * Billing cycles as both APIs and the panel's forms spell them (`semi-annually` with a hyphen; the
 * database enum says `semi_annually`: lib/pricing/billing-cycles.ts converts).
 */
export const WIRE_BILLING_CYCLES = ["monthly", "quarterly", "semi-annually", "annually", "hourly"] as const;
export type WireBillingCycle = (typeof WIRE_BILLING_CYCLES)[number];

export const wireBillingCycleSchema = z.enum(WIRE_BILLING_CYCLES, { error: `Must be one of ${WIRE_BILLING_CYCLES.join(", ")}` });
