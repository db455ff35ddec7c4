"use server";

import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { vpsSeries, type VpsSeriesPoint } from "@/lib/services/samples/stats-history";
import { TRAFFIC_RANGES, trafficDocument, type TrafficDocument, type TrafficRange } from "@/lib/services/samples/traffic-report";

export interface ServiceUsage {
  traffic: TrafficDocument;
  /** A VPS's CPU and memory over the last 24 hours; null for a dedicated server. */
  series: VpsSeriesPoint[] | null;
}

/** The usage card's data: the same Traffic document as the APIs, and a VPS's 24-hour series. Null when the viewer may not see it. */
export async function getServiceUsageAction(serviceId: string, range: string): Promise<ServiceUsage | null> {
  const viewer = await requireCustomer();
  if (!viewer.customer) return null;
  const access = panelServiceAccess(viewer.customer);
  if (!access.canView || !(TRAFFIC_RANGES as readonly string[]).includes(range)) return null;
  const db = getDb();
  const service = await findScopedServiceOrThrow(db, access.scope, serviceId).catch(() => null);
  const kind = service?.product.kind;
  if (!service || (kind !== "vps" && kind !== "dedicated")) return null;
  const now = new Date();
  const [traffic, series] = await Promise.all([trafficDocument(db, service.id, kind, range as TrafficRange, now), kind === "vps" ? vpsSeries(db, service.id, now) : null]);
  return { traffic, series };
}
