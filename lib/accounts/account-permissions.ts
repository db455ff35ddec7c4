import type { CustomerMembership } from "@/lib/auth/resolve-areas";

/** Owners may do everything; team members hold a list such as ["services.view", "invoices.view"]. */
export function hasPermission(membership: Pick<CustomerMembership, "permissions">, permission: string): boolean {
  return membership.permissions === "all" || membership.permissions.includes(permission);
}
