import { bmcForServer } from "@/lib/backends/registry";
import { DomainError } from "@/lib/errors/domain-error";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { assertControlAllowed } from "../service-rules";
import { findServiceServer } from "./dedicated-document";
import { NO_SERVER_YET } from "./dedicated-server-or-throw";

/**
 * A dedicated server's temperatures, fans and power supplies from its management controller
 * (`GET /services/{id}/health`): 400 for any other kind, 403 once terminated, 404 before a server
 * is bound, 503 when the controller does not answer.
 */
export async function serverHardwareHealth(ctx: ServiceContext, input: { serviceId: string }): Promise<Record<string, unknown>> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  if (service.product.kind !== "dedicated") throw new DomainError("invalid", "Hardware health is available for dedicated servers only");
  assertControlAllowed(service.status, "stats");
  const server = await findServiceServer(ctx.db, service.id);
  if (!server) throw new DomainError("not_found", NO_SERVER_YET);
  try {
    const report = await (await bmcForServer(server.id, ctx)).health(server.id);
    return { ...report, sampledAt: report.sampledAt.toISOString() };
  } catch {
    throw new DomainError("unavailable", "The management controller did not answer; try again shortly", { code: "PROVIDER_UNAVAILABLE" });
  }
}
