import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { MigrationList } from "@prisma/schema-engine-wasm";

export const PRISMA_DIR = path.resolve(process.env.RACKFRONT_PRISMA_DIR ?? path.join(process.cwd(), "prisma"));
export const MIGRATIONS_DIR = path.join(PRISMA_DIR, "migrations");
export const SCHEMA_PATH = path.join(PRISMA_DIR, "schema.prisma");

export function readSchema(): { path: string; content: string } {
  return { path: SCHEMA_PATH, content: readFileSync(SCHEMA_PATH, "utf8") };
}

/** The committed migrations in Prisma's directory format, as the schema engine expects them. */
export function readMigrationList(dir = MIGRATIONS_DIR): MigrationList {
  const lockPath = path.join(dir, "migration_lock.toml");
  const names = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
        .map((d) => d.name)
        .sort()
    : [];
  return {
    baseDir: dir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok" as const, value: readFileSync(path.join(dir, name, "migration.sql"), "utf8") },
      },
    })),
  };
}
