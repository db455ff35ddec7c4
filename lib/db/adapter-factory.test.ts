import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { createStatementNamer, openDatabase } from "./adapter-factory";

describe("createStatementNamer", () => {
  it("gives one text one name and different texts different names", () => {
    const name = createStatementNamer();
    const a = name({ sql: "SELECT 1" });
    expect(a).toMatch(/^rf_[\w-]{24}$/);
    expect(name({ sql: "SELECT 1" })).toBe(a);
    expect(name({ sql: "SELECT 2" })).not.toBe(a);
  });

  it("runs statements unnamed past its bound, and keeps the names it gave", () => {
    const name = createStatementNamer(2);
    const first = name({ sql: "SELECT 1" });
    name({ sql: "SELECT 2" });
    expect(name({ sql: "SELECT 3" })).toBe("");
    expect(name({ sql: "SELECT 1" })).toBe(first);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ install: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("Prisma's statements are prepared on the connection and reused", async () => {
    // One connection, so the session that prepared is the session asked.
    const opened = await openDatabase({ kind: "postgres", url: t.url! }, { poolSize: 1 });
    const db = new PrismaClient({ adapter: opened.adapterFactory });
    try {
      await db.platformSettings.findUnique({ where: { id: 1 } });
      await db.platformSettings.findUnique({ where: { id: 1 } });
      const prepared = await db.$queryRaw<{ name: string; calls: bigint }[]>`
        SELECT name, (generic_plans + custom_plans) AS calls FROM pg_prepared_statements WHERE statement LIKE '%PlatformSettings%' AND statement NOT LIKE '%pg_prepared_statements%'`;
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^rf_/);
      expect(Number(prepared[0]!.calls)).toBe(2);
    } finally {
      await db.$disconnect();
      await opened.close();
    }
  });
});
