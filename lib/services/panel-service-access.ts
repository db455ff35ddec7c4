import { can, type AccountPermission } from "@/lib/accounts/account-permissions";
import type { CustomerMembership } from "@/lib/auth/resolve-areas";
import type { ServiceScope } from "./find-scoped-service-or-throw";

/**
 * What a panel user may do with the account's services, from their account permissions (the same
 * permissions the customer API re-checks: services.view to see, services.power or services.manage
 * for power, services.manage for reinstall and password, services.cancel to cancel).
 */
export function panelServiceAccess(customer: CustomerMembership) {
  const has = (p: AccountPermission) => can(customer, p);
  return {
    scope: { accountId: customer.accountId } satisfies ServiceScope,
    canView: has("services.view") || has("services.manage") || has("services.power"),
    canPower: has("services.power") || has("services.manage"),
    canManage: has("services.manage"),
    canCancel: has("services.cancel"),
  };
}
