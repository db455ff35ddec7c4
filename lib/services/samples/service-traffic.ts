import { DomainError } from "@/lib/errors/domain-error";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { assertControlAllowed } from "../service-rules";
import { trafficDocument, type TrafficDocument, type TrafficRange } from "./traffic-report";

export const TRAFFIC_KINDS_ONLY = "Traffic is recorded for VPS and dedicated servers only";

/** `GET /services/{id}/traffic` (reseller) and `/dedicated/{id}/traffic` (customer): the Traffic document of one of the actor's services (404 outside its scope). */
export async function serviceTraffic(ctx: ServiceContext, input: { serviceId: string; range: TrafficRange }): Promise<TrafficDocument> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const kind = service.product.kind;
  if (kind !== "vps" && kind !== "dedicated") throw new DomainError("invalid", TRAFFIC_KINDS_ONLY);
  assertControlAllowed(service.status, "stats");
  return trafficDocument(ctx.db, service.id, kind, input.range, ctx.now);
}
