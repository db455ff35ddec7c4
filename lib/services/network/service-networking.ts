import { ACCOUNT_SUSPENDED_MESSAGE } from "@/lib/accounts/account-permissions";
import { listAddresses } from "@/lib/backends/ipam/addresses";
import type { IpAddressView } from "@/lib/backends/types";
import { findServiceMachine } from "../find-service-machine";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { reverseDnsRefusal } from "./set-service-reverse-dns";

/** What the panel's networking card shows: the machine's addresses and whether their reverse DNS can be changed. */
export interface ServiceNetworking {
  serviceId: string;
  /** IPv4 first (the primary one leading), then the IPv6 prefixes; each with its own PTR name. */
  addresses: IpAddressView[];
  reverseDns: {
    editable: boolean;
    /** Why not, in a sentence for the customer; null when editable. */
    reason: string | null;
  };
}

export const RDNS_NEEDS_MANAGE = "Changing reverse DNS needs the services.manage permission on this account";
export const RDNS_NO_ADDRESSES = "The service has no addresses yet";

/**
 * One of the actor's services' addresses (404 outside the scope) and whether the reverse DNS of them
 * may be changed: the rule setServiceReverseDns enforces (reverseDnsRefusal), plus what the caller
 * knows of the member: `mayChange` (the permission), `writable` (the account is not suspended).
 */
export async function serviceNetworking(ctx: ServiceContext, input: { serviceId: string; mayChange: boolean; writable: boolean }): Promise<ServiceNetworking> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const machine = await findServiceMachine(ctx.db, service.id);
  const addresses = machine ? await listAddresses(ctx.db, machine.kind === "vps" ? { vmId: machine.vm.id } : { serverId: machine.server.id }) : [];
  const refusal = reverseDnsRefusal(service);
  const reason = refusal
    ? refusal.message
    : addresses.length === 0
      ? RDNS_NO_ADDRESSES
      : !input.writable
        ? ACCOUNT_SUSPENDED_MESSAGE
        : !input.mayChange
          ? RDNS_NEEDS_MANAGE
          : null;
  return { serviceId: service.id, addresses, reverseDns: { editable: reason === null, reason } };
}
