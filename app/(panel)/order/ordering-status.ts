import { mayAccess } from "@/lib/accounts/account-access";
import type { CustomerMembership } from "@/lib/auth/resolve-areas";

export const ORDERING_NOT_ALLOWED = "Your role on this account does not allow placing orders. Ask the account owner to place it, or to give you the “manage services” permission.";

/** `orders:place` of the access table, the same as `POST /orders` (services.manage). */
export function mayPlaceOrders(membership: Pick<CustomerMembership, "permissions">): boolean {
  return mayAccess(membership, "orders:place");
}
