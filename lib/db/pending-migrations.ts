import { createHash } from "node:crypto";
import type { DbOrTx } from "./client";
import { readMigrationList } from "./migrations-dir";

/**
 * The committed migrations the database has not applied, or has applied from a different file
 * (Prisma records the sha256 of migration.sql as `checksum`). Read with one query, so a server
 * restarting on an up-to-date database never loads the schema engine (≈26 MB of WebAssembly that
 * would stay in its address space; docs/performance.md, Memory). A database without
 * `_prisma_migrations` has every migration pending.
 */
export async function pendingMigrations(db: DbOrTx, dir?: string): Promise<string[]> {
  const committed = readMigrationList(dir).migrationDirectories.map((m) => ({
    name: m.path,
    checksum: m.migrationFile.content.tag === "ok" ? createHash("sha256").update(m.migrationFile.content.value).digest("hex") : "",
  }));
  let applied: { migration_name: string; checksum: string }[];
  try {
    applied = await db.$queryRaw<{ migration_name: string; checksum: string }[]>`
      SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  } catch (error) {
    if (/_prisma_migrations/.test(String(error)) && /does not exist|42P01/.test(String(error))) return committed.map((m) => m.name);
    throw error;
  }
  const done = new Set(applied.map((r) => `${r.migration_name}:${r.checksum}`));
  return committed.filter((m) => !done.has(`${m.name}:${m.checksum}`)).map((m) => m.name);
}
