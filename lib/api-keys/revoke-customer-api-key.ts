import { ApiKeyError } from "./api-key-error";
import { isKeyId, resolveCustomerKeyActor, type CustomerApiKeyContext } from "./customer-key-actor";

/**
 * Revokes one customer API key at once (the API refuses it from the next request). The owner may
 * revoke any key of the account, a member only their own; any other id is not found. Revoking a
 * revoked key changes nothing and keeps the first revocation time.
 */
export async function revokeCustomerApiKey(
  { db, now, actor }: CustomerApiKeyContext,
  { id }: { id: string },
): Promise<{ id: string; label: string; revokedAt: Date }> {
  if (!isKeyId(id)) throw new ApiKeyError("not_found", "API key not found");
  const resolved = await resolveCustomerKeyActor(db, actor);
  const where = { id, accountId: actor.accountId, ...(resolved.isOwner ? {} : { userId: actor.userId }) };

  await db.customerApiKey.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: now } });
  const key = await db.customerApiKey.findFirst({ where, select: { id: true, label: true, revokedAt: true } });
  if (!key?.revokedAt) throw new ApiKeyError("not_found", "API key not found");

  return { id: key.id, label: key.label, revokedAt: key.revokedAt };
}
