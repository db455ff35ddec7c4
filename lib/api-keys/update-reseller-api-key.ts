import { ApiKeyError } from "./api-key-error";
import { checkKeyExpiry } from "./check-key-expiry";
import { isKeyId } from "./customer-key-actor";
import { normalizeKeyLabel } from "./normalize-key-label";
import { checkSignatureVersion, type ResellerSignatureVersion } from "./reseller-signature-settings";
import { RESELLER_API_KEY_ROW_SELECT, resellerApiKeyRow, type ResellerApiKeyRow } from "./reseller-api-key-row";
import type { ResellerApiKeyContext } from "./reseller-key-actor";

export type ResellerApiKeyPatch = {
  label?: string;
  /** A new expiry (in the future), null for never, undefined to leave it as it is. */
  expiresAt?: Date | null;
  /** `v2` refuses v1 signatures; `v1` accepts both (docs/decisions.md#r16). */
  signatureVersion?: ResellerSignatureVersion;
  /** v1 signatures must carry X-Reseller-Timestamp. */
  requireTimestamp?: boolean;
};

/**
 * Changes a key's label and expiry (the reseller API spec Authentication §2; scopes are fixed) and
 * the signatures it accepts (docs/decisions.md#r16). Another reseller's key is not found; a revoked
 * key stays as it was revoked.
 */
export async function updateResellerApiKey(
  { db, now, actor: { resellerId } }: ResellerApiKeyContext,
  { id, patch }: { id: string; patch: ResellerApiKeyPatch },
): Promise<ResellerApiKeyRow> {
  if (!isKeyId(id)) throw new ApiKeyError("not_found", "API key not found");
  const data = {
    ...(patch.label !== undefined ? { label: normalizeKeyLabel(patch.label) } : {}),
    ...(patch.expiresAt !== undefined ? { expiresAt: checkKeyExpiry(patch.expiresAt, now) } : {}),
    ...(patch.signatureVersion !== undefined ? { signatureVersion: checkSignatureVersion(patch.signatureVersion) } : {}),
    ...(patch.requireTimestamp !== undefined ? { requireTimestamp: patch.requireTimestamp === true } : {}),
  };

  const { count } = await db.resellerApiKey.updateMany({ where: { id, resellerId, revokedAt: null }, data });
  const key = await db.resellerApiKey.findFirst({ where: { id, resellerId }, select: RESELLER_API_KEY_ROW_SELECT });
  if (!key) throw new ApiKeyError("not_found", "API key not found");
  if (count === 0) throw new ApiKeyError("key_revoked", "This key is revoked; a revoked key can't be changed.");

  return resellerApiKeyRow(key, now);
}
