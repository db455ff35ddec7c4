"use server";

import { revalidatePath } from "next/cache";
import { operatorActionContext } from "@/app/admin/_lib/operator-action-context";
import type { ActionResult, FormActionState } from "@/lib/actions/action-result";
import { runAction } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { suspendServiceAsOperator, terminateServiceAsOperator, unsuspendServiceAsOperator } from "@/lib/admin/services/operator-service-lifecycle";
import { moveServiceToNode } from "@/lib/admin/services/move-service-to-node";
import { retryServiceProvisioning } from "@/lib/admin/services/retry-service-provisioning";
import { DomainError } from "@/lib/errors/domain-error";
import { requestEmailSend } from "@/lib/mail/request-email-send";

// The service page's mutations (docs/operator-console.md, "Services"): each checks the operator,
// calls one function of lib/admin/services (which applies the lifecycle rules and writes the audit
// row) and answers ActionResult.


function revalidate(serviceId: string) {
  revalidatePath(`/admin/services/${serviceId}`);
  revalidatePath("/admin/services");
  revalidatePath("/admin/customers/[id]", "page");
}

/** Suspends (a reason required) or unsuspends (a note optional), as the form's change field says. */
export async function changeServiceStatusAction(serviceId: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  const ctx = await operatorActionContext();
  const result = await runFormAction(formData, async (v) => {
    let message: string;
    if (v.change === "suspend") {
      await suspendServiceAsOperator(ctx, { serviceId, reason: v.reason ?? "" });
      message = "Suspended: the machine is being stopped and the customer is told why.";
    } else if (v.change === "unsuspend") {
      await unsuspendServiceAsOperator(ctx, { serviceId, reason: v.reason ?? "" });
      message = "Unsuspended: the machine is being started.";
    } else throw new DomainError("invalid", "Unknown change.");
    revalidate(serviceId);
    return message;
  });
  // The customer's "suspended" / "unsuspended" email now rather than at the sweep's next minute.
  if (result.ok) await requestEmailSend();
  return result;
}

/** Terminates after the dialog's typed name (checked again by the domain function). */
export async function terminateServiceAction(serviceId: string, confirm: string): Promise<ActionResult> {
  const ctx = await operatorActionContext();
  const result = await runAction(
    async () => {
      await terminateServiceAsOperator(ctx, { serviceId, confirm });
      revalidate(serviceId);
      return "Terminated: the machine is being removed.";
    },
    { log: "[admin] service terminate failed", fullStop: true },
  );
  if (result.ok) await requestEmailSend();
  return result;
}

export async function retryProvisioningAction(serviceId: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  const ctx = await operatorActionContext();
  return runFormAction(formData, async () => {
    const { requested } = await retryServiceProvisioning(ctx, { serviceId });
    revalidate(serviceId);
    return requested ? "Setup asked for again: the build starts in a moment." : "Setup will be retried: the pending sweep starts the build within five minutes.";
  });
}

/** Asks the machine's node to move it to the chosen node (the form's `targetNodeId`); the move runs as a job. */
export async function moveToNodeAction(serviceId: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  const ctx = await operatorActionContext();
  return runFormAction(formData, async (v) => {
    const { to } = await moveServiceToNode(ctx, { serviceId, targetNodeId: v.targetNodeId ?? "" });
    revalidate(serviceId);
    return `Move to ${to.name} started: its progress is under Jobs.`;
  });
}
