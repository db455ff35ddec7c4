import { mkdirSync } from "node:fs";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string | null };

export interface OpenedDatabase {
  target: DatabaseTarget;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
}

/**
 * PostgreSQL through adapter-pg when a URL is given; otherwise PGlite (real Postgres in
 * WebAssembly) in `dataDir`, or in memory when dataDir is null. PGlite allows one open
 * handle per directory, so the process opens it once and shares the factory.
 */
export async function openDatabase(target: DatabaseTarget, options: { poolSize?: number } = {}): Promise<OpenedDatabase> {
  if (target.kind === "postgres") {
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const pg = await import("pg");
    const pool = new pg.default.Pool({ connectionString: target.url, max: options.poolSize ?? Number(process.env.RACKFRONT_DB_POOL ?? 10) });
    return { target, adapterFactory: new PrismaPg(pool), close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  let pglite;
  if (target.dataDir) {
    mkdirSync(path.dirname(target.dataDir), { recursive: true });
    pglite = await PGlite.create(target.dataDir);
  } else {
    pglite = await PGlite.create();
  }
  return {
    target,
    adapterFactory: new PrismaPGlite(pglite),
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
