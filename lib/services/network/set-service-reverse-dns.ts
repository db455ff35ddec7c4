import { BackendError } from "@/lib/backends/backend-error";
import { bmcForServer, hypervisorForVm } from "@/lib/backends/registry";
import type { IpAddressView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "../backend-refusal";
import { dedicatedServerOrThrow } from "../dedicated/dedicated-server-or-throw";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { findServiceMachine } from "../find-service-machine";
import { controlRefusal } from "../service-rules";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";

export const RDNS_MACHINES_ONLY = "Reverse DNS can be set for VPS and dedicated servers only";
export const ADDRESS_NOT_FOUND = "IP address not found";
export const BAD_RDNS_HOSTNAME = "hostname must be a valid host name (RFC 1123)";
export const NO_MACHINE_YET = "The service has no machine yet";

/**
 * Why the reverse DNS of this service's addresses cannot be changed now, or null: only a VPS or a
 * dedicated server, and not while its billing state refuses the `rdns` control (terminated,
 * suspended). The panel's networking card asks this to decide whether to offer the fields.
 */
export function reverseDnsRefusal(service: Pick<ScopedService, "status" | "product">): DomainError | null {
  if (service.product.kind !== "vps" && service.product.kind !== "dedicated") return new DomainError("invalid", RDNS_MACHINES_ONLY);
  return controlRefusal(service.status, "rdns");
}

/**
 * Sets (or clears, with null) the PTR record of one of the addresses of one of the actor's VPS or
 * dedicated servers: 404 outside the scope, 400 on another kind, 403 by billing state, 404 for an
 * address that is not the machine's own, 400 for a name that is not an RFC 1123 host name (stored
 * lower-case, without a trailing dot). The one rule behind the panel and the reseller API's
 * dedicated-only `PUT /services/{id}/rdns` (setDedicatedReverseDns).
 */
export async function setServiceReverseDns(ctx: ServiceContext, input: { serviceId: string; ipAddressId: string; hostname: string | null }): Promise<IpAddressView> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  return setReverseDnsOf(ctx, service, input);
}

/** `setServiceReverseDns` after the tenant check. */
export async function setReverseDnsOf(ctx: ServiceContext, service: ScopedService, input: { ipAddressId: string; hostname: string | null }): Promise<IpAddressView> {
  const refusal = reverseDnsRefusal(service);
  if (refusal) throw refusal;
  try {
    if (service.product.kind === "dedicated") {
      const server = await dedicatedServerOrThrow(ctx.db, service.id);
      return await (await bmcForServer(server.id, ctx)).setReverseDns(server.id, input.ipAddressId, input.hostname);
    }
    const machine = await findServiceMachine(ctx.db, service.id);
    if (machine?.kind !== "vps") throw new DomainError("not_found", NO_MACHINE_YET);
    return await (await hypervisorForVm(machine.vm.id, ctx)).setReverseDns(machine.vm.id, input.ipAddressId, input.hostname);
  } catch (error) {
    if (error instanceof BackendError && error.code === "not_found") throw new DomainError("not_found", ADDRESS_NOT_FOUND);
    if (error instanceof BackendError && error.code === "configuration") throw new DomainError("invalid", BAD_RDNS_HOSTNAME, { details: [{ field: "hostname", message: "Not a valid host name" }] });
    throw backendRefusal(error);
  }
}
