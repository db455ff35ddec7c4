import { z } from "zod";
import { TRAFFIC_RANGES } from "@/lib/services/samples/traffic-report";

// The Traffic document of both APIs (reseller `GET /services/{id}/traffic`, customer `GET /dedicated/{id}/traffic`).

export const trafficRangeQuery = z.object({ range: z.enum(TRAFFIC_RANGES, { error: `Must be one of ${TRAFFIC_RANGES.join(", ")}` }).default("24h") });

export const trafficDocumentSchema = z.object({
  kind: z.enum(["vps", "dedicated"]),
  range: z.enum(TRAFFIC_RANGES),
  collecting: z.boolean(),
  samples: z.array(z.object({ time: z.string(), in: z.number(), out: z.number() })),
  daily: z.array(z.object({ day: z.string(), rx_bytes: z.number(), tx_bytes: z.number() })).optional(),
  summary: z.object({ avgIn: z.number(), avgOut: z.number(), maxIn: z.number(), maxOut: z.number(), p95In: z.number(), p95Out: z.number(), totalSamples: z.number() }).nullable(),
  monthTotal: z.object({ total_bytes_in: z.number(), total_bytes_out: z.number() }).nullable(),
});
