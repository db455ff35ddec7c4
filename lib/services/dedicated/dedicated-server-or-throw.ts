import type { Db } from "@/lib/db/client";
import type { DedicatedServer } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { findServiceServer } from "./dedicated-document";

export const NO_SERVER_YET = "No server is linked to this service yet";

/** The service's bound server for a read (power state, provisioning): 404 before one is bound. */
export async function dedicatedServerOrThrow(db: Db, serviceId: string): Promise<DedicatedServer> {
  const server = await findServiceServer(db, serviceId);
  if (!server) throw new DomainError("not_found", NO_SERVER_YET);
  return server;
}
