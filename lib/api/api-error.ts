import { DOMAIN_ERROR_STATUS, DomainError, VALIDATION_FAILED, type DomainErrorKind, type FieldIssue } from "@/lib/errors/domain-error";

export type { FieldIssue };

/**
 * The one refusal type inside the API layer. Each API serialises it into its own envelope at the
 * edge (customer/envelope.ts, reseller/envelope.ts). `code` is the customer API's code; the
 * reseller envelope has no codes and uses `code` only to pick a shape (validation, feature gate).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: FieldIssue[] | undefined;
  /** The missing scope of a SCOPE_REQUIRED refusal (docs/decisions.md#d22). */
  readonly scope: string | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Further top-level fields of the customer refusal body, e.g. ACTION_RATE_LIMITED's `retry_after_seconds`. */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { details?: FieldIssue[]; scope?: string; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.scope = options.scope;
    this.headers = options.headers;
    this.extra = options.extra;
  }
}

/** Codes with a meaning to the dispatcher or the serialisers beyond "status and sentence". */
export const API_ERROR_CODES = {
  badRequest: "BAD_REQUEST",
  /** Input failed its schema: customer BAD_REQUEST with details, reseller validation envelope. */
  validation: VALIDATION_FAILED,
  invalidJson: "INVALID_JSON",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  scopeRequired: "SCOPE_REQUIRED",
  featureDisabled: "FEATURE_DISABLED",
  notFound: "NOT_FOUND",
  methodNotAllowed: "METHOD_NOT_ALLOWED",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  internal: "INTERNAL_ERROR",
  rateLimited: "RATE_LIMITED",
  actionRateLimited: "ACTION_RATE_LIMITED",
} as const;

export function validationError(details: FieldIssue[]): ApiError {
  return new ApiError(400, API_ERROR_CODES.validation, "Validation failed", { details });
}

const DOMAIN_CODE: Record<DomainErrorKind, string> = {
  invalid: "BAD_REQUEST",
  not_found: "NOT_FOUND",
  forbidden: "FORBIDDEN",
  conflict: "CONFLICT",
  payment_required: "PAYMENT_REQUIRED",
  unavailable: "UNAVAILABLE",
  provider_failed: "PROVIDER_ERROR",
  rate_limited: API_ERROR_CODES.actionRateLimited,
  too_large: API_ERROR_CODES.payloadTooLarge,
};

/** The HTTP status a domain refusal answers with. */
export const statusOfDomainError = (error: DomainError): number => DOMAIN_ERROR_STATUS[error.kind];

/** A business-rule refusal at the HTTP edge: the kind decides the status, the sentence is kept. */
export function apiErrorFromDomain(error: DomainError): ApiError {
  const seconds = error.retryAfterSeconds;
  return new ApiError(DOMAIN_ERROR_STATUS[error.kind], error.code ?? DOMAIN_CODE[error.kind], error.message, {
    details: error.details,
    ...(seconds !== undefined ? { headers: { "Retry-After": String(seconds) }, extra: { retry_after_seconds: seconds } } : {}),
  });
}
