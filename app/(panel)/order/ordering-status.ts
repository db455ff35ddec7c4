import { can } from "@/lib/accounts/account-permissions";
import type { CustomerMembership } from "@/lib/auth/resolve-areas";

/** The account permission placing an order needs (the same a member needs to mint an `orders` key). */
export const ORDER_PERMISSION = "services.manage";

export const ORDERING_NOT_ALLOWED = "Your role on this account does not allow placing orders. Ask the account owner to place it, or to give you the “manage services” permission.";

export function mayPlaceOrders(membership: Pick<CustomerMembership, "permissions">): boolean {
  return can(membership, ORDER_PERMISSION);
}
