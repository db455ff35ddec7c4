import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCredit, makeCustomer } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { listAccountSshKeys } from "./list-account-ssh-keys";
import { listCreditLedgerEntries } from "./list-credit-ledger-entries";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("listCreditLedgerEntries", () => {
  it("newest first, limited, only the account's own", async () => {
    const { account } = await makeCustomer(t.db);
    const other = await makeCustomer(t.db, { credit: "5.00" });
    for (const amount of ["10.00", "20.00", "30.00"]) {
      await addCredit(t.db, account.id, amount);
      await new Promise((r) => setTimeout(r, 5));
    }
    const rows = await listCreditLedgerEntries({ accountId: account.id }, { limit: 2 }, { db: t.db });
    expect(rows.map((r) => [r.amount.toFixed(2), r.balanceAfter.toFixed(2)])).toEqual([
      ["30.00", "60.00"],
      ["20.00", "30.00"],
    ]);
    expect((await listCreditLedgerEntries({ accountId: other.account.id }, { limit: 50 }, { db: t.db })).length).toBe(1);
  });
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
    const keys = await listAccountSshKeys({ accountId: account.id }, { db: t.db });
    expect(keys.map((k) => k.name)).toEqual(["alpha", "zeta"]);
    expect(Object.keys(keys[0]!).sort()).toEqual(["fingerprint", "id", "name", "type"]);
  });
});
