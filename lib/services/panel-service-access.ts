import { mayAccess } from "@/lib/accounts/account-access";
import type { CustomerMembership } from "@/lib/auth/resolve-areas";
import type { ServiceScope } from "./find-scoped-service-or-throw";

/**
 * What a panel user may do with the account's services: the `services` row of the access table the
 * customer API checks too (lib/accounts/account-access.ts, docs/decisions.md#r12).
 */
export function panelServiceAccess(customer: CustomerMembership) {
  return {
    scope: { accountId: customer.accountId } satisfies ServiceScope,
    canView: mayAccess(customer, "services:view"),
    canPower: mayAccess(customer, "services:power"),
    canManage: mayAccess(customer, "services:manage"),
    canCancel: mayAccess(customer, "services:cancel"),
    canWithdrawCancellation: mayAccess(customer, "services:withdrawCancellation"),
    canConsole: mayAccess(customer, "services:console"),
  };
}
