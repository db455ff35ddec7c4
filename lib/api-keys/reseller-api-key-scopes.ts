import { ApiKeyError } from "./api-key-error";

/** In the order the reseller API document lists them; stored keys keep this order. */
export const RESELLER_API_KEY_SCOPES = ["read", "orders", "services", "destructive", "customers", "account"] as const;
export type ResellerApiKeyScope = (typeof RESELLER_API_KEY_SCOPES)[number];

/** A key bound to one customer must not manage customer records or the reseller's account. */
export const CUSTOMER_BOUND_FORBIDDEN_SCOPES: readonly ResellerApiKeyScope[] = ["customers", "account"];

export function isResellerApiKeyScope(value: string): value is ResellerApiKeyScope {
  return (RESELLER_API_KEY_SCOPES as readonly string[]).includes(value);
}

/**
 * Validates requested scopes. Unlike customer keys, `read` is not forced in: the document only
 * says that a key made without scopes gets `read` alone.
 */
export function normalizeResellerScopes(requested: readonly string[] | undefined): ResellerApiKeyScope[] {
  if (!requested || requested.length === 0) return ["read"];
  const unknown = requested.filter((s) => !isResellerApiKeyScope(s));
  if (unknown.length > 0) {
    throw new ApiKeyError(
      "invalid_scope",
      `Unknown scope${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. Allowed: ${RESELLER_API_KEY_SCOPES.join(", ")}`,
    );
  }
  const wanted = new Set<string>(requested);
  return RESELLER_API_KEY_SCOPES.filter((s) => wanted.has(s));
}
