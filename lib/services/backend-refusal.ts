import { BackendError } from "@/lib/backends/backend-error";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * A backend refusal as the APIs tell it. The backend's own message is for operators and never
 * returned (docs/backends.md "Errors"); each code gets a fixed sentence.
 */
export function backendRefusal(error: unknown, options: { dedicatedPower?: boolean } = {}): unknown {
  if (!(error instanceof BackendError)) return error;
  switch (error.code) {
    case "conflict":
      return new DomainError("conflict", "Another operation is running on this server; try again when it has finished");
    case "not_found":
      return new DomainError("not_found", "Server not found on its host");
    case "configuration":
      return new DomainError("invalid", "The request cannot be applied to this server");
    case "provider_unreachable":
      if (options.dedicatedPower) return new DomainError("provider_failed", "The management controller did not complete the power action", { code: "PROVIDER_ERROR" });
      return new DomainError("unavailable", "The hosting provider is unreachable; try again shortly", { code: "PROVIDER_UNAVAILABLE" });
    default:
      return new DomainError("unavailable", "The hosting provider refused the request", { code: "PROVIDER_ERROR" });
  }
}
