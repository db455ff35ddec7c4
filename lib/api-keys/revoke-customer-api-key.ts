import type { DbOrTx } from "@/lib/db/client";
import { ApiKeyError } from "./api-key-error";
import { isKeyId, resolveCustomerKeyActor, type CustomerKeyActor } from "./customer-key-actor";

/**
 * Revokes one customer API key at once (the API refuses it from the next request). The owner may
 * revoke any key of the account, a member only their own; any other id is not found. Revoking a
 * revoked key changes nothing and keeps the first revocation time.
 */
export async function revokeCustomerApiKey(
  actor: CustomerKeyActor,
  keyId: string,
  options: { db: DbOrTx; now?: Date },
): Promise<{ id: string; label: string; revokedAt: Date }> {
  const { db } = options;
  const now = options.now ?? new Date();
  if (!isKeyId(keyId)) throw new ApiKeyError("not_found", "API key not found");
  const resolved = await resolveCustomerKeyActor(db, actor);
  const where = { id: keyId, accountId: actor.accountId, ...(resolved.isOwner ? {} : { userId: actor.userId }) };

  await db.customerApiKey.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: now } });
  const key = await db.customerApiKey.findFirst({ where, select: { id: true, label: true, revokedAt: true } });
  if (!key?.revokedAt) throw new ApiKeyError("not_found", "API key not found");

  return { id: key.id, label: key.label, revokedAt: key.revokedAt };
}
