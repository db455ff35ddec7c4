import type { LedgerEntryKind } from "@/lib/generated/prisma/enums";

/** A credit ledger row's kind as the panel and the reseller portal name it. */
export const LEDGER_KIND_LABEL: Record<LedgerEntryKind, string> = {
  top_up: "Top-up",
  payment: "Payment",
  refund: "Refund",
  adjustment: "Adjustment",
  hourly_charge: "Hourly charge",
};
