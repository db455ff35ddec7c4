// Runs an async function over a list with a bounded number of calls in flight. Listing a folder
// lstats every entry; one at a time, each waits a full trip through libuv's thread pool, and all at
// once floods that pool (docs/performance.md, "Game file listing").

/**
 * `fn` over `items` with at most `limit` calls in flight; the results in the items' order. After a
 * failure no new call starts, and the first error is thrown only once the calls in flight have
 * ended, so a caller's cleanup (closing the directory fd they use) never races them.
 */
export async function mapConcurrent<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}
