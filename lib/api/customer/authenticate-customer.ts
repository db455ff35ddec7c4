import { accessRefusal, mayAccess } from "@/lib/accounts/account-access";
import { isAccountWritable, readOnlyAccountMessage } from "@/lib/accounts/account-permissions";
import { constantTimeEqual, sha256Hex } from "@/lib/crypto/constant-time-equal";
import { isCustomerApiKeyScope } from "@/lib/api-keys/customer-api-key-scopes";
import type { CustomerApiKeyScope } from "@/lib/api-keys/customer-api-key-scopes";
import { ApiError } from "../api-error";
import type { Endpoint } from "../define-endpoint";
import type { StageContext } from "../dispatch";
import { ipAllowed } from "../ip-allowlist";
import { touchLastUsed } from "../touch-last-used";
import type { CustomerAuth } from "./customer-auth";
import { loadCustomerRequest } from "./load-customer-request";

// Compared against when the lookup id is unknown, so both paths hash and compare.
const NO_SUCH_KEY_HASH = sha256Hex("no such key");

const unauthorized = (message: string) => new ApiError(401, "UNAUTHORIZED", message);

/**
 * `Authorization: Bearer rfk_<8 hex>_<96 hex>` (docs/decisions.md#d34). Lookup by the 8-hex id, sha256 of
 * the secret compared in constant time. Unknown, revoked, expired or malformed keys and keys of
 * closed accounts are all 401 UNAUTHORIZED; an IP outside the key's allowlist (or an unknown
 * client address, see lib/api/client-ip.ts) is 403 FORBIDDEN.
 */
export async function authenticateCustomer(ctx: StageContext): Promise<CustomerAuth> {
  // The key, its user, account, project and membership were read with the switches (one round trip).
  const { token, parsed, key } = await loadCustomerRequest(ctx);
  if (token === null) throw unauthorized("Missing or invalid Authorization header");
  if (!parsed) throw unauthorized("Invalid API key");

  const secretMatches = constantTimeEqual(sha256Hex(parsed.secret), key?.secretHash ?? NO_SUCH_KEY_HASH);
  if (
    !key ||
    !secretMatches ||
    key.revokedAt !== null ||
    (key.expiresAt !== null && key.expiresAt.getTime() <= ctx.now.getTime()) ||
    key.account.status === "closed"
  ) {
    throw unauthorized("Invalid API key");
  }

  if (key.ipAllowlist.length > 0 && (ctx.clientIp === null || !ipAllowed(ctx.clientIp, key.ipAllowlist))) {
    throw new ApiError(403, "FORBIDDEN", "This API key may not be used from this IP address");
  }

  let role: CustomerAuth["role"] = "owner";
  let permissions: CustomerAuth["permissions"] = "all";
  if (key.account.ownerId !== key.userId) {
    const member = key.membership;
    role = member ? "member" : "former_member";
    permissions = member?.permissions ?? [];
  }

  await touchLastUsed(ctx.db.customerApiKey, key, ctx.now);

  return {
    keyId: key.id,
    keyLabel: key.label,
    scopes: key.scopes.filter(isCustomerApiKeyScope),
    keyExpiresAt: key.expiresAt,
    accountId: key.account.id,
    accountName: key.account.name,
    accountStatus: key.account.status,
    user: key.user,
    role,
    permissions,
    boundProject: key.project,
    project: key.project ? { ...key.project, bound: true } : null,
  };
}

export const FORMER_MEMBER_MESSAGE = "The key's user is no longer a member of this account";

/**
 * In this order: the key's scope (403 SCOPE_REQUIRED, naming it), a team member's live account
 * permissions against the endpoint's entry of the accounts domain's access table, the one the panel
 * asks too (403 FORBIDDEN; the owner is not limited; docs/decisions.md#r12), a suspended account's
 * mutations (403 ACCOUNT_SUSPENDED: suspended customers are read-only).
 */
export async function authorizeCustomer(auth: CustomerAuth, endpoint: Endpoint<CustomerAuth, CustomerApiKeyScope>): Promise<void> {
  const scope = endpoint.scope;
  if (scope === null) return;
  if (!auth.scopes.includes(scope)) {
    throw new ApiError(403, "SCOPE_REQUIRED", `API key is missing the required scope: ${scope}`, { scope });
  }
  const access = endpoint.access;
  if (auth.permissions !== "all" && access !== undefined && access !== "none") {
    if (auth.role === "former_member") throw new ApiError(403, "FORBIDDEN", FORMER_MEMBER_MESSAGE);
    if (!mayAccess(auth, access)) throw new ApiError(403, "FORBIDDEN", accessRefusal(access));
  }
  if (endpoint.method !== "GET" && !isAccountWritable(auth.accountStatus)) {
    throw new ApiError(403, "ACCOUNT_SUSPENDED", readOnlyAccountMessage(auth.accountStatus));
  }
}
