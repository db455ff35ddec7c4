import { advanceBackendJobs } from "./functions/advance-backend-jobs";
import { billingHourly } from "./functions/billing-hourly";
import { billingNightly } from "./functions/billing-nightly";
import { executeServiceUpgrade, sweepServiceUpgrades } from "./functions/execute-service-upgrade";
import { provisionService } from "./functions/provision-service";
import { pruneJobHistory } from "./functions/prune-job-history";
import { pruneRateLimitBuckets } from "./functions/prune-rate-limit-buckets";
import { pruneSignedOutSessions } from "./functions/prune-signed-out-sessions";
import { pruneWebhookDeliveries } from "./functions/prune-webhook-deliveries";
import { reconcileCardPaymentsJob } from "./functions/reconcile-card-payments";
import { sampleMachinesFunction } from "./functions/sample-machines";
import { sendEmails } from "./functions/send-emails";
import { sweepPendingServices } from "./functions/sweep-pending-services";
import { sweepWebhookDeliveries } from "./functions/sweep-webhook-deliveries";
import { terminateCancelledServices } from "./functions/terminate-cancelled-services";

/** Every background function of the app, served to Inngest or run by the embedded runner. */
export const functions = [
  pruneJobHistory,
  pruneRateLimitBuckets,
  pruneSignedOutSessions,
  sweepWebhookDeliveries,
  pruneWebhookDeliveries,
  provisionService,
  sweepPendingServices,
  advanceBackendJobs,
  terminateCancelledServices,
  billingNightly,
  billingHourly,
  executeServiceUpgrade,
  sweepServiceUpgrades,
  reconcileCardPaymentsJob,
  sampleMachinesFunction,
  sendEmails,
];
