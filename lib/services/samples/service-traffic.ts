import { DomainError } from "@/lib/errors/domain-error";
import type { BackendContext } from "@/lib/backends/context";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { assertControlAllowed } from "../service-rules";
import { trafficDocument, type TrafficDocument, type TrafficRange } from "./traffic-report";

export const TRAFFIC_KINDS_ONLY = "Traffic is recorded for VPS and dedicated servers only";

/** `GET /services/{id}/traffic` (reseller) and `/dedicated/{id}/traffic` (customer): the service's Traffic document. */
export async function serviceTraffic(ctx: BackendContext, service: ScopedService, range: TrafficRange): Promise<TrafficDocument> {
  const kind = service.product.kind;
  if (kind !== "vps" && kind !== "dedicated") throw new DomainError("invalid", TRAFFIC_KINDS_ONLY);
  assertControlAllowed(service.status, "stats");
  return trafficDocument(ctx.db, service.id, kind, range, ctx.clock.now());
}
