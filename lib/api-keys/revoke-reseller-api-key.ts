import { ApiKeyError } from "./api-key-error";
import { isKeyId } from "./customer-key-actor";
import type { ResellerApiKeyContext } from "./reseller-key-actor";

/**
 * Revokes one of the reseller's keys at once; it frees its slot. Another reseller's key id is
 * not found. Revoking a revoked key changes nothing and keeps the first revocation time.
 */
export async function revokeResellerApiKey(
  { db, now, actor: { resellerId } }: ResellerApiKeyContext,
  { id }: { id: string },
): Promise<{ id: string; label: string; revokedAt: Date }> {
  if (!isKeyId(id)) throw new ApiKeyError("not_found", "API key not found");

  await db.resellerApiKey.updateMany({ where: { id, resellerId, revokedAt: null }, data: { revokedAt: now } });
  const key = await db.resellerApiKey.findFirst({ where: { id, resellerId }, select: { id: true, label: true, revokedAt: true } });
  if (!key?.revokedAt) throw new ApiKeyError("not_found", "API key not found");

  return { id: key.id, label: key.label, revokedAt: key.revokedAt };
}
