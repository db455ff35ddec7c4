import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { hashPassword } from "./password";

// Row factories for the auth tests; unique emails so tests in one file never collide.

export async function createTestUser(db: Db, overrides: { password?: string; isOperator?: boolean; name?: string } = {}) {
  const email = `user-${randomBytes(4).toString("hex")}@rackfront.test`;
  const password = overrides.password ?? "correct horse battery staple";
  const user = await db.user.create({
    data: {
      email,
      name: overrides.name ?? "Test User",
      passwordHash: await hashPassword(password),
      isOperator: overrides.isOperator ?? false,
    },
  });

  return { ...user, password };
}

export async function createTestAccount(db: Db, ownerId: string, overrides: { name?: string; status?: "active" | "suspended" | "closed" } = {}) {
  return db.clientAccount.create({
    data: { name: overrides.name ?? "Test Account", ownerId, status: overrides.status ?? "active" },
  });
}

export async function createTestResellerProfile(db: Db, accountId: string, status: "pending" | "active" | "suspended" | "closed") {
  return db.resellerProfile.create({ data: { accountId, status, signingSecret: "sealed-not-used-here" } });
}

/**
 * A password check that finishes only when the test says so (`finishNext`), recording how many
 * ran and how many ran at once: concurrency is asserted by counting, never by timing.
 */
export function gatedCheck() {
  const gates: Array<(ok: boolean) => void> = [];
  let running = 0;
  let maxRunning = 0;
  let calls = 0;
  const check = (_hash: string, _password: string) =>
    new Promise<boolean>((resolve) => {
      calls++;
      running++;
      maxRunning = Math.max(maxRunning, running);
      gates.push((ok) => {
        running--;
        resolve(ok);
      });
    });

  return {
    check,
    /** Finishes the oldest running check with the given verdict. */
    finishNext(ok = false) {
      const gate = gates.shift();
      if (!gate) throw new Error("no check is running");
      gate(ok);
    },
    get calls() {
      return calls;
    },
    get maxRunning() {
      return maxRunning;
    },
  };
}
