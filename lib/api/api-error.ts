import { DomainError, type DomainErrorKind, type FieldIssue } from "@/lib/errors/domain-error";

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
  validation: "VALIDATION_FAILED",
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

const DOMAIN_STATUS: Record<DomainErrorKind, { status: number; code: string }> = {
  invalid: { status: 400, code: "BAD_REQUEST" },
  not_found: { status: 404, code: "NOT_FOUND" },
  forbidden: { status: 403, code: "FORBIDDEN" },
  conflict: { status: 409, code: "CONFLICT" },
  payment_required: { status: 402, code: "PAYMENT_REQUIRED" },
  unavailable: { status: 503, code: "UNAVAILABLE" },
  provider_failed: { status: 424, code: "PROVIDER_ERROR" },
  rate_limited: { status: 429, code: "ACTION_RATE_LIMITED" },
};

/** The HTTP status a domain refusal answers with. */
export const statusOfDomainError = (error: DomainError): number => DOMAIN_STATUS[error.kind].status;

/** A business-rule refusal at the HTTP edge: the kind decides the status, the sentence is kept. */
export function apiErrorFromDomain(error: DomainError): ApiError {
  const mapped = DOMAIN_STATUS[error.kind];
  return new ApiError(mapped.status, error.code ?? mapped.code, error.message, { details: error.details });
}
