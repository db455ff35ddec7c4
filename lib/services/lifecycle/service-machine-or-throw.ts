import type { DbOrTx } from "@/lib/db/client";
import type { ServiceStatus } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { findServiceMachine, type ServiceMachine } from "../find-service-machine";

/** the customer API spec Errors, 404: the service id is valid but no machine exists yet. */
export const NO_INSTANCE_YET = "No VPS instance is linked to this service yet";
export const STILL_BUILDING = "The server is still being built";

/** The service's machine for a control call: 404 before one exists, 409 while it is still being built. */
export async function serviceMachineOrThrow(db: DbOrTx, service: { id: string; status: ServiceStatus }): Promise<ServiceMachine> {
  const machine = await findServiceMachine(db, service.id);
  if (!machine) throw new DomainError("not_found", NO_INSTANCE_YET);
  const building = service.status === "pending" || service.status === "installing" || (machine.kind === "vps" && machine.vm.state === "creating");
  if (building) throw new DomainError("conflict", STILL_BUILDING);
  return machine;
}
