import { z } from "zod";
import { findServiceMachine } from "@/lib/services/find-service-machine";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { vpsCapabilities } from "@/lib/services/customer-documents";
import { backendOf } from "@/lib/services/service-controls";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceScope } from "./customer-service-scope";

export const getServiceActionsEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{id}/actions",
  scope: "read",
  tag: "services",
  summary: "What you may do with the service now",
  description: "`{service_id, kind, provider, actions[], capabilities}`. `actions` are the power verbs allowed now (none while suspended for start, none when terminated).",
  response: z.object({ service_id: z.string(), kind: z.string(), provider: z.string().nullable(), actions: z.array(z.string()), capabilities: z.record(z.string(), z.unknown()) }),
  async handler({ auth, db, params }) {
    const service = await findScopedServiceOrThrow(db, customerServiceScope(auth), params.id);
    const backend = backendOf(service.product);
    if (backend === "vps") {
      const capabilities = vpsCapabilities(service, await findServiceMachine(db, service.id));
      return { service_id: service.id, kind: "vps", provider: "native", actions: capabilities.actions, capabilities: capabilities as unknown as Record<string, unknown> };
    }
    const live = backend === "dedicated" && service.status === "active";
    const actions = service.status === "terminated" || !backend ? [] : service.status === "suspended" ? ["stop", "restart"] : live ? ["start", "stop", "restart"] : [];
    // A dedicated server is managed by the platform itself (its BMC driver), like a native VPS; its
    // password reset is the rebuild `/dedicated/{id}/password` performs.
    return { service_id: service.id, kind: backend ?? service.product.kind, provider: backend === "dedicated" ? "native" : null, actions, capabilities: { reinstall: live, password_reset: live } };
  },
});
