import { ApiKeyError } from "./api-key-error";
import { checkKeyExpiry } from "./check-key-expiry";
import { isKeyId } from "./customer-key-actor";
import { normalizeKeyLabel } from "./normalize-key-label";
import { RESELLER_API_KEY_ROW_SELECT, resellerApiKeyRow, type ResellerApiKeyRow } from "./reseller-api-key-row";
import type { ResellerApiKeyContext } from "./reseller-key-actor";

export type ResellerApiKeyPatch = {
  label?: string;
  /** A new expiry (in the future), null for never, undefined to leave it as it is. */
  expiresAt?: Date | null;
};

/**
 * Changes a key's label and expiry: the only things that may change (the reseller API spec
 * Authentication §2; scopes are fixed). Another reseller's key is not found; a revoked key
 * stays as it was revoked.
 */
export async function updateResellerApiKey(
  { db, now, actor: { resellerId } }: ResellerApiKeyContext,
  { id, patch }: { id: string; patch: ResellerApiKeyPatch },
): Promise<ResellerApiKeyRow> {
  if (!isKeyId(id)) throw new ApiKeyError("not_found", "API key not found");
  const data = {
    ...(patch.label !== undefined ? { label: normalizeKeyLabel(patch.label) } : {}),
    ...(patch.expiresAt !== undefined ? { expiresAt: checkKeyExpiry(patch.expiresAt, now) } : {}),
  };

  const { count } = await db.resellerApiKey.updateMany({ where: { id, resellerId, revokedAt: null }, data });
  const key = await db.resellerApiKey.findFirst({ where: { id, resellerId }, select: RESELLER_API_KEY_ROW_SELECT });
  if (!key) throw new ApiKeyError("not_found", "API key not found");
  if (count === 0) throw new ApiKeyError("key_revoked", "This key is revoked; a revoked key can't be changed.");

  return resellerApiKeyRow(key, now);
}
