import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import type { Db, DbOrTx } from "@/lib/db/client";
import { isUuid } from "@/lib/schemas/uuid";
import { newSessionClaims, type SessionClaims } from "../session-token";
import { IMPERSONATION_CLAIM_MS } from "./impersonation-rules";

/** The operator's own claims, kept in the JWT while it shows a customer, and the row that allows it. */
export type ImpersonationClaim = { id: string; uid: string; sv: number; sid: string };
export type ImpersonatingClaims = SessionClaims & { imp?: unknown };

export function impersonationOf(token: ImpersonatingClaims): ImpersonationClaim | null {
  const imp = token.imp as Partial<ImpersonationClaim> | undefined;
  if (!imp || typeof imp !== "object") return null;
  if (typeof imp.id !== "string" || !isUuid(imp.id) || typeof imp.uid !== "string" || typeof imp.sv !== "number" || typeof imp.sid !== "string") return null;
  return imp as ImpersonationClaim;
}

/**
 * The operator's session takes up an impersonation it started: one conditional update claims the
 * row (this operator's, unclaimed, unended, started moments ago), so a row is used by one session
 * once. The JWT then carries the customer's user (with a fresh session id) and keeps the operator's
 * claims aside to return to. Anything else leaves the token as it was.
 */
export async function claimImpersonation<T extends ImpersonatingClaims>(token: T, impersonationId: unknown, options: { db: DbOrTx; now: Date }): Promise<T> {
  const { db, now } = options;
  if (typeof impersonationId !== "string" || !isUuid(impersonationId) || impersonationOf(token)) return token;
  if (typeof token.uid !== "string" || typeof token.sv !== "number" || typeof token.sid !== "string") return token;
  const claimed = await db.impersonation.updateMany({
    where: { id: impersonationId, operatorUserId: token.uid, claimedAt: null, endedAt: null, expiresAt: { gt: now }, createdAt: { gt: new Date(now.getTime() - IMPERSONATION_CLAIM_MS) } },
    data: { claimedAt: now },
  });
  if (claimed.count !== 1) return token;
  const row = await db.impersonation.findUniqueOrThrow({ where: { id: impersonationId }, select: { target: { select: { id: true, sessionVersion: true } } } });
  const imp: ImpersonationClaim = { id: impersonationId, uid: token.uid, sv: token.sv, sid: token.sid };
  return { ...token, ...newSessionClaims(row.target), imp };
}

/** The token as the operator had it before the customer view: their own user and session again. */
export function operatorClaims<T extends ImpersonatingClaims>(token: T, imp: ImpersonationClaim): T {
  const { imp: _imp, ...rest } = token;
  return { ...rest, uid: imp.uid, sv: imp.sv, sid: imp.sid } as T;
}

/**
 * Whether a customer view may go on: its row is unended and unexpired, and the operator is still an
 * operator whose sessions were not revoked since. Checked on every use of the session.
 */
export async function impersonationHolds(db: DbOrTx, imp: ImpersonationClaim, now: Date): Promise<boolean> {
  const row = await db.impersonation.findUnique({
    where: { id: imp.id },
    select: { operatorUserId: true, endedAt: true, expiresAt: true, operator: { select: { isOperator: true, sessionVersion: true } } },
  });
  return !!row && row.operatorUserId === imp.uid && row.endedAt === null && row.expiresAt > now && row.operator.isOperator && row.operator.sessionVersion === imp.sv;
}

/**
 * Ends the customer view this token shows (the row's end and its audit entry, once) and gives the
 * operator's own claims back. A token that shows no customer is returned as it is.
 */
export async function endImpersonation<T extends ImpersonatingClaims>(token: T, options: { db: Db; now: Date; ip?: string | null }): Promise<T> {
  const imp = impersonationOf(token);
  if (!imp) return token;
  const { now } = options;
  await options.db.$transaction(async (tx) => {
    const ended = await tx.impersonation.updateMany({ where: { id: imp.id, operatorUserId: imp.uid, endedAt: null }, data: { endedAt: now } });
    if (ended.count !== 1) return;
    const row = await tx.impersonation.findUniqueOrThrow({ where: { id: imp.id }, select: { accountId: true, targetUserId: true, createdAt: true, target: { select: { email: true } } } });
    await recordAuditEntry(tx, {
      actorUserId: imp.uid,
      action: "customer.impersonation_ended",
      accountId: row.accountId,
      targetType: "user",
      targetId: row.targetUserId,
      details: { email: row.target.email, impersonationId: imp.id, minutes: Math.round((now.getTime() - row.createdAt.getTime()) / 60_000) },
      ip: options.ip ?? null,
      at: now,
    });
  });
  return operatorClaims(token, imp);
}
