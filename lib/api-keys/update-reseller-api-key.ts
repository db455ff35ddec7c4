import type { DbOrTx } from "@/lib/db/client";
import { ApiKeyError } from "./api-key-error";
import { checkKeyExpiry } from "./check-key-expiry";
import { isKeyId } from "./customer-key-actor";
import { normalizeKeyLabel } from "./normalize-key-label";
import { RESELLER_API_KEY_ROW_SELECT, resellerApiKeyRow, type ResellerApiKeyRow } from "./reseller-api-key-row";

export type UpdateResellerApiKeyInput = {
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
  { resellerId }: { resellerId: string },
  keyId: string,
  input: UpdateResellerApiKeyInput,
  options: { db: DbOrTx; now?: Date },
): Promise<ResellerApiKeyRow> {
  const { db } = options;
  const now = options.now ?? new Date();
  if (!isKeyId(keyId)) throw new ApiKeyError("not_found", "API key not found");
  const data = {
    ...(input.label !== undefined ? { label: normalizeKeyLabel(input.label) } : {}),
    ...(input.expiresAt !== undefined ? { expiresAt: checkKeyExpiry(input.expiresAt, now) } : {}),
  };

  const { count } = await db.resellerApiKey.updateMany({ where: { id: keyId, resellerId, revokedAt: null }, data });
  const key = await db.resellerApiKey.findFirst({ where: { id: keyId, resellerId }, select: RESELLER_API_KEY_ROW_SELECT });
  if (!key) throw new ApiKeyError("not_found", "API key not found");
  if (count === 0) throw new ApiKeyError("key_revoked", "This key is revoked; a revoked key can't be changed.");

  return resellerApiKeyRow(key, now);
}
