"use server";

import type { Db } from "@/lib/db/client";
import { sendCustomerPasswordReset } from "@/lib/admin/customers/send-customer-password-reset";
import { requestEmailSend } from "@/lib/mail/request-email-send";
import { publicOrigin } from "@/lib/platform/public-origin";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { updateSession } from "@/auth";
import { startImpersonation } from "@/lib/admin/customers/start-impersonation";
import { operatorActionContext } from "@/app/admin/_lib/operator-action-context";
import type { ActionResult, FormActionState } from "@/lib/actions/action-result";
import { adjustCustomerCredit } from "@/lib/admin/customers/adjust-customer-credit";
import { resetCustomerTwoFactor } from "@/lib/admin/customers/reset-customer-two-factor";
import { approveCustomerAccount } from "@/lib/admin/customers/approve-customer-account";
import { declineCustomerAccount } from "@/lib/admin/customers/decline-customer-account";
import { suspendCustomerAccount } from "@/lib/admin/customers/suspend-customer-account";
import { unsuspendCustomerAccount } from "@/lib/admin/customers/unsuspend-customer-account";
import { runFormAction } from "@/lib/admin/form-state";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { DomainError } from "@/lib/errors/domain-error";
import { formatMoney } from "@/lib/format/format-money";

// The customer page's mutations (docs/operator-console.md, "Customers"): each checks the operator,
// calls one function of lib/admin/customers (which writes the audit row) and answers ActionResult.


async function onCustomer(accountId: string, formData: FormData, fn: (ctx: OperatorContext<Db>, v: Record<string, string>) => Promise<string>): Promise<ActionResult> {
  const ctx = await operatorActionContext();
  return runFormAction(formData, async (v) => {
    const message = await fn(ctx, v);
    revalidatePath(`/admin/customers/${accountId}`);
    revalidatePath("/admin/customers");
    return message;
  });
}

export async function adjustCreditAction(accountId: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  return onCustomer(accountId, formData, async (ctx, v) => {
    const done = await adjustCustomerCredit(ctx, { accountId, direction: v.direction ?? "", amount: v.amount ?? "", reason: v.reason ?? "" });
    const verb = done.direction === "add" ? "Added" : "Removed";
    return `${verb} ${formatMoney(done.amount, done.currency)}. New balance: ${formatMoney(done.balanceAfter, done.currency)}.`;
  });
}

/** Suspends (a reason required), unsuspends (a note optional), approves (a note optional) or declines (a reason required), as the form's change field says. */
export async function changeAccountStatusAction(accountId: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  return onCustomer(accountId, formData, async (ctx, v) => {
    if (v.change === "suspend") {
      await suspendCustomerAccount(ctx, { accountId, reason: v.reason ?? "" });
      return "Suspended: the account is read-only for its people and keys until it is unsuspended. Its services keep running.";
    }
    if (v.change === "unsuspend") {
      await unsuspendCustomerAccount(ctx, { accountId, reason: v.reason ?? "" });
      return "Unsuspended: the account's people and keys can change things again.";
    }
    if (v.change === "approve") {
      await approveCustomerAccount({ ...ctx, origin: publicOrigin() }, { accountId, reason: v.reason ?? "" });
      await requestEmailSend();
      return "Approved: the owner can order now and has been emailed.";
    }
    if (v.change === "decline") {
      await declineCustomerAccount(ctx, { accountId, reason: v.reason ?? "" });
      await requestEmailSend();
      return "Declined: the account is closed and its owner has been emailed the reason.";
    }
    throw new DomainError("invalid", "Unknown change.");
  });
}

export async function resetTwoFactorAction(accountId: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  return onCustomer(accountId, formData, async (ctx, v) => {
    const { email } = await resetCustomerTwoFactor(ctx, { accountId, userId: v.userId ?? "" });
    return `Two-factor removed for ${email}; their sessions have ended.`;
  });
}

export async function sendPasswordResetAction(accountId: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  const result = await onCustomer(accountId, formData, async (ctx, v) => {
    const { email } = await sendCustomerPasswordReset({ ...ctx, origin: publicOrigin() }, { accountId, userId: v.userId ?? "" });
    return `A password reset link is on its way to ${email}. It works once, for one hour.`;
  });
  if (result.ok) await requestEmailSend();
  return result;
}

/**
 * Starts a customer view for support: the row and its audit entry first, then this session takes it
 * up (auth.ts) and the operator lands in the panel with the banner. A refusal stays in the dialog.
 */
export async function signInAsCustomerAction(accountId: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  let started: { impersonationId: string } | null = null;
  const result = await onCustomer(accountId, formData, async (ctx, v) => {
    started = await startImpersonation(ctx, { accountId, reason: v.reason ?? "" });
    return "";
  });
  if (!result.ok || !started) return result;
  await updateSession({ impersonate: (started as { impersonationId: string }).impersonationId } as never);
  redirect("/");
}
