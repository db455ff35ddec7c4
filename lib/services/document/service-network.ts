import type { Db } from "@/lib/db/client";
import { networkOfOwner } from "@/lib/backends/ipam/addresses";
import { findServiceMachine } from "../find-service-machine";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { documentKindOf, type DocumentKind } from "./document-kind";

/** the reseller API spec "Service document": the `network` section, also `GET /services/{id}/network`. */
export interface NetworkSection {
  kind: DocumentKind;
  subnets: { cidr: string; version: 4 | 6; gateway: string | null }[];
  ipAddresses: { id: string; ip_address: string; version: 4 | 6; gateway: string | null; reverse_dns: string | null; primary: boolean }[];
  allocations: { cidr: string; version: 4 | 6 }[];
  /** Reverse DNS records; null on kinds whose rDNS is not managed here (only dedicated servers). */
  rdns: { ipAddressId: string; ip_address: string; hostname: string | null }[] | null;
}

/**
 * Subnets, addresses (gateway, rDNS) and allocations of one of the actor's services (404 outside its
 * scope), for every kind: a machine's addresses come from our IPAM; kinds without a machine (IP
 * transit, colocation, game, generic) hold no addresses here yet and answer empty lists.
 */
export async function serviceNetwork(ctx: ServiceContext, input: { serviceId: string }): Promise<NetworkSection> {
  return networkOfService(ctx.db, await serviceInScopeOrThrow(ctx, input.serviceId));
}

/** `serviceNetwork` after the tenant check, for reads that already hold the service (the service document, the reseller portal's view). */
export async function networkOfService(db: Db, service: ScopedService): Promise<NetworkSection> {
  const kind = documentKindOf(service.product.kind);
  const machine = await findServiceMachine(db, service.id);
  const net = machine ? await networkOfOwner(db, machine.kind === "vps" ? { vmId: machine.vm.id } : { serverId: machine.server.id }) : { addresses: [], subnets: [] };
  const ipAddresses = net.addresses.map((a) => ({ id: a.id, ip_address: a.address, version: a.version, gateway: a.gateway, reverse_dns: a.reverseDns, primary: a.purpose === "primary" }));
  return {
    kind,
    subnets: net.subnets,
    ipAddresses,
    // Routed blocks (IP transit, colocation IPAM); a machine's single addresses are in ipAddresses.
    allocations: [],
    rdns: service.product.kind === "dedicated" ? net.addresses.map((a) => ({ ipAddressId: a.id, ip_address: a.address, hostname: a.reverseDns })) : null,
  };
}
