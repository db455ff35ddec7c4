import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { openDatabase, type OpenedDatabase } from "./adapter-factory";
import { openSchemaEngine } from "./schema-engine";
import { readMigrationList, readSchema } from "./migrations-dir";

/**
 * Applies every committed migration that the database has not seen yet and records it in
 * `_prisma_migrations`, exactly as `prisma migrate deploy` would. Idempotent.
 */
export async function migrate(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const engine = await openSchemaEngine(adapterFactory, readSchema());
  try {
    const out = await engine.applyMigrations({
      migrationsList: readMigrationList(),
      filters: { externalTables: [], externalEnums: [] },
    });
    return out.appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/**
 * SQL that would bring a database built from the committed migrations to schema.prisma.
 * Empty when they agree. Uses a shadow database from the adapter factory (PGlite: in memory).
 */
export async function diffMigrationsToSchema(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string> {
  const schema = readSchema();
  const engine = await openSchemaEngine(adapterFactory, schema);
  try {
    const res = await engine.diff({
      from: { tag: "migrations", ...readMigrationList() },
      to: { tag: "schemaDatamodel", files: [schema] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    const sql = (res.stdout ?? "").trim();
    return sql === "-- This is an empty migration." ? "" : sql;
  } finally {
    engine.free();
  }
}

/**
 * Applies the migrations to an opened database. On PostgreSQL they run over a connection of their
 * own, closed afterwards: the schema engine takes a session-level advisory lock, and through a
 * pool the unlock can land on another connection than the lock, leaving an idle pooled connection
 * holding it — the next server starting on the database would then wait for it for ever. Closing
 * the dedicated connection releases whatever it held. PGlite has one connection anyway.
 */
export async function migrateDatabase(opened: OpenedDatabase): Promise<string[]> {
  if (opened.target.kind !== "postgres") return migrate(opened.adapterFactory);
  const own = await openDatabase(opened.target, { poolSize: 1 });
  try {
    return await migrate(own.adapterFactory);
  } finally {
    await own.close();
  }
}
