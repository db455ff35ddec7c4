import { deleteStaleUserSessions } from "@/lib/auth/sessions/user-sessions";
import { deleteExpiredSignOuts } from "@/lib/auth/session-token";
import { deleteStaleSignInThrottles } from "@/lib/auth/sign-in-throttle";
import { getDb } from "@/lib/db/client";
import { inngest } from "../client";

/**
 * Daily housekeeping of sign-out records: once every copy of a signed-out session's JWT has
 * expired on its own, the record refusing it is no longer needed. Sign-in throttle rows go once their
 * failures would be forgotten anyway (docs/decisions.md#r15). Listed sessions go once unused for the
 * session lifetime.
 */
export const pruneSignedOutSessions = inngest.createFunction(
  { id: "prune-signed-out-sessions", name: "Prune sign-out records", triggers: [{ cron: "41 3 * * *" }], retries: 2 },
  async ({ event, step }) => {
    const now = new Date(typeof event.ts === "number" ? event.ts : Date.now());
    const deleted = await step.run("delete-expired", () => deleteExpiredSignOuts(getDb(), now));
    const throttles = await step.run("delete-stale-throttles", () => deleteStaleSignInThrottles(getDb(), now));
    const sessions = await step.run("delete-stale-sessions", () => deleteStaleUserSessions(getDb(), now));
    return { deleted, throttles, sessions };
  },
);
