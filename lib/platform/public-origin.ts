// The listening port lives on globalThis (set by lib/api/public-base-url.ts setListeningPort once the
// server listens), because Next bundles route handlers apart from server.ts's modules.
const slot = globalThis as unknown as { __rackfrontListeningPort?: number };

/**
 * The supplier's public origin, where its websockets live (console sessions' `origin`): the origin of
 * RACKFRONT_BASE_URL when set, else `http://localhost:<listening port>`, as lib/env.ts's `baseUrl`.
 * Never a request's `Host` (docs/decisions.md#r10).
 */
export function publicOrigin(env: Readonly<Record<string, string | undefined>> = process.env): string {
  if (env.RACKFRONT_BASE_URL) {
    try {
      return new URL(env.RACKFRONT_BASE_URL).origin;
    } catch {
      // lib/env.ts refuses a malformed value at start; fall through for a process that skipped it.
    }
  }
  const port = slot.__rackfrontListeningPort ?? (env.PORT && /^\d+$/.test(env.PORT) ? Number(env.PORT) : 3000);
  return `http://localhost:${port}`;
}
