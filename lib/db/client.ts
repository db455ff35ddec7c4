import { PrismaClient } from "@/lib/generated/prisma/client";
import type { OpenedDatabase } from "./adapter-factory";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

// The server process (server.ts, loaded by tsx) opens the database once; the Next.js bundle
// is a separate module graph in the same process, so the client is shared through globalThis.
const slot = globalThis as unknown as { __rackfrontDb?: { db: PrismaClient; opened: OpenedDatabase } };

export function createPrismaClient(opened: OpenedDatabase): PrismaClient {
  return new PrismaClient({ adapter: opened.adapterFactory });
}

export function installDb(opened: OpenedDatabase): PrismaClient {
  const db = createPrismaClient(opened);
  slot.__rackfrontDb = { db, opened };
  return db;
}

export function uninstallDb(): void {
  slot.__rackfrontDb = undefined;
}

/** The process's database client. Throws when the server has not opened the database. */
export function getDb(): PrismaClient {
  const installed = slot.__rackfrontDb;
  if (!installed) throw new Error("Database is not open (start Rackfront with `npm start`).");
  return installed.db;
}
