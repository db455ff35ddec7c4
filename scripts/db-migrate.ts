// npm run db:migrate — applies prisma/migrations to the configured database
// (PostgreSQL with DATABASE_URL, else the PGlite store under RACKFRONT_DATA_DIR).
import { databaseTarget, readEnv } from "../lib/env";
import { openDatabase } from "../lib/db/adapter-factory";
import { migrateDatabase } from "../lib/db/migrate";

const env = readEnv();
const db = await openDatabase(databaseTarget(env));
try {
  const applied = await migrateDatabase(db);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
} finally {
  await db.close();
}
