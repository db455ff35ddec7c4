/**
 * True when an Inngest server (Cloud, self-hosted or `inngest dev`) is configured; then the SDK talks
 * to it and the embedded runner stays off. Same rule as `inngestExternal` in lib/env.ts, repeated here
 * so the client module does not validate the whole configuration when it is imported.
 */
export function isInngestExternal(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return Boolean(env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY || env.INNGEST_BASE_URL || env.INNGEST_DEV);
}
