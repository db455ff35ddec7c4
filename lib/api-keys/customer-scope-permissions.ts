import { canAny, type AccountPermission } from "@/lib/accounts/account-permissions";
import type { CustomerApiKeyScope } from "./customer-api-key-scopes";

/**
 * Team-member account permissions that allow a member to hold each scope (any one suffices).
 * The account owner is not limited by these.
 */
export const MEMBER_PERMISSIONS_BY_SCOPE: Record<CustomerApiKeyScope, readonly AccountPermission[]> = {
  read: ["services.view", "invoices.view", "billing.view"],
  services: ["services.manage", "services.power"],
  orders: ["services.manage"],
  billing: ["invoices.pay"],
  destructive: ["services.cancel"],
};

/** The scopes in `scopes` that a member with `permissions` may not hold. */
export function scopesNotPermittedForMember(
  scopes: readonly CustomerApiKeyScope[],
  permissions: readonly string[],
): CustomerApiKeyScope[] {
  return scopes.filter((scope) => !canAny({ permissions }, MEMBER_PERMISSIONS_BY_SCOPE[scope]));
}
