/**
 * How a business rule refuses. Domain functions (lib/<domain>/) throw this and know nothing of
 * HTTP; the API edge maps `kind` to a status and each API's envelope (lib/api/api-error.ts).
 * `message` is written for the API client and is returned verbatim, so exact sentences from the
 * specs belong here.
 */
export type DomainErrorKind =
  | "invalid" // 400
  | "not_found" // 404: absent or not owned, never distinguished
  | "forbidden" // 403
  | "conflict" // 409
  | "payment_required" // 402
  | "unavailable" // 503
  | "provider_failed" // 424: a controller accepted the call but did not complete it
  | "rate_limited" // 429: a cool-down is in the way (the panel's side of the API's ACTION_RATE_LIMITED)
  | "too_large"; // 413: what was sent does not fit (a game server's disk quota, a file size cap)

/**
 * The code of an input refusal with one detail per field: the customer API answers BAD_REQUEST with
 * `details`, the reseller API its validation envelope `{error: {message, details}}`.
 */
export const VALIDATION_FAILED = "VALIDATION_FAILED";

export interface FieldIssue {
  field: string;
  message: string;
}

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** A customer API `code` more precise than the kind's default (e.g. `RENEWAL_PENDING`). */
  readonly code: string | undefined;
  readonly details: FieldIssue[] | undefined;
  /** A `rate_limited` refusal: when a retry can succeed (the API's Retry-After and retry_after_seconds). */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: DomainErrorKind, message: string, options: { code?: string; details?: FieldIssue[]; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
    this.code = options.code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The HTTP status each kind answers with: the API edge's mapping, and what cool-downs count by. */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  payment_required: 402,
  unavailable: 503,
  provider_failed: 424,
  rate_limited: 429,
  too_large: 413,
};
