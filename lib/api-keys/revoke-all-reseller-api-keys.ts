import type { ResellerApiKeyContext } from "./reseller-key-actor";

/** Revokes every unrevoked key of the reseller in one statement; answers how many it revoked. */
export async function revokeAllResellerApiKeys({ db, now, actor: { resellerId } }: ResellerApiKeyContext): Promise<{ revoked: number }> {
  const { count } = await db.resellerApiKey.updateMany({ where: { resellerId, revokedAt: null }, data: { revokedAt: now } });

  return { revoked: count };
}
