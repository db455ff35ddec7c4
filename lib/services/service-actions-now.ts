import { vpsCapabilities } from "./customer-documents";
import { findServiceMachine } from "./find-service-machine";
import { serviceInScopeOrThrow, type ServiceContext } from "./service-context";
import { backendOf } from "./service-controls";

export interface ServiceActionsNow {
  service_id: string;
  kind: string;
  provider: string | null;
  /** The power verbs allowed now: none when terminated, no start while suspended. */
  actions: string[];
  capabilities: Record<string, unknown>;
}

/** What the actor may do with one of its services now (`GET /services/{id}/actions`); 404 outside its scope. */
export async function serviceActionsNow(ctx: ServiceContext, input: { serviceId: string }): Promise<ServiceActionsNow> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const backend = backendOf(service.product);
  if (backend === "vps") {
    const capabilities = vpsCapabilities(service, await findServiceMachine(ctx.db, service.id));
    return { service_id: service.id, kind: "vps", provider: "native", actions: capabilities.actions, capabilities: capabilities as unknown as Record<string, unknown> };
  }
  const live = backend === "dedicated" && service.status === "active";
  const actions = service.status === "terminated" || !backend ? [] : service.status === "suspended" ? ["stop", "restart"] : live ? ["start", "stop", "restart"] : [];
  return { service_id: service.id, kind: backend ?? service.product.kind, provider: backend === "dedicated" ? "native" : null, actions, capabilities: { reinstall: live, password_reset: live } };
}
