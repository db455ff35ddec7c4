// How long console sessions and casts live (docs/decisions.md#r17; reseller API "Limits" for the cast ranges).

/** A session's token must be dialled within this (sessions are one-shot and live minutes). */
export const SESSION_DIAL_SECONDS = 5 * 60;
/** An open console stream is closed after this whatever happens (a forgotten tab). */
export const SESSION_MAX_SECONDS = 8 * 60 * 60;

export const CAST_OPEN_TTL = { default: 900, min: 60, max: 604_800 } as const;
export const CAST_VIEWER_TTL = { default: 3600, min: 300, max: 43_200 } as const;

/** Where the relay serves a session's websocket (the spec's `wsPath`). */
export function consoleWsPath(sessionId: string): string {
  return `/api/console/ws/${sessionId}`;
}
