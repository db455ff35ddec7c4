import { ApiKeyError } from "./api-key-error";

/** In the order the customer API document lists them; stored keys keep this order. */
export const CUSTOMER_API_KEY_SCOPES = ["read", "services", "orders", "billing", "destructive"] as const;
export type CustomerApiKeyScope = (typeof CUSTOMER_API_KEY_SCOPES)[number];

export function isCustomerApiKeyScope(value: string): value is CustomerApiKeyScope {
  return (CUSTOMER_API_KEY_SCOPES as readonly string[]).includes(value);
}

/** Validates requested scopes and adds `read`, which every customer key carries. */
export function normalizeCustomerScopes(requested: readonly string[]): CustomerApiKeyScope[] {
  const unknown = requested.filter((s) => !isCustomerApiKeyScope(s));
  if (unknown.length > 0) {
    throw new ApiKeyError(
      "invalid_scope",
      `Unknown scope${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. Allowed: ${CUSTOMER_API_KEY_SCOPES.join(", ")}`,
    );
  }
  const wanted = new Set<string>([...requested, "read"]);
  return CUSTOMER_API_KEY_SCOPES.filter((s) => wanted.has(s));
}
