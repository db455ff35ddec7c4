// npm run db:seed — migrates the configured database (PostgreSQL with DATABASE_URL, else the
// PGlite store under RACKFRONT_DATA_DIR) and, if it has no users yet, fills it with the demo
// catalogue and accounts; their credentials go to <data dir>/demo-credentials.json only.
import path from "node:path";
import { databaseTarget, readEnv } from "../lib/env";
import { loadOrCreateInstanceKey } from "../lib/crypto/instance-key";
import { openDatabase } from "../lib/db/adapter-factory";
import { createPrismaClient } from "../lib/db/client";
import { migrateDatabase } from "../lib/db/migrate";
import { seedDemo } from "../prisma/seed/seed-demo";
import { DEMO_CREDENTIALS_FILE } from "../prisma/seed/write-demo-credentials";

const env = readEnv();
// The signing secret is sealed with the instance key; it must be the key the server will use.
process.env.RACKFRONT_INSTANCE_KEY = loadOrCreateInstanceKey(env.dataDir);

const opened = await openDatabase(databaseTarget(env));
try {
  await migrateDatabase(opened);
  const db = createPrismaClient(opened);
  try {
    const { seeded } = await seedDemo(db, { baseUrl: env.baseUrl, dataDir: env.dataDir });
    console.log(
      seeded
        ? `demo data seeded; credentials in ${path.join(env.dataDir, DEMO_CREDENTIALS_FILE)}`
        : "database already has users; nothing seeded",
    );
  } finally {
    await db.$disconnect();
  }
} finally {
  await opened.close();
}
