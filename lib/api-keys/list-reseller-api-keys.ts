import { ApiKeyError } from "./api-key-error";
import { MAX_UNREVOKED_RESELLER_KEYS } from "./mint-reseller-api-key";
import { getResellerHourlyCeiling } from "./reseller-hourly-ceiling";
import { RESELLER_API_KEY_ROW_SELECT, resellerApiKeyRow, type ResellerApiKeyRow } from "./reseller-api-key-row";
import type { ResellerApiKeyContext } from "./reseller-key-actor";

export type ResellerApiKeyList = {
  keys: ResellerApiKeyRow[];
  /** Keys holding a slot: every unrevoked key, expired ones included. */
  unrevoked: number;
  max: number;
  /** The reseller-wide hourly ceiling a key limit must stay under. */
  hourlyCeiling: number;
};

/** A reseller's API keys for the portal, newest first, revoked ones included. */
export async function listResellerApiKeys({ db, now, actor: { resellerId } }: ResellerApiKeyContext): Promise<ResellerApiKeyList> {
  const profile = await db.resellerProfile.findUnique({ where: { id: resellerId }, select: { hourlyLimit: true } });
  if (!profile) throw new ApiKeyError("not_found", "Reseller not found");
  const rows = await db.resellerApiKey.findMany({
    where: { resellerId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: RESELLER_API_KEY_ROW_SELECT,
  });
  const keys = rows.map((row) => resellerApiKeyRow(row, now));

  return {
    keys,
    unrevoked: keys.filter((k) => k.state !== "revoked").length,
    max: MAX_UNREVOKED_RESELLER_KEYS,
    hourlyCeiling: await getResellerHourlyCeiling(db, profile),
  };
}
