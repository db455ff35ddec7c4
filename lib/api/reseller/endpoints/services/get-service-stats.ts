import { z } from "zod";
import { serviceStats } from "@/lib/services/document/service-stats";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";
import { serverHardwareHealth } from "@/lib/services/dedicated/server-hardware-health";

export const getServiceStatsEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/stats",
  scope: "read",
  summary: "Live figures of the service's machine",
  description:
    "Native VPS: `{platform: native, collecting, stats, series[]}`; every figure that cannot be read (machine not running, not reported) is `null`, never `0`. " +
    "`series[]` is the last 24 hours of five-minute samples (oldest first); `collecting` stays true until two samples exist. Dedicated: `cpu`, `ram`, `storage` spec strings, `powerState` (or `unreachable`), " +
    "`health` and the switch-port `network` block (null: never sampled). Game servers 400; a terminated service 403; before a machine exists 404.",
  response: z.record(z.string(), z.unknown()),
  async handler({ auth, db, now, params }) {
    return (await serviceStats(resellerServiceContext(auth, db, now), { serviceId: params.serviceId })) as unknown as Record<string, unknown>;
  },
});

export const getServiceHealthEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/health",
  scope: "read",
  summary: "Temperatures, fans and power supplies (dedicated)",
  description: "From the management controller. Dedicated only (400 otherwise); 404 before a server is bound; 503 when the controller does not answer.",
  response: z.record(z.string(), z.unknown()),
  async handler({ auth, db, now, params }) {
    return serverHardwareHealth(resellerServiceContext(auth, db, now), { serviceId: params.serviceId });
  },
});
