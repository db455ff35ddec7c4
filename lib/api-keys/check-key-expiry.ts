import { ApiKeyError } from "./api-key-error";

/** A key that is already expired when minted would be a slot taken for nothing. */
export function checkKeyExpiry(expiresAt: Date | null | undefined, now: Date): Date | null {
  if (expiresAt == null) return null;
  if (Number.isNaN(expiresAt.getTime())) throw new ApiKeyError("invalid_expiry", "The expiry is not a valid date");
  if (expiresAt.getTime() <= now.getTime()) throw new ApiKeyError("invalid_expiry", "The expiry must be in the future");
  return expiresAt;
}
