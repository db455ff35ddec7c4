/** lastUsedAt is written at most this often per key, so a busy key does not cost a write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** The one call of a key table (`db.customerApiKey`, `db.resellerApiKey`) that this needs. */
type KeyTable = {
  updateMany(args: {
    where: { id: string; OR: ({ lastUsedAt: null } | { lastUsedAt: { lte: Date } })[] };
    data: { lastUsedAt: Date };
  }): PromiseLike<unknown>;
};

/**
 * Records that a key was used, at most once per LAST_USED_RESOLUTION_MS: skipped when the stored
 * time is recent, and conditional in the database so concurrent requests write it once.
 */
export async function touchLastUsed(table: KeyTable, key: { id: string; lastUsedAt: Date | null }, now: Date): Promise<void> {
  if (key.lastUsedAt !== null && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;

  await table.updateMany({
    where: {
      id: key.id,
      OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(now.getTime() - LAST_USED_RESOLUTION_MS) } }],
    },
    data: { lastUsedAt: now },
  });
}
