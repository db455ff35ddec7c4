import type { BillingCycle } from "@/lib/generated/prisma/client";

/** The cycle as both APIs spell it (`semi-annually`; the database enum value is `semi_annually`). */
export const billingCycleValue = (cycle: BillingCycle): string => (cycle === "semi_annually" ? "semi-annually" : cycle);
