import { DomainError } from "@/lib/errors/domain-error";
import type { ApiKeyError } from "./api-key-error";

/**
 * An ApiKeyError as the DomainError a key form's server action refuses with (runAction): the
 * sentence with a full stop, and under `field` too when the refusal is about one of the form's inputs.
 */
export function keyRefusal(error: ApiKeyError, field?: string): DomainError {
  const message = `${error.message}.`;
  return new DomainError(error.code === "not_found" ? "not_found" : "invalid", message, field ? { details: [{ field, message }] } : {});
}
