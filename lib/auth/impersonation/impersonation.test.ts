import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startImpersonation } from "@/lib/admin/customers/start-impersonation";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { resolveAreas } from "../resolve-areas";
import { newSessionClaims } from "../session-token";
import { IMPERSONATION_CLAIM_MS, IMPERSONATION_TTL_MS } from "./impersonation-rules";
import { refreshSession } from "./refresh-session";
import { claimImpersonation, endImpersonation, impersonationOf } from "./session-impersonation";
import { domainRefusal } from "@/lib/testing/domain-refusal";

let t: TestDb;
const T0 = new Date("2031-06-01T09:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

async function operatorSession() {
  const op = await makeUser(t.db, { isOperator: true });
  const ctx = (now = T0): OperatorContext<TestDb["db"]> => ({ db: t.db, now, actor: { userId: op.id, ip: "198.51.100.9" } });
  return { op, ctx, token: { ...newSessionClaims(op), name: op.name, email: op.email } };
}
const refusal = domainRefusal;

describe("startImpersonation", () => {
  it("needs a reason, records the start, and refuses operators, strangers and closed accounts", async () => {
    const { ctx, op } = await operatorSession();
    const { account, owner } = await makeCustomer(t.db);

    const noReason = await refusal(startImpersonation(ctx(), { accountId: account.id, reason: "  " }));
    expect(noReason.details?.map((d) => d.field)).toEqual(["reason"]);
    expect(await t.db.impersonation.count({ where: { accountId: account.id } })).toBe(0);

    const started = await startImpersonation(ctx(), { accountId: account.id, reason: "Ticket 4412: cannot find invoice" });
    expect(started.email).toBe(owner.email);
    const row = await t.db.impersonation.findUniqueOrThrow({ where: { id: started.impersonationId } });
    expect(row).toMatchObject({ operatorUserId: op.id, targetUserId: owner.id, claimedAt: null, endedAt: null, expiresAt: at(IMPERSONATION_TTL_MS) });
    const [audit] = await t.db.auditEntry.findMany({ where: { accountId: account.id } });
    expect(audit).toMatchObject({ action: "customer.impersonation_started", actorUserId: op.id, targetId: owner.id, ip: "198.51.100.9", details: { reason: "Ticket 4412: cannot find invoice", impersonationId: row.id } });

    const operatorOwned = await makeCustomer(t.db);
    await t.db.user.update({ where: { id: operatorOwned.owner.id }, data: { isOperator: true } });
    expect((await refusal(startImpersonation(ctx(), { accountId: operatorOwned.account.id, reason: "x" }))).kind).toBe("forbidden");
    const stranger = await makeCustomer(t.db);
    expect((await refusal(startImpersonation(ctx(), { accountId: account.id, userId: stranger.owner.id, reason: "x" }))).kind).toBe("not_found");
    await t.db.clientAccount.update({ where: { id: stranger.account.id }, data: { status: "closed" } });
    expect((await refusal(startImpersonation(ctx(), { accountId: stranger.account.id, reason: "x" }))).kind).toBe("conflict");
  });
});

describe("the session of a customer view", () => {
  it("is taken up once by the operator who started it, shows the customer without the console, and ends back in the operator's session", async () => {
    const { ctx, op, token } = await operatorSession();
    const { account, owner } = await makeCustomer(t.db);
    const { impersonationId } = await startImpersonation(ctx(), { accountId: account.id, reason: "Support" });

    // Another operator's session cannot take it up.
    const other = await operatorSession();
    expect(await claimImpersonation(other.token, impersonationId, { db: t.db, now: at(1000) })).toEqual(other.token);

    const viewing = await claimImpersonation(token, impersonationId, { db: t.db, now: at(1000) });
    expect(viewing.uid).toBe(owner.id);
    expect(viewing.sid).not.toBe(token.sid);
    expect(impersonationOf(viewing)).toEqual({ id: impersonationId, uid: op.id, sv: token.sv, sid: token.sid });
    // Taken up once: the same row cannot start a second customer view.
    expect(await claimImpersonation(token, impersonationId, { db: t.db, now: at(2000) })).toEqual(token);

    const refreshed = await refreshSession(viewing, { db: t.db, now: at(5000) });
    expect(refreshed?.uid).toBe(owner.id);
    expect(refreshed?.email).toBe(owner.email);
    const areas = await resolveAreas({ userId: refreshed!.uid as string }, { db: t.db });
    expect(areas.isOperator).toBe(false);
    expect(areas.customer?.accountId).toBe(account.id);

    const back = await endImpersonation(viewing, { db: t.db, now: at(10 * 60_000) });
    expect(back).toMatchObject({ uid: op.id, sv: token.sv, sid: token.sid });
    expect(impersonationOf(back)).toBeNull();
    // The old customer-view token now falls back to the operator on its next use.
    expect((await refreshSession(viewing, { db: t.db, now: at(11 * 60_000) }))?.uid).toBe(op.id);
    // The end is recorded once, however often it is asked for.
    await endImpersonation(viewing, { db: t.db, now: at(12 * 60_000) });
    const audit = await t.db.auditEntry.findMany({ where: { accountId: account.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["customer.impersonation_started", "customer.impersonation_ended"]);
    expect(audit[1]!.details).toMatchObject({ email: owner.email, minutes: 10 });
  });

  it("falls back to the operator when it expires or the operator loses the role, and ends with the operator's revoked sessions", async () => {
    const { ctx, op, token } = await operatorSession();
    const { account, owner } = await makeCustomer(t.db);
    const start = async () => {
      const { impersonationId } = await startImpersonation(ctx(), { accountId: account.id, reason: "Support" });
      return claimImpersonation(token, impersonationId, { db: t.db, now: at(1000) });
    };

    const expiring = await start();
    expect((await refreshSession(expiring, { db: t.db, now: at(IMPERSONATION_TTL_MS - 1000) }))?.uid).toBe(owner.id);
    expect((await refreshSession(expiring, { db: t.db, now: at(IMPERSONATION_TTL_MS + 1000) }))?.uid).toBe(op.id);

    const demoted = await start();
    await t.db.user.update({ where: { id: op.id }, data: { isOperator: false } });
    expect((await refreshSession(demoted, { db: t.db, now: at(5000) }))?.uid).toBe(op.id);
    await t.db.user.update({ where: { id: op.id }, data: { isOperator: true } });

    const revoked = await start();
    await t.db.user.update({ where: { id: op.id }, data: { sessionVersion: { increment: 1 } } });
    expect(await refreshSession(revoked, { db: t.db, now: at(5000) })).toBeNull();
  });

  it("is not taken up late, and a forged claim ends the session", async () => {
    const { ctx, token } = await operatorSession();
    const { account } = await makeCustomer(t.db);
    const { impersonationId } = await startImpersonation(ctx(), { accountId: account.id, reason: "Support" });
    expect(await claimImpersonation(token, impersonationId, { db: t.db, now: at(IMPERSONATION_CLAIM_MS + 1000) })).toEqual(token);
    expect(await claimImpersonation(token, "not-a-uuid", { db: t.db, now: at(1000) })).toEqual(token);

    expect(await refreshSession({ ...token, imp: { id: impersonationId } }, { db: t.db, now: at(1000) })).toBeNull();
    const { owner } = await makeCustomer(t.db);
    // A made-up claim naming a row that does not exist falls back to the token's own operator fields, never to the customer.
    const forged = { ...token, uid: owner.id, sv: 1, imp: { id: "00000000-0000-4000-8000-000000000001", uid: token.uid, sv: token.sv, sid: token.sid } };
    expect((await refreshSession(forged, { db: t.db, now: at(1000) }))?.uid).toBe(token.uid);
  });
});
