export type ApiKeyErrorCode =
  | "invalid_label"
  | "invalid_scope"
  | "scope_not_permitted"
  | "invalid_expiry"
  | "invalid_ip_allowlist"
  | "invalid_hourly_limit"
  | "invalid_signature_version"
  | "not_found"
  | "key_revoked"
  | "reseller_closed"
  | "key_limit_reached"
  | "lookup_id_exhausted";

/** A refusal to mint, change or revoke a key; `message` is written to be shown to the person asking. */
export class ApiKeyError extends Error {
  readonly code: ApiKeyErrorCode;

  constructor(code: ApiKeyErrorCode, message: string) {
    super(message);
    this.name = "ApiKeyError";
    this.code = code;
  }
}
