import type { IpAddressView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import { setReverseDnsOf } from "../network/set-service-reverse-dns";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";

export const RDNS_DEDICATED_ONLY = "Reverse DNS can be set here for dedicated servers only";

/**
 * The reseller API's `PUT /services/{id}/rdns` (and the reseller portal): dedicated servers only
 * (400 on another kind, as the reseller API says), then the shared rule, setServiceReverseDns.
 */
export async function setDedicatedReverseDns(ctx: ServiceContext, input: { serviceId: string; ipAddressId: string; hostname: string | null }): Promise<IpAddressView> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  if (service.product.kind !== "dedicated") throw new DomainError("invalid", RDNS_DEDICATED_ONLY);
  return setReverseDnsOf(ctx, service, input);
}
