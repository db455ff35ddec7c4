/**
 * How a backend (hypervisor, BMC, IPAM) refuses or fails. Thrown by driver calls and stored on failed
 * jobs. `message` is for operators and is never shown to customers; the API maps `code`.
 */
export const BACKEND_ERROR_CODES = [
  "capacity",
  "ip_capacity",
  "storage_capacity",
  "install_timeout",
  "configuration",
  "name_conflict",
  "provider_unreachable",
  "conflict",
  "not_found",
  "unknown",
] as const;

export type BackendErrorCode = (typeof BACKEND_ERROR_CODES)[number];

/** The `failure.code` values of a service in `provisioning_failed` (customer API, VPS). */
export type ProvisioningFailureCode = Exclude<BackendErrorCode, "conflict" | "not_found">;

// The customer API's rule: capacity and ip_capacity mean another location may work, configuration and
// name_conflict mean the order needs changing, the rest merit one retry. A conflict clears by itself
// once the other job ends, but it is never retried blindly; not_found never clears.
const RETRYABLE: Record<BackendErrorCode, boolean> = {
  capacity: false,
  ip_capacity: false,
  storage_capacity: true,
  install_timeout: true,
  configuration: false,
  name_conflict: false,
  provider_unreachable: true,
  conflict: false,
  not_found: false,
  unknown: true,
};

export class BackendError extends Error {
  readonly code: BackendErrorCode;
  readonly retryable: boolean;

  constructor(code: BackendErrorCode, message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "BackendError";
    this.code = code;
    this.retryable = options.retryable ?? RETRYABLE[code];
  }
}

export function isBackendErrorCode(value: unknown): value is BackendErrorCode {
  return typeof value === "string" && (BACKEND_ERROR_CODES as readonly string[]).includes(value);
}

export function defaultRetryable(code: BackendErrorCode): boolean {
  return RETRYABLE[code];
}

/** The failure code a service records when provisioning ends with this error. */
export function toProvisioningFailureCode(code: BackendErrorCode): ProvisioningFailureCode {
  return code === "conflict" || code === "not_found" ? "unknown" : code;
}
