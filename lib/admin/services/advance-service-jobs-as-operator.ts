import { isUuid } from "@/lib/schemas/uuid";
import { advanceMachineJobs } from "@/lib/services/advance-machine-jobs";
import { backendOf, type OperatorServiceContext } from "./operator-service-context";

/**
 * Brings the service machine's running jobs up to now before the operator's service page reads it,
 * as the customer's pages do: jobs move when someone polls them (docs/backends.md), so an operator
 * following a move or a rebuild sees its progress without waiting for the background sweep.
 * Best effort, like advanceMachineJobs: an unreachable node leaves a job as it was.
 */
export async function advanceServiceJobsAsOperator(ctx: OperatorServiceContext, input: { serviceId: string }): Promise<void> {
  // A malformed id has no machine; the page's read answers it with 404.
  if (isUuid(input.serviceId)) await advanceMachineJobs(backendOf(ctx), input.serviceId);
}
