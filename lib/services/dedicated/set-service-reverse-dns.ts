import { BackendError } from "@/lib/backends/backend-error";
import type { BackendContext } from "@/lib/backends/context";
import { bmcForServer } from "@/lib/backends/registry";
import type { IpAddressView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "../backend-refusal";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { assertControlAllowed } from "../service-rules";
import { dedicatedServerOrThrow } from "./dedicated-server-or-throw";

export const RDNS_DEDICATED_ONLY = "Reverse DNS can be set here for dedicated servers only";
export const ADDRESS_NOT_FOUND = "IP address not found";
export const BAD_RDNS_HOSTNAME = "hostname must be a valid host name (RFC 1123)";

/**
 * Sets (or clears, with null) the PTR record of one of the server's addresses (reseller
 * `PUT /services/{id}/rdns`, dedicated only): 400 on another kind, 403 by billing state, 404 for an
 * address that is not the server's, 400 for a bad name.
 */
export async function setServiceReverseDns(ctx: BackendContext, service: ScopedService, ipAddressId: string, hostname: string | null): Promise<IpAddressView> {
  if (service.product.kind !== "dedicated") throw new DomainError("invalid", RDNS_DEDICATED_ONLY);
  assertControlAllowed(service.status, "rdns");
  const server = await dedicatedServerOrThrow(ctx.db, service.id);
  try {
    return await (await bmcForServer(server.id, ctx)).setReverseDns(server.id, ipAddressId, hostname);
  } catch (error) {
    if (error instanceof BackendError && error.code === "not_found") throw new DomainError("not_found", ADDRESS_NOT_FOUND);
    if (error instanceof BackendError && error.code === "configuration") throw new DomainError("invalid", BAD_RDNS_HOSTNAME, { details: [{ field: "hostname", message: "Not a valid host name" }] });
    throw backendRefusal(error);
  }
}
