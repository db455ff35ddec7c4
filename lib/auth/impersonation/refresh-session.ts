import type { DbOrTx } from "@/lib/db/client";
import { refreshSessionToken } from "../session-token";
import { impersonationHolds, impersonationOf, operatorClaims, type ImpersonatingClaims } from "./session-impersonation";

/**
 * The session JWT re-checked on every use (refreshSessionToken), customer views included: while the
 * impersonation holds, the customer's user is checked like any session; once it ended, expired or the
 * operator lost the role (or the customer's sessions were revoked), the token falls back to the
 * operator's own claims, which are checked in turn. Null ends the session.
 */
export async function refreshSession<T extends ImpersonatingClaims>(token: T, options: { db: DbOrTx; now: Date }): Promise<T | null> {
  const imp = impersonationOf(token);
  if (!imp) {
    // A malformed claim is never trusted: the token is what it says without it.
    if (token.imp !== undefined) return null;
    return refreshSessionToken(token, options);
  }
  if (await impersonationHolds(options.db, imp, options.now)) {
    const customer = await refreshSessionToken(token, options);
    if (customer) return customer;
  }
  return refreshSessionToken(operatorClaims(token, imp), options);
}
