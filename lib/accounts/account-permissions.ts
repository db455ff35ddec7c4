import type { AccountStatus } from "@/lib/generated/prisma/enums";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * Every account permission a team member can hold: one typed list, so a misspelt permission does
 * not compile. The owner holds all of them. What each permission lets a member see and change is the
 * access table in ./account-access.ts, which the customer API and the panel both ask (docs/decisions.md#r12);
 * which scopes a member's key may carry is lib/api-keys/customer-scope-permissions.ts.
 */
export const ACCOUNT_PERMISSIONS = ["services.view", "services.power", "services.manage", "services.cancel", "invoices.view", "invoices.pay", "billing.view"] as const;
export type AccountPermission = (typeof ACCOUNT_PERMISSIONS)[number];

/** Who acts on an account: the owner ("all") or a member with a stored list (unknown strings never match). */
export interface AccountActor {
  permissions: readonly string[] | "all";
}

export function isAccountPermission(value: string): value is AccountPermission {
  return (ACCOUNT_PERMISSIONS as readonly string[]).includes(value);
}

export function can(actor: AccountActor, permission: AccountPermission): boolean {
  return actor.permissions === "all" || actor.permissions.includes(permission);
}

/** True when the actor holds at least one of `permissions`. */
export function canAny(actor: AccountActor, permissions: readonly AccountPermission[]): boolean {
  return permissions.some((p) => can(actor, p));
}


/** The one sentence for a suspended account's refused change (API code ACCOUNT_SUSPENDED, and the panel). */
export const ACCOUNT_SUSPENDED_MESSAGE = "The account is suspended; it is read-only until it is reactivated";
/** The same refusal for an account signed up while sign-ups need approval (docs/accounts.md#approval). */
export const ACCOUNT_PENDING_MESSAGE = "The account is awaiting approval; it is read-only until it is approved";

/** The sentence for a refused change to an account in `status` (not writable). */
export function readOnlyAccountMessage(status: AccountStatus): string {
  return status === "pending" ? ACCOUNT_PENDING_MESSAGE : ACCOUNT_SUSPENDED_MESSAGE;
}

/**
 * A suspended account is read-only everywhere: the API, the panel and members' keys (docs/decisions.md, "Suspended accounts");
 * so is one awaiting the operator's approval (docs/decisions.md#r27).
 */
export function isAccountWritable(status: AccountStatus): boolean {
  return status === "active";
}

/** The refusal (API code ACCOUNT_SUSPENDED, the spec's one code for a read-only account) in the words of its status. */
export function accountSuspendedError(status: AccountStatus = "suspended"): DomainError {
  return new DomainError("forbidden", readOnlyAccountMessage(status), { code: "ACCOUNT_SUSPENDED" });
}

/** The same rule for an actor already loaded (a panel membership, an API key's account). */
export function assertActorWritable(actor: { accountStatus: AccountStatus }): void {
  if (!isAccountWritable(actor.accountStatus)) throw accountSuspendedError(actor.accountStatus);
}

/** The panel's refusal of a payment to a member without invoices.pay. */
export const MAY_NOT_PAY = "Your role on this account does not include paying invoices. Ask the account owner for the invoices.pay permission.";
