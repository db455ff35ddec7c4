import { BackendError } from "@/lib/backends/backend-error";
import { bmcForServer } from "@/lib/backends/registry";
import type { IpAddressView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "../backend-refusal";
import { assertControlAllowed } from "../service-rules";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { dedicatedServerOrThrow } from "./dedicated-server-or-throw";

export const RDNS_DEDICATED_ONLY = "Reverse DNS can be set here for dedicated servers only";
export const ADDRESS_NOT_FOUND = "IP address not found";
export const BAD_RDNS_HOSTNAME = "hostname must be a valid host name (RFC 1123)";

/**
 * Sets (or clears, with null) the PTR record of one of the addresses of one of the actor's servers
 * (reseller `PUT /services/{id}/rdns`, dedicated only): 404 outside the scope, 400 on another kind,
 * 403 by billing state, 404 for an address that is not the server's, 400 for a bad name.
 */
export async function setServiceReverseDns(ctx: ServiceContext, input: { serviceId: string; ipAddressId: string; hostname: string | null }): Promise<IpAddressView> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  if (service.product.kind !== "dedicated") throw new DomainError("invalid", RDNS_DEDICATED_ONLY);
  assertControlAllowed(service.status, "rdns");
  const server = await dedicatedServerOrThrow(ctx.db, service.id);
  try {
    return await (await bmcForServer(server.id, ctx)).setReverseDns(server.id, input.ipAddressId, input.hostname);
  } catch (error) {
    if (error instanceof BackendError && error.code === "not_found") throw new DomainError("not_found", ADDRESS_NOT_FOUND);
    if (error instanceof BackendError && error.code === "configuration") throw new DomainError("invalid", BAD_RDNS_HOSTNAME, { details: [{ field: "hostname", message: "Not a valid host name" }] });
    throw backendRefusal(error);
  }
}
