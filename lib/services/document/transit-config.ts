import type { Prisma, Product } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { assertControlAllowed } from "../service-rules";

export const TRANSIT_ONLY = "Transit configuration applies to IP transit services only";
export const TRANSIT_SELF_SERVICE_OFF = "Self-service transit configuration is switched off for this service";

export interface TransitConfig {
  customerAsn: number;
  irrAsSet: string | null;
  announcedPrefixes: string[];
  routeType: string;
}

/** Whether the operator lets the customer edit BGP settings: `Product.specs.transit.selfService` (absent = off). */
export function transitSelfService(product: Pick<Product, "specs">): boolean {
  const specs = product.specs && typeof product.specs === "object" && !Array.isArray(product.specs) ? (product.specs as Record<string, unknown>) : {};
  const transit = specs.transit && typeof specs.transit === "object" ? (specs.transit as Record<string, unknown>) : {};
  return transit.selfService === true;
}

/**
 * Stores the BGP session settings of one of the actor's IP transit services (reseller
 * `PUT /services/{id}/transit-config`): 404 outside its scope, 400 on another kind, 403 by billing
 * state, 403 while self-service editing is off. The network team's tooling applies them; the
 * document's `ipTransit.bgp` shows what is stored.
 */
export async function setTransitConfig(ctx: ServiceContext, input: { serviceId: string; config: TransitConfig }): Promise<TransitConfig> {
  const { config } = input;
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  if (service.product.kind !== "ip_transit") throw new DomainError("invalid", TRANSIT_ONLY);
  assertControlAllowed(service.status, "transit_config");
  if (!transitSelfService(service.product)) throw new DomainError("forbidden", TRANSIT_SELF_SERVICE_OFF);
  await ctx.db.service.update({ where: { id: service.id }, data: { transitConfig: config as unknown as Prisma.InputJsonObject } });
  return config;
}
