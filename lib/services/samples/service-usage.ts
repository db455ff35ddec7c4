import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { cpuMemorySeries, type CpuMemoryPoint } from "./cpu-memory-series";
import { TRAFFIC_RANGES, trafficDocument, type TrafficDocument, type TrafficRange } from "./traffic-report";

export interface ServiceUsage {
  traffic: TrafficDocument;
  /** A VPS's CPU and memory over the same range as the traffic; null for a dedicated server. */
  series: CpuMemoryPoint[] | null;
}

/**
 * The usage card's data for one of the actor's services (404 outside its scope): the same Traffic
 * document as the APIs, and a VPS's CPU and memory over the same range. Null for a range the APIs do not know or a
 * service without a machine kind.
 */
export async function serviceUsage(ctx: ServiceContext, input: { serviceId: string; range: string }): Promise<ServiceUsage | null> {
  const { db, now } = ctx;
  const { range } = input;
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const kind = service.product.kind;
  if ((kind !== "vps" && kind !== "dedicated") || !(TRAFFIC_RANGES as readonly string[]).includes(range)) return null;
  const [traffic, series] = await Promise.all([trafficDocument(db, service.id, kind, range as TrafficRange, now), kind === "vps" ? cpuMemorySeries(db, service.id, range as TrafficRange, now) : null]);
  return { traffic, series };
}
