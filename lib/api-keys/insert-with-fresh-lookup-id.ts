import { ApiKeyError } from "./api-key-error";

// 2^32 (customer) and 62^8 (reseller) lookup ids make even one collision rare; five in a row
// means the generator is broken, and refusing beats looping.
const MAX_ATTEMPTS = 5;

/**
 * Calls `tryInsert` with fresh lookup ids until one is not taken. `tryInsert` must insert with
 * ON CONFLICT DO NOTHING semantics and answer null on a conflict: a unique-violation error would
 * abort the surrounding PostgreSQL transaction and make a retry impossible.
 */
export async function insertWithFreshLookupId<T>(
  newLookupId: () => string,
  tryInsert: (lookupId: string) => Promise<T | null>,
): Promise<T> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const row = await tryInsert(newLookupId());
    if (row !== null) return row;
  }
  throw new ApiKeyError("lookup_id_exhausted", "Could not allocate a unique key id; try again");
}
