import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { vpsSeries, type VpsSeriesPoint } from "./stats-history";
import { TRAFFIC_RANGES, trafficDocument, type TrafficDocument, type TrafficRange } from "./traffic-report";

export interface ServiceUsage {
  traffic: TrafficDocument;
  /** A VPS's CPU and memory over the last 24 hours; null for a dedicated server. */
  series: VpsSeriesPoint[] | null;
}

/**
 * The usage card's data for one of the actor's services (404 outside its scope): the same Traffic
 * document as the APIs, and a VPS's 24-hour series. Null for a range the APIs do not know or a
 * service without a machine kind.
 */
export async function serviceUsage(ctx: ServiceContext, input: { serviceId: string; range: string }): Promise<ServiceUsage | null> {
  const { db, now } = ctx;
  const { range } = input;
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const kind = service.product.kind;
  if ((kind !== "vps" && kind !== "dedicated") || !(TRAFFIC_RANGES as readonly string[]).includes(range)) return null;
  const [traffic, series] = await Promise.all([trafficDocument(db, service.id, kind, range as TrafficRange, now), kind === "vps" ? vpsSeries(db, service.id, now) : null]);
  return { traffic, series };
}
