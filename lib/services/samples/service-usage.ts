import type { Db } from "@/lib/db/client";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { vpsSeries, type VpsSeriesPoint } from "./stats-history";
import { TRAFFIC_RANGES, trafficDocument, type TrafficDocument, type TrafficRange } from "./traffic-report";

export interface ServiceUsage {
  traffic: TrafficDocument;
  /** A VPS's CPU and memory over the last 24 hours; null for a dedicated server. */
  series: VpsSeriesPoint[] | null;
}

/**
 * The usage card's data for a service already scoped to the viewer: the same Traffic document as the
 * APIs, and a VPS's 24-hour series. Null for a range the APIs do not know or a service without a machine kind.
 */
export async function serviceUsage(db: Db, service: ScopedService, range: string, now: Date): Promise<ServiceUsage | null> {
  const kind = service.product.kind;
  if ((kind !== "vps" && kind !== "dedicated") || !(TRAFFIC_RANGES as readonly string[]).includes(range)) return null;
  const [traffic, series] = await Promise.all([trafficDocument(db, service.id, kind, range as TrafficRange, now), kind === "vps" ? vpsSeries(db, service.id, now) : null]);
  return { traffic, series };
}
