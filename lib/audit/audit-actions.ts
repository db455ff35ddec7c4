// The actions the operator audit log records (docs/operator-console.md, "Operator audit log"). A typed
// list, so a misspelt action does not compile; the labels are what the console shows.

export const AUDIT_ACTIONS = {
  "customer.credit_adjusted": "Credit adjusted",
  "customer.account_suspended": "Account suspended",
  "customer.account_unsuspended": "Account unsuspended",
  "customer.account_approved": "Sign-up approved",
  "customer.account_declined": "Sign-up declined",
  "customer.two_factor_reset": "Two-factor reset",
  "customer.password_reset_sent": "Password reset sent",
  "customer.impersonation_started": "Signed in as customer",
  "customer.impersonation_ended": "Customer sign-in ended",
  "service.suspended": "Service suspended",
  "service.unsuspended": "Service unsuspended",
  "service.terminated": "Service terminated",
  "service.provisioning_retried": "Setup retried",
  "service.node_move_requested": "Move to another node",
  "invoice.marked_paid": "Marked paid",
  "invoice.voided": "Document voided",
  "invoice.refunded": "Refunded to credit",
  "order.cancelled": "Order cancelled",
  "order.provisioning_retried": "Order setup retried",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The action in words; an action this list no longer knows still reads as its own text. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}
