import { describe, expect, it } from "vitest";
import { openDatabase } from "./adapter-factory";
import { diffMigrationsToSchema, migrate, migrateDatabase } from "./migrate";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createTestDb } from "@/lib/testing/test-db";
import { readMigrationList } from "./migrations-dir";
import { pendingMigrations } from "./pending-migrations";

describe("migrations", () => {
  it("agree with schema.prisma (no drift)", async () => {
    const db = await openDatabase({ kind: "pglite", dataDir: null });
    try {
      expect(await diffMigrationsToSchema(db.adapterFactory)).toBe("");
    } finally {
      await db.close();
    }
  });

  it("are idempotent and recorded in _prisma_migrations", async () => {
    const t = await createTestDb({ install: false });
    try {
      expect(await migrate(t.opened.adapterFactory)).toEqual([]);
      const rows = await t.db.$queryRaw<{ migration_name: string; finished_at: Date | null }[]>`
        SELECT migration_name, finished_at FROM _prisma_migrations`;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.finished_at !== null)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it("are all pending on an empty database, none on a migrated one, and one that was removed or changed is pending again", async () => {
    const names = readMigrationList().migrationDirectories.map((m) => m.path);
    const empty = await openDatabase({ kind: "pglite", dataDir: null });
    const client = new PrismaClient({ adapter: empty.adapterFactory });
    try {
      expect(await pendingMigrations(client)).toEqual(names);
    } finally {
      await client.$disconnect();
      await empty.close();
    }

    const t = await createTestDb({ install: false });
    try {
      expect(await pendingMigrations(t.db)).toEqual([]);
      await t.db.$executeRaw`UPDATE _prisma_migrations SET checksum = 'edited' WHERE migration_name = ${names[1]}`;
      await t.db.$executeRaw`DELETE FROM _prisma_migrations WHERE migration_name = ${names.at(-1)}`;
      expect(await pendingMigrations(t.db)).toEqual([names[1], names.at(-1)]);
    } finally {
      await t.close();
    }
  });

  // PostgreSQL only: PGlite is one connection in one process, so a lock it keeps blocks nobody.
  it.runIf(process.env.TEST_DATABASE_URL)("leave no advisory lock behind on the server's own connections (a second server would wait for it)", async () => {
    const t = await createTestDb({ install: false });
    try {
      await t.db.$queryRaw`SELECT 1`; // the app's pool is open, as in the server
      expect(await migrateDatabase(t.opened)).toEqual([]);
      expect(await migrateDatabase(t.opened)).toEqual([]);
      // A closed connection's backend releases its locks as it exits, a moment after the client
      // hangs up, so the count may need a few polls; a lock kept by a pooled connection never goes.
      const heldNow = async () => {
        const [{ held }] = await t.db.$queryRaw<{ held: bigint }[]>`
          SELECT count(*) AS held FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
        return Number(held);
      };
      await expect.poll(heldNow, { timeout: 5_000, interval: 100 }).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("refuses a negative credit balance in the database", async () => {
    const t = await createTestDb({ install: false });
    try {
      const user = await t.db.user.create({ data: { email: "a@example.test", name: "A", passwordHash: "x" } });
      const acct = await t.db.clientAccount.create({ data: { name: "A", ownerId: user.id } });
      await expect(t.db.clientAccount.update({ where: { id: acct.id }, data: { creditBalance: -1 } })).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});
