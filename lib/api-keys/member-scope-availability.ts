import { CUSTOMER_API_KEY_SCOPES, type CustomerApiKeyScope } from "./customer-api-key-scopes";
import { MEMBER_PERMISSIONS_BY_SCOPE } from "./customer-scope-permissions";

export type ScopeAvailability = { scope: CustomerApiKeyScope; allowed: boolean; /** Why not, for the form. */ reason: string | null };

function either(permissions: readonly string[]): string {
  if (permissions.length === 1) return `the ${permissions[0]} permission`;

  return `the ${permissions.slice(0, -1).join(", ")} or ${permissions[permissions.length - 1]} permission`;
}

/**
 * Which scopes a key minted by this user may carry (the customer API spec Authentication §3): the owner
 * all of them, a team member those their account permissions allow. Same rule as the mint.
 */
export function memberScopeAvailability(permissions: readonly string[] | "all"): ScopeAvailability[] {
  return CUSTOMER_API_KEY_SCOPES.map((scope) => {
    if (permissions === "all") return { scope, allowed: true, reason: null };
    const needed = MEMBER_PERMISSIONS_BY_SCOPE[scope];
    const allowed = needed.some((p) => permissions.includes(p));

    return { scope, allowed, reason: allowed ? null : `Needs ${either(needed)} on this account. Ask the account owner.` };
  });
}
