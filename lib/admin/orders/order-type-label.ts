import type { OrderType } from "@/lib/generated/prisma/client";

/** What an order bought, in words: new services, a plan change, add-ons, a renewal. */
export const ORDER_TYPE_LABEL: Record<OrderType, string> = { new: "New services", upgrade: "Plan change", addon: "Add-ons", renewal: "Renewal" };
