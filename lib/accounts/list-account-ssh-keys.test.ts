import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCustomer } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { listAccountSshKeys } from "./list-account-ssh-keys";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("listAccountSshKeys", () => {
  it("the account's keys by name, without the key body", async () => {
    const { account } = await makeCustomer(t.db);
    const other = await makeCustomer(t.db);
    for (const [accountId, name] of [
      [account.id, "zeta"],
      [account.id, "alpha"],
      [other.account.id, "theirs"],
    ] as const) {
      await t.db.sshKey.create({ data: { accountId, name, publicKey: "ssh-ed25519 AAAA", fingerprint: `SHA256:${name}`, type: "ed25519" } });
    }
    const keys = await listAccountSshKeys({ db: t.db, now: new Date(), actor: { accountId: account.id } });
    expect(keys.map((k) => k.name)).toEqual(["alpha", "zeta"]);
    expect(Object.keys(keys[0]!).sort()).toEqual(["fingerprint", "id", "name", "type"]);
  });
});
