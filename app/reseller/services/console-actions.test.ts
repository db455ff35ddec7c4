import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SERVICE_NOT_FOUND } from "@/lib/services/service-rules";
import { makeActiveService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { makeReseller } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";

// The reseller portal's console actions: its own viewer and the console-cast links card. Another
// reseller's service is "not found" for every one of them, and nothing is written for it.

const session = vi.hoisted(() => ({ userId: "" }));
// The real session module, signed in as the test's user: only next-auth's session read is replaced.
vi.mock("@/auth", () => ({ auth: async () => ({ user: { id: session.userId, name: "", email: "" } }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { openResellerConsoleAction, createConsoleLinkAction, listConsoleLinksAction, revokeConsoleLinkAction } = await import("./console-actions");

let t: TestDb;
let me: Awaited<ReturnType<typeof makeReseller>>;
let mine: string;
let theirs: string;
let theirCast: string;

beforeAll(async () => {
  t = await createTestDb();
  me = await makeReseller(t.db);
  const other = await makeReseller(t.db);
  const site = await makeVpsSite(t.db);
  mine = (await makeActiveService(t.db, { accountId: me.account.id, resellerId: me.profile.id, productId: site.product.id, locationId: site.location.id, hostname: "cast-mine.example.com" })).service.id;
  theirs = (await makeActiveService(t.db, { accountId: other.account.id, resellerId: other.profile.id, productId: site.product.id, locationId: site.location.id, hostname: "cast-theirs.example.com" })).service.id;
  // A link of the other reseller's, written directly: this reseller must neither see nor revoke it.
  theirCast = (
    await t.db.consoleCast.create({
      data: { serviceId: theirs, resellerId: other.profile.id, ticketHash: randomUUID(), label: "theirs", viewOnly: false, openExpiresAt: new Date(Date.now() + 900_000), viewerTtlSeconds: 3600, createdAt: new Date() },
    })
  ).id;
  session.userId = me.owner.id;
});
afterAll(async () => {
  await t?.close();
});

const counts = async () => ({ sessions: await t.db.consoleSession.count(), casts: await t.db.consoleCast.count() });

describe("another reseller's service", () => {
  it("is not found for the console, link creation and revocation; its links are not listed; nothing is written", async () => {
    const before = await counts();
    expect(await openResellerConsoleAction(theirs, "rfb")).toEqual({ ok: false, error: SERVICE_NOT_FOUND });
    expect(await createConsoleLinkAction(theirs, { label: "peek", viewOnly: true, openTtlSeconds: 900, viewerTtlSeconds: 3600 })).toEqual({ ok: false, error: SERVICE_NOT_FOUND });
    expect(await revokeConsoleLinkAction(theirs, theirCast)).toEqual({ ok: false, error: SERVICE_NOT_FOUND });
    expect(await listConsoleLinksAction(theirs)).toBeNull();
    expect(await counts()).toEqual(before);
    expect((await t.db.consoleCast.findUniqueOrThrow({ where: { id: theirCast } })).revokedAt).toBeNull();
  });

  it("a link id of another service cannot be revoked through one's own service", async () => {
    const result = await revokeConsoleLinkAction(mine, theirCast);
    // Not found, or (while the domain is a placeholder) refused; never revoked.
    expect(result.ok).toBe(false);
    expect((await t.db.consoleCast.findUniqueOrThrow({ where: { id: theirCast } })).revokedAt).toBeNull();
  });
});

describe("the form's input", () => {
  it("a deadline that is not a whole number of seconds is refused under its field", async () => {
    const result = await createConsoleLinkAction(mine, { openTtlSeconds: "soon" as unknown as number, viewerTtlSeconds: 1.5 });
    expect(result).toMatchObject({ ok: false, error: "Check the highlighted fields.", fieldErrors: { openTtlSeconds: expect.any(String), viewerTtlSeconds: expect.any(String) } });
  });

  it("an unknown console channel is refused", async () => {
    expect(await openResellerConsoleAction(mine, "telnet")).toEqual({ ok: false, error: "Unknown console channel" });
  });
});

// Needs the real console sessions and casts (lib/services/console, h/sessions); skipped while the placeholder stands.
describe("console links", () => {
  it("create: the URL once; the list shows the link without it, pending and never opened; revoke: revoked", async () => {
    const created = await createConsoleLinkAction(mine, { label: "  ", viewOnly: true, openTtlSeconds: 3600, viewerTtlSeconds: 1800 });
    if (!created.ok) throw new Error(created.error);
    // An empty label is the hostname's (spec: label defaults to hostname).
    expect(created.data.link).toMatchObject({ label: "cast-mine.example.com", viewOnly: true, status: "pending", openCount: 0, viewerTtlSeconds: 1800, viewerExpiresAt: null });
    expect(created.data.url).toMatch(/\/cast\/\S+$/);
    const openBy = new Date(created.data.link.openExpiresAt).getTime() - new Date(created.data.link.createdAt).getTime();
    expect(Math.round(openBy / 1000)).toBe(3600);

    const listed = await listConsoleLinksAction(mine);
    const row = listed?.casts.find((c) => c.id === created.data.link.id);
    expect(row).toMatchObject({ status: "pending", openCount: 0 });
    expect(JSON.stringify(listed)).not.toContain(created.data.url);
    expect(listed?.casts.map((c) => c.id)).not.toContain(theirCast);

    expect(await revokeConsoleLinkAction(mine, created.data.link.id)).toMatchObject({ ok: true });
    expect((await listConsoleLinksAction(mine))?.casts.find((c) => c.id === created.data.link.id)?.status).toBe("revoked");
    // Idempotent, as the API's DELETE.
    expect(await revokeConsoleLinkAction(mine, created.data.link.id)).toMatchObject({ ok: true });
  });

  it("deadlines outside the spec's ranges are refused under their fields", async () => {
    const before = await counts();
    expect(await createConsoleLinkAction(mine, { openTtlSeconds: 59 })).toMatchObject({ ok: false, fieldErrors: { openTtlSeconds: expect.any(String) } });
    expect(await createConsoleLinkAction(mine, { viewerTtlSeconds: 43201 })).toMatchObject({ ok: false, fieldErrors: { viewerTtlSeconds: expect.any(String) } });
    expect(await counts()).toEqual(before);
  });

  it("the portal's own console is a reseller session, listed in the activity", async () => {
    const opened = await openResellerConsoleAction(mine, "rfb");
    if (!opened.ok) throw new Error(opened.error);
    expect(new Date(opened.data.expiresAt).toISOString()).toBe(opened.data.expiresAt);
    expect(await t.db.consoleSession.findUniqueOrThrow({ where: { id: opened.data.sessionId } })).toMatchObject({ serviceId: mine, role: "reseller" });
    const activity = (await listConsoleLinksAction(mine))?.activity ?? [];
    expect(activity.find((a) => a.id === opened.data.sessionId)).toMatchObject({ role: "reseller", channel: "rfb", openedAt: null });
  });
});
