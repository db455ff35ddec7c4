import { serviceTraffic } from "@/lib/services/samples/service-traffic";
import { trafficDocumentSchema, trafficRangeQuery } from "../../../traffic-schemas";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";

export const getServiceTrafficEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/traffic",
  scope: "read",
  summary: "Traffic of the service's machine",
  description:
    "From samples taken every five minutes (a VPS's virtual NIC, a dedicated server's switch port). `samples[]`: `in`/`out` in bits per second " +
    "(7d in half-hour, 30d in two-hour averages); `daily[]` (VPS): bytes per UTC day over the last 30 days; `summary` over the range; " +
    "`monthTotal`: bytes since the first of the month (UTC). `collecting` until the first sample. Other kinds 400; a terminated service 403.",
  query: trafficRangeQuery,
  response: trafficDocumentSchema,
  async handler({ auth, db, now, params, query }) {
    return serviceTraffic(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, range: query.range });
  },
});
