import type { Db, Tx } from "@/lib/db/client";

/**
 * An interactive transaction with generous waits: PGlite has one connection, so parallel callers
 * queue for it, and Prisma's default 2 s maxWait would fail them.
 */
export function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(fn, { maxWait: 30_000, timeout: 60_000 });
}
