import { z } from "zod";
import { bmcForServer } from "@/lib/backends/registry";
import { DomainError } from "@/lib/errors/domain-error";
import { findServiceServer } from "@/lib/services/dedicated/dedicated-document";
import { NO_SERVER_YET } from "@/lib/services/dedicated/dedicated-server-or-throw";
import { serviceStats } from "@/lib/services/document/service-stats";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { assertControlAllowed } from "@/lib/services/service-rules";
import { defineEndpoint } from "../../define-endpoint";
import { requestBackend, resellerServiceContext, resellerServiceScope } from "./reseller-service-scope";

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
    const service = await findScopedServiceOrThrow(db, resellerServiceScope(auth), params.serviceId);
    if (service.product.kind !== "dedicated") throw new DomainError("invalid", "Hardware health is available for dedicated servers only");
    assertControlAllowed(service.status, "stats");
    const server = await findServiceServer(db, service.id);
    if (!server) throw new DomainError("not_found", NO_SERVER_YET);
    try {
      const report = await (await bmcForServer(server.id, requestBackend(db, now))).health(server.id);
      return { ...report, sampledAt: report.sampledAt.toISOString() } as unknown as Record<string, unknown>;
    } catch {
      throw new DomainError("unavailable", "The management controller did not answer; try again shortly", { code: "PROVIDER_UNAVAILABLE" });
    }
  },
});
