import { getDb } from "@/lib/db/client";
import { backendContext, type BackendContext } from "@/lib/backends/context";
import { chargeHourlyServices } from "@/lib/billing/renewals/charge-hourly-services";
import { chargeImageStorage } from "@/lib/billing/image-storage/charge-image-storage";
import { collectRenewalsByCard } from "@/lib/billing/renewals/collect-renewals-by-card";
import { raiseDueRenewals } from "@/lib/billing/renewals/raise-due-renewals";
import { resumeRenewedServices } from "@/lib/billing/renewals/resume-renewed-services";
import { endOverdueAddons } from "@/lib/billing/renewals/end-overdue-addons";
import { noticeOverdueInvoices } from "@/lib/billing/renewals/notice-overdue-invoices";
import { suspendOverdueServices } from "@/lib/billing/renewals/suspend-overdue-services";
import { terminateDueCancellations } from "@/lib/services/lifecycle/cancel-service";
import { inngest } from "../client";

/**
 * `billing/nightly`, daily at 02:30 UTC (docs/billing.md "Renewals"): terminates services whose
 * scheduled cancellation has come (the ten-minute sweep usually got there first; this makes the
 * nightly run complete on its own), charges hourly usage, raises
 * the renewal documents coming due (services, and add-ons on their own cycle), bills last month's
 * custom-image storage (on the first night of a month; later nights find it claimed), charges a
 * `saved_method` reseller's open renewals to its card, tells accounts of renewal invoices overdue
 * (once each), suspends services whose renewal is overdue past the grace days, ends add-ons whose own renewal is, and unsuspends services
 * whose renewal has since been paid. Each step is safe to run twice (a second
 * run, a retry or a concurrent runner): periods are claimed by a unique key, hours by a conditional
 * update, suspensions by conditional updates.
 */
export function createBillingNightlyFunction(context: () => BackendContext = () => backendContext({ db: getDb() })) {
  return inngest.createFunction(
    { id: "billing-nightly", name: "billing/nightly", triggers: [{ cron: "30 2 * * *" }], retries: 2 },
    async ({ step }) => {
      const ctx = context();
      const cancelled = await step.run("terminate-cancelled", () => terminateDueCancellations(ctx));
      const hourly = await step.run("charge-hourly", () => chargeHourlyServices(ctx));
      const renewals = await step.run("raise-renewals", () => raiseDueRenewals(ctx));
      const imageStorage = await step.run("charge-image-storage", () => chargeImageStorage(ctx));
      const byCard = await step.run("charge-renewal-cards", () => collectRenewalsByCard(ctx));
      const overdueNoticed = await step.run("notice-overdue", () => noticeOverdueInvoices(ctx));
      const suspended = await step.run("suspend-overdue", () => suspendOverdueServices(ctx));
      const addonsEnded = await step.run("end-overdue-addons", () => endOverdueAddons(ctx));
      const resumed = await step.run("resume-renewed", () => resumeRenewedServices(ctx));
      return { cancelled, hourly, renewals, imageStorage, byCard, overdueNoticed, suspended, addonsEnded, resumed };
    },
  );
}

export const billingNightly = createBillingNightlyFunction();
