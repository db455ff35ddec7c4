import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeReseller } from "@/lib/testing/factories";
import { generateSigningSecret } from "@/lib/api-keys/generate-signing-secret";
import { openSigningSecret } from "@/lib/api-keys/open-signing-secret";
import { revealSigningSecret } from "./reveal-signing-secret";
import { rotateSigningSecret } from "./rotate-signing-secret";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

async function resellerWithSecret() {
  const { profile } = await makeReseller(t.db);
  const secret = generateSigningSecret();
  await t.db.resellerProfile.update({ where: { id: profile.id }, data: { signingSecret: secret.sealed } });
  return { resellerId: profile.id, plaintext: secret.plaintext };
}

const ctx = (r: { resellerId: string }) => ({ db: t.db, now: new Date(), actor: { resellerId: r.resellerId } });

describe("revealSigningSecret", () => {
  it("opens the profile's sealed secret", async () => {
    const r = await resellerWithSecret();
    expect(await revealSigningSecret(ctx(r))).toBe(r.plaintext);
  });

  it("is not found for an unknown profile", async () => {
    await expect(revealSigningSecret(ctx({ resellerId: "00000000-0000-4000-8000-000000000000" }))).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("rotateSigningSecret", () => {
  it("stores a new 64-hex secret (sealed) and returns it once; the old one is gone", async () => {
    const r = await resellerWithSecret();
    const { signingSecret } = await rotateSigningSecret(ctx(r));
    expect(signingSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(signingSecret).not.toBe(r.plaintext);
    const row = await t.db.resellerProfile.findUniqueOrThrow({ where: { id: r.resellerId } });
    expect(row.signingSecret).not.toContain(signingSecret);
    expect(openSigningSecret(row.signingSecret)).toBe(signingSecret);
    expect(await revealSigningSecret(ctx(r))).toBe(signingSecret);
  });

  it("touches only this reseller", async () => {
    const r = await resellerWithSecret();
    const other = await resellerWithSecret();
    await rotateSigningSecret(ctx(r));
    expect(await revealSigningSecret(ctx(other))).toBe(other.plaintext);
  });

  it("of two rotations at once, refuses the one that read a secret already replaced", async () => {
    const r = await resellerWithSecret();
    const results = await Promise.allSettled([rotateSigningSecret(ctx(r)), rotateSigningSecret(ctx(r))]);
    const won = results.filter((x) => x.status === "fulfilled");
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const lost of results.filter((x) => x.status === "rejected")) expect(lost.reason).toMatchObject({ kind: "conflict" });
    // Whatever happened, the secret shown to the last winner is the one in force.
    expect(await revealSigningSecret(ctx(r))).toBe((won[won.length - 1] as PromiseFulfilledResult<{ signingSecret: string }>).value.signingSecret);
  });

  it("refuses a closed profile", async () => {
    const r = await resellerWithSecret();
    await t.db.resellerProfile.update({ where: { id: r.resellerId }, data: { status: "closed" } });
    await expect(rotateSigningSecret(ctx(r))).rejects.toMatchObject({ kind: "forbidden" });
  });
});
