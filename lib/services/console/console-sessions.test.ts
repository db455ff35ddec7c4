import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerDriver } from "@/lib/backends/registry";
import { createSimulatedHypervisor } from "@/lib/backends/simulated-hypervisor/simulated-hypervisor";
import type { HypervisorDriver } from "@/lib/backends/hypervisor-driver";
import type { OpenConsoleInput } from "@/lib/console/console-types";
import { makeReseller } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeActiveService, makeVpsSite } from "../testing/service-factories";
import { serviceContext } from "../service-context";
import { CAST_NOT_FOUND } from "../service-rules";
import { castStatus } from "./cast-state";
import { createConsoleCast, listConsoleCasts, revokeConsoleCast } from "./console-casts";
import { CLOSE_REASONS, consoleSessionConsumer, consumeConsoleSession } from "./consume-console-session";
import { createConsoleSession } from "./create-console-session";
import { listConsoleSessions } from "./list-console-sessions";
import { openConsoleCast } from "./open-console-cast";

let t: TestDb;
let reseller: Awaited<ReturnType<typeof makeReseller>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
const t0 = new Date("2026-05-04T08:00:00.000Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

// A hypervisor whose console records what it was asked for: the real simulator for everything else,
// registered the way a real driver is (lib/backends/registry.ts), so the consumer goes through the registry.
const opened: { vmId: string; input: OpenConsoleInput }[] = [];
const RECORDING = "console-recording-hv";
registerDriver(RECORDING, "vps", (node, ctx): HypervisorDriver => ({
  ...createSimulatedHypervisor(node, ctx),
  async openConsole(vmId, input) {
    opened.push({ vmId, input });
    return new PassThrough();
  },
}));

beforeAll(async () => {
  t = await createTestDb();
  reseller = await makeReseller(t.db);
  site = await makeVpsSite(t.db);
});
afterAll(async () => {
  await t?.close();
});

const ctxAt = (now: Date) => serviceContext({ db: t.db, now, clock: { now: () => now }, actor: { accountId: reseller.account.id } });
const backendAt = (now: Date) => ({ db: t.db, clock: { now: () => now }, now });
const vps = () => makeActiveService(t.db, { accountId: reseller.account.id, productId: site.product.id, locationId: site.location.id, resellerId: reseller.profile.id });
// A token that differs from `token` in its last character (a random token may already end in "A").
const otherToken = (token: string) => `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
const dial = (sessionId: string, token: string, now: Date) => ({ sessionId, token, now, remoteAddress: "203.0.113.9" });

describe("console sessions", () => {
  it("of 20 parallel dials with one token exactly one is served, and the token is spent", async () => {
    const { service } = await vps();
    const session = await createConsoleSession(ctxAt(t0), { serviceId: service.id, role: "reseller" });
    expect(session).toMatchObject({ kind: "vps", viewerKind: "novnc", channel: "rfb", wsPath: `/api/console/ws/${session.sessionId}`, expiresAt: at(300).toISOString() });
    expect(session.rfbPassword).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const consume = consoleSessionConsumer(t.db, { now: () => at(5) });
    const results = await Promise.all(Array.from({ length: 20 }, () => consume(dial(session.sessionId, session.token, at(5)))));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await consume(dial(session.sessionId, session.token, at(6)))).toBeNull();

    const row = await t.db.consoleSession.findUniqueOrThrow({ where: { id: session.sessionId } });
    expect(row).toMatchObject({ role: "reseller", resellerId: reseller.profile.id, consumedAt: at(5), remoteAddress: "203.0.113.9" });
    // Only the hash is stored, and the password only sealed.
    expect(JSON.stringify(row)).not.toContain(session.token);
    expect(JSON.stringify(row)).not.toContain(session.rfbPassword!);
  });

  it("refuses an expired token, a wrong token and a malformed session id", async () => {
    const { service } = await vps();
    const session = await createConsoleSession(ctxAt(t0), { serviceId: service.id, role: "customer" });
    const ctx = backendAt(t0);
    expect(await consumeConsoleSession(ctx, dial(session.sessionId, otherToken(session.token), at(1)))).toBeNull();
    expect(await consumeConsoleSession(ctx, dial("not-a-uuid", session.token, at(1)))).toBeNull();
    expect(await consumeConsoleSession(ctx, dial(session.sessionId, session.token, at(300)))).toBeNull();
    expect((await t.db.consoleSession.findUniqueOrThrow({ where: { id: session.sessionId } })).consumedAt).toBeNull();
  });

  it("a served session opens the machine's console through its driver with the session's VNC password, and closes for the right reasons", async () => {
    const { service } = await vps();
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: service.id } });
    await t.db.node.update({ where: { id: vm.nodeId }, data: { driver: RECORDING } });
    try {
      const session = await createConsoleSession(ctxAt(t0), { serviceId: service.id, role: "reseller", viewOnly: true });
      const served = (await consumeConsoleSession(backendAt(t0), dial(session.sessionId, session.token, at(1))))!;
      expect(served).toMatchObject({ serviceId: service.id, channel: "rfb", viewOnly: true, closesAt: at(8 * 3600) });
      await served.open();
      expect(opened.at(-1)).toEqual({ vmId: vm.id, input: { channel: "rfb", password: session.rfbPassword } });

      const serial = await createConsoleSession(ctxAt(t0), { serviceId: service.id, role: "reseller", channel: "serial" });
      expect(serial.rfbPassword).toBeNull();
      await (await consumeConsoleSession(backendAt(t0), dial(serial.sessionId, serial.token, at(1))))!.open();
      expect(opened.at(-1)).toEqual({ vmId: vm.id, input: { channel: "serial", password: null } });

      expect(await served.closeReason(at(60))).toBeNull();
      expect(await served.closeReason(at(8 * 3600))).toBe(CLOSE_REASONS.sessionOver);
      await t.db.service.update({ where: { id: service.id }, data: { status: "suspended" } });
      expect(await served.closeReason(at(60))).toBe(CLOSE_REASONS.suspended);
      await served.closed(CLOSE_REASONS.suspended, at(61));
      await served.closed("later", at(62));
      expect(await t.db.consoleSession.findUniqueOrThrow({ where: { id: session.sessionId } })).toMatchObject({ closedAt: at(61), closeReason: CLOSE_REASONS.suspended });
      // A dial that finds the service suspended is spent and refused.
      await t.db.service.update({ where: { id: service.id }, data: { status: "active" } });
      const late = await createConsoleSession(ctxAt(t0), { serviceId: service.id, role: "reseller" });
      await t.db.service.update({ where: { id: service.id }, data: { status: "suspended" } });
      expect(await consumeConsoleSession(backendAt(t0), dial(late.sessionId, late.token, at(1)))).toBeNull();
      expect(await t.db.consoleSession.findUniqueOrThrow({ where: { id: late.sessionId } })).toMatchObject({ consumedAt: at(1), closeReason: CLOSE_REASONS.suspended });
      await t.db.service.update({ where: { id: service.id }, data: { status: "terminated" } });
      expect(await served.closeReason(at(60))).toBe(CLOSE_REASONS.terminated);
    } finally {
      await t.db.node.update({ where: { id: vm.nodeId }, data: { driver: "simulated-hypervisor" } });
    }
  });
});

describe("console-cast links", () => {
  it("pending -> open -> expired, re-opened inside the window, each open a fresh session counted in openCount", async () => {
    const { service } = await vps();
    const cast = await createConsoleCast(ctxAt(t0), { serviceId: service.id, openTtlSeconds: 60, viewerTtlSeconds: 300, viewOnly: true });
    expect(cast).toMatchObject({ status: "pending", label: service.hostname, viewOnly: true, openExpiresAt: at(60).toISOString(), viewerTtlSeconds: 300, viewerExpiresAt: null, openCount: 0 });
    expect(cast.url).toBe(`${cast.url!.split("/cast/")[0]}/cast/${cast.ticket}`);

    const first = await openConsoleCast(backendAt(at(30)), { ticket: cast.ticket!, remoteAddress: "198.51.100.7" });
    expect(first).toMatchObject({ castId: cast.id, label: service.hostname, viewOnly: true, viewerExpiresAt: at(330).toISOString(), waiting: false });
    expect(first!.session).toMatchObject({ kind: "vps", viewOnly: true, viewerKind: "novnc" });
    let row = await t.db.consoleCast.findUniqueOrThrow({ where: { id: cast.id } });
    expect(castStatus(row, at(30))).toBe("open");
    expect(row).toMatchObject({ firstOpenedAt: at(30), lastOpenedAt: at(30), viewerExpiresAt: at(330), openCount: 1 });

    // Past the open deadline but inside the window: still opens; the window does not move.
    const again = await openConsoleCast(backendAt(at(100)), { ticket: cast.ticket! });
    expect(again!.session!.sessionId).not.toBe(first!.session!.sessionId);
    row = await t.db.consoleCast.findUniqueOrThrow({ where: { id: cast.id } });
    expect(row).toMatchObject({ firstOpenedAt: at(30), lastOpenedAt: at(100), viewerExpiresAt: at(330), openCount: 2 });

    // The cast's session is view-only, audited with role cast, and its stream ends with the window.
    const served = (await consumeConsoleSession(backendAt(at(101)), dial(again!.session!.sessionId, again!.session!.token, at(101))))!;
    expect(served).toMatchObject({ viewOnly: true, closesAt: at(330) });
    expect(await served.closeReason(at(329))).toBeNull();
    expect(await served.closeReason(at(330))).toBe(CLOSE_REASONS.windowOver);
    const audit = await listConsoleSessions(ctxAt(at(200)), { serviceId: service.id });
    expect(audit.filter((s) => s.castId === cast.id).map((s) => s.role)).toEqual(["cast", "cast"]);
    expect(audit.find((s) => s.id === again!.session!.sessionId)).toMatchObject({ consumedAt: at(101).toISOString(), remoteAddress: "203.0.113.9" });

    expect(castStatus(row, at(330))).toBe("expired");
    expect(await openConsoleCast(backendAt(at(330)), { ticket: cast.ticket! })).toBeNull();
    expect((await listConsoleCasts(ctxAt(at(330)), { serviceId: service.id })).map((c) => c.id)).not.toContain(cast.id);
    expect((await listConsoleCasts(ctxAt(at(330)), { serviceId: service.id, include: "all" })).find((c) => c.id === cast.id)).toMatchObject({ status: "expired", url: null, ticket: null, openCount: 2 });
  });

  it("pending -> expired when nobody opens it in time", async () => {
    const { service } = await vps();
    const cast = await createConsoleCast(ctxAt(t0), { serviceId: service.id, openTtlSeconds: 60 });
    expect((await listConsoleCasts(ctxAt(at(59)), { serviceId: service.id })).map((c) => c.id)).toContain(cast.id);
    expect(await openConsoleCast(backendAt(at(60)), { ticket: cast.ticket! })).toBeNull();
    const row = await t.db.consoleCast.findUniqueOrThrow({ where: { id: cast.id } });
    expect(castStatus(row, at(60))).toBe("expired");
    expect(row.firstOpenedAt).toBeNull();
  });

  it("revoked: idempotent, never opens again, and closes the viewers it opened", async () => {
    const { service } = await vps();
    const cast = await createConsoleCast(ctxAt(t0), { serviceId: service.id });
    const opening = await openConsoleCast(backendAt(at(1)), { ticket: cast.ticket! });
    const served = (await consumeConsoleSession(backendAt(at(2)), dial(opening!.session!.sessionId, opening!.session!.token, at(2))))!;
    const revoked = await revokeConsoleCast(ctxAt(at(10)), { serviceId: service.id, castId: cast.id });
    expect(revoked).toMatchObject({ status: "revoked", revokedAt: at(10).toISOString(), url: null });
    expect(await revokeConsoleCast(ctxAt(at(20)), { serviceId: service.id, castId: cast.id })).toMatchObject({ status: "revoked", revokedAt: at(10).toISOString() });
    expect(await openConsoleCast(backendAt(at(11)), { ticket: cast.ticket! })).toBeNull();
    expect(await served.closeReason(at(11))).toBe(CLOSE_REASONS.revoked);
  });

  it("waits for a display while the VM is off: the window starts, no session is minted or counted", async () => {
    const { service } = await vps();
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: service.id } });
    await t.db.virtualMachine.update({ where: { id: vm.id }, data: { state: "stopped" } });
    // DECISIONS 13: a cast is created whatever the power state.
    const cast = await createConsoleCast(ctxAt(t0), { serviceId: service.id, viewerTtlSeconds: 600 });
    const waiting = await openConsoleCast(backendAt(at(5)), { ticket: cast.ticket! });
    expect(waiting).toMatchObject({ waiting: true, session: null, viewerExpiresAt: at(605).toISOString() });
    expect(await t.db.consoleCast.findUniqueOrThrow({ where: { id: cast.id } })).toMatchObject({ firstOpenedAt: at(5), openCount: 0 });
    await t.db.virtualMachine.update({ where: { id: vm.id }, data: { state: "running" } });
    const shown = await openConsoleCast(backendAt(at(20)), { ticket: cast.ticket! });
    expect(shown).toMatchObject({ waiting: false, viewerExpiresAt: at(605).toISOString() });
    expect(await t.db.consoleCast.findUniqueOrThrow({ where: { id: cast.id } })).toMatchObject({ openCount: 1 });
  });

  it("unknown, malformed and terminated-service tickets are one null (the page's single 404 sentence)", async () => {
    expect(CAST_NOT_FOUND).toBe("This console link does not exist or has expired");
    expect(await openConsoleCast(backendAt(t0), { ticket: "A".repeat(43) })).toBeNull();
    expect(await openConsoleCast(backendAt(t0), { ticket: "../../etc" })).toBeNull();
    const { service } = await vps();
    const cast = await createConsoleCast(ctxAt(t0), { serviceId: service.id });
    await t.db.service.update({ where: { id: service.id }, data: { status: "terminated" } });
    expect(await openConsoleCast(backendAt(at(1)), { ticket: cast.ticket! })).toBeNull();
  });
});
