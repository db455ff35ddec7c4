import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { openDatabase, type OpenedDatabase } from "@/lib/db/adapter-factory";
import { installDb, uninstallDb } from "@/lib/db/client";

export interface TestDb {
  db: PrismaClient;
  opened: OpenedDatabase;
  /** postgres URL of this test's database, or null on PGlite */
  url: string | null;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set (cloned from a migrated template made by the global setup),
 * otherwise an in-memory PGlite loaded from the migrated dump the global setup wrote.
 * It is also installed as the process database so domain code under test finds it.
 */
export async function createTestDb(options: { install?: boolean } = { install: true }): Promise<TestDb> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let opened: OpenedDatabase;
  let url: string | null = null;
  let drop: (() => Promise<void>) | undefined;
  if (adminUrl) {
    const template = process.env.RACKFRONT_TEST_TEMPLATE_DB;
    if (!template) throw new Error("global setup did not create the template database");
    const name = `rf_test_${randomBytes(6).toString("hex")}`;
    const pg = (await import("pg")).default;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    opened = await openDatabase({ kind: "postgres", url });
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // pool.end() resolves once its clients were told to close, not once their sockets are gone;
      // a FORCE drop while they are still leaving terminates them and their "administrator
      // command" error surfaces as an unhandled error of the test file. Give them a moment first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dump = process.env.RACKFRONT_TEST_PGLITE_DUMP;
    if (!dump) throw new Error("global setup did not write the PGlite dump");
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    const pglite = await PGlite.create({ loadDataDir: new Blob([await readFile(dump)]) });
    opened = {
      target: { kind: "pglite", dataDir: null },
      adapterFactory: new PrismaPGlite(pglite),
      close: async () => {
        if (!pglite.closed) await pglite.close();
      },
    };
  }
  const db = options.install === false ? new PrismaClient({ adapter: opened.adapterFactory }) : installDb(opened);
  return {
    db,
    opened,
    url,
    async close() {
      await db.$disconnect();
      if (options.install !== false) uninstallDb();
      await opened.close();
      await drop?.();
    },
  };
}
