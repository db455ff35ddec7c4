import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

/**
 * Names statements by their text for adapter-pg. A named statement is prepared once per connection
 * and PostgreSQL keeps its plan; an unnamed one (adapter-pg's default) is parsed and planned again on
 * every execution, which was most of the database's CPU for the API's per-request statements
 * (docs/performance.md, fourth pass). Bounded: past `max` distinct texts a statement runs unnamed
 * (the empty name is pg's unnamed statement), so a process never prepares an unbounded number of
 * statements on a connection.
 */
export function createStatementNamer(max = 2000): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return (query) => {
    let name = names.get(query.sql);
    if (name === undefined) {
      if (names.size >= max) return "";
      name = `rf_${createHash("sha256").update(query.sql).digest("base64url").slice(0, 24)}`;
      names.set(query.sql, name);
    }
    return name;
  };
}

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
    return { target, adapterFactory: new PrismaPg(pool, { statementNameGenerator: createStatementNamer() }), close: () => pool.end() };
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
