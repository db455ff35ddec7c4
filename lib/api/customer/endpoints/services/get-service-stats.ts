import { z } from "zod";
import { serviceStats } from "@/lib/services/document/service-stats";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "./customer-service-scope";

// the customer API spec lists `GET /services/{id}/stats` without a shape: it is the platform's one stats
// document (lib/services/document/service-stats.ts), the same the reseller API and /dedicated/{id}/stats give.
export const STATS_DESCRIPTION =
  "Native VPS: `{platform: native, collecting, stats {status, cpu, memory, disk, network}, series[]}` (every figure that cannot be read is `null`, " +
  "never `0`; `collecting` until two five-minute samples exist). Dedicated: `cpu`, `ram`, `storage` spec strings, `powerState` (`on`, `off` or " +
  "`unreachable`), `health` and the switch-port `network` block. A suspended service still answers; terminated 403; game servers 400; " +
  "404 before a machine exists, and for another account's service.";

export const getServiceStatsEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{id}/stats",
  scope: "read",
  access: "services:view",
  tag: "services",
  summary: "Live figures of the service's machine",
  description: STATS_DESCRIPTION,
  response: z.record(z.string(), z.unknown()),
  async handler({ auth, db, now, params }) {
    return (await serviceStats(customerServiceContext(auth, db, now), { serviceId: params.id })) as unknown as Record<string, unknown>;
  },
});
