import type { DbOrTx } from "@/lib/db/client";

/**
 * How long before a service's next due date its renewal document is raised. A constant, not a
 * platform setting: seven days gives a customer a week to pay before the period ends, and the
 * nightly run reaches every service once a day inside that window.
 */
export const RENEWAL_LEAD_DAYS = 7;

/** `suspendReason` (and the `service.suspended` event's `reason`) of a service whose renewal went unpaid. */
export const OVERDUE_REASON = "overdue";
/** `suspendReason` of an hourly service whose usage the credit balance could no longer pay. */
export const CREDIT_EXHAUSTED_REASON = "credit_exhausted";

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export interface RenewalSettings {
  /** Raise a proforma instead of an invoice (PlatformSettings.issueProformas, as orders do). */
  issueProformas: boolean;
  /** Days past a renewal document's due date before the service is suspended (PlatformSettings.suspensionGraceDays). */
  suspensionGraceDays: number;
  /** Days to pay a document raised without a period start to be due at (PlatformSettings.invoiceDueDays). */
  invoiceDueDays: number;
}

export async function loadRenewalSettings(db: DbOrTx): Promise<RenewalSettings> {
  const row = await db.platformSettings.findUnique({ where: { id: 1 }, select: { issueProformas: true, suspensionGraceDays: true, invoiceDueDays: true } });
  return { issueProformas: row?.issueProformas ?? false, suspensionGraceDays: row?.suspensionGraceDays ?? 3, invoiceDueDays: row?.invoiceDueDays ?? 7 };
}
