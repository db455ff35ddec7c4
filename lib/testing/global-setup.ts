import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@/lib/db/adapter-factory";
import { migrate, migrateDatabase } from "@/lib/db/migrate";

// Migrates once per test run; each test file then gets a copy (see test-db.ts).
export default async function setup() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const pg = (await import("pg")).default;
    const name = `rf_tpl_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    const db = await openDatabase({ kind: "postgres", url: u.toString() });
    await migrateDatabase(db);
    await db.close();
    process.env.RACKFRONT_TEST_TEMPLATE_DB = name;
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const pglite = await PGlite.create();
  await migrate(new PrismaPGlite(pglite));
  const dir = mkdtempSync(path.join(tmpdir(), "rf-test-"));
  const file = path.join(dir, "migrated.tar");
  const blob = (await pglite.dumpDataDir("none")) as Blob;
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await pglite.close();
  process.env.RACKFRONT_TEST_PGLITE_DUMP = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
