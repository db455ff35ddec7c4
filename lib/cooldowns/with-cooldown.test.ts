import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { reserveCooldown } from "./reserve-cooldown";
import { withCooldown } from "./with-cooldown";

let t: TestDb;
let userId: string;
const now = new Date("2026-04-01T10:00:00.000Z");
beforeAll(async () => {
  t = await createTestDb();
  userId = (await makeUser(t.db)).id;
});
afterAll(async () => {
  await t?.close();
});

const refusal = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};

describe("withCooldown", () => {
  it("counts a panel action against the API's cool-down for the same user and service, and the API's against the panel", async () => {
    const serviceId = randomUUID();
    const key = { bucket: "reinstall" as const, userId, resourceId: serviceId };
    expect(await withCooldown(t.db, key, now, async () => "reinstalling")).toBe("reinstalling");
    const refused = await refusal(withCooldown(t.db, key, new Date(now.getTime() + 60_000), async () => "again"));
    expect(refused.kind).toBe("rate_limited");
    expect(refused.message).toBe("Too many reinstalls on this resource (1 per 5 minutes); try again in 240 seconds");
    // The API, for the same user and service, is refused too.
    expect(await refusal(reserveCooldown(t.db, key, new Date(now.getTime() + 60_000)))).toMatchObject({ kind: "rate_limited", code: "ACTION_RATE_LIMITED", retryAfterSeconds: 240 });
    // After the window both may act again.
    expect(await withCooldown(t.db, key, new Date(now.getTime() + 301_000), async () => "later")).toBe("later");

    const other = { bucket: "reinstall" as const, userId, resourceId: randomUUID() };
    const api = await reserveCooldown(t.db, other, now);
    await api.settle(202);
    expect((await refusal(withCooldown(t.db, other, now, async () => "x"))).kind).toBe("rate_limited");
  });

  it("a refused action gives its use back; one the bucket still counts (a BMC's 424) keeps it", async () => {
    const serviceId = randomUUID();
    const key = { bucket: "reinstall" as const, userId, resourceId: serviceId };
    await refusal(
      withCooldown(t.db, key, now, async () => {
        throw new DomainError("conflict", "The server is still being built");
      }),
    );
    expect(await withCooldown(t.db, key, now, async () => "accepted")).toBe("accepted");

    const power = { bucket: "power" as const, userId, resourceId: randomUUID() };
    for (let i = 0; i < 10; i++) {
      await refusal(
        withCooldown(t.db, power, now, async () => {
          throw new DomainError("provider_failed", "The management controller did not complete the power action");
        }),
      );
    }
    expect((await refusal(withCooldown(t.db, power, now, async () => "x"))).kind).toBe("rate_limited");
  });

  it("a replay (isReplay true) runs past a full bucket and spends nothing; anything else is refused", async () => {
    const key = { bucket: "reinstall" as const, userId, resourceId: randomUUID() };
    expect(await withCooldown(t.db, key, now, async () => "first", { isReplay: async () => false })).toBe("first");
    expect(await withCooldown(t.db, key, now, async () => "replayed", { isReplay: async () => true })).toBe("replayed");
    expect((await refusal(withCooldown(t.db, key, now, async () => "new", { isReplay: async () => false }))).kind).toBe("rate_limited");
    expect(await t.db.actionCooldownUse.count({ where: key })).toBe(1);
  });

  it("a result that turned out to be a replay (replayed) gives its use back", async () => {
    const key = { bucket: "reinstall" as const, userId, resourceId: randomUUID() };
    const options = { isReplay: async () => false, replayed: (r: { created: boolean }) => !r.created };
    expect(await withCooldown(t.db, key, now, async () => ({ created: false }), options)).toEqual({ created: false });
    expect(await t.db.actionCooldownUse.count({ where: key })).toBe(0);
    expect(await withCooldown(t.db, key, now, async () => ({ created: true }), options)).toEqual({ created: true });
    expect(await t.db.actionCooldownUse.count({ where: key })).toBe(1);
  });
});
