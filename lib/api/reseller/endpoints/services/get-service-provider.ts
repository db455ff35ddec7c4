import { z } from "zod";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { backendOf } from "@/lib/services/service-controls";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceScope } from "./reseller-service-scope";

// No provider plugins exist yet: native VPS and bare metal (and every other kind) name none, and no
// plugin ships a UI schema. Kept as endpoints so a reseller panel can branch on them today.

export const getServiceProviderEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/provider",
  scope: "read",
  summary: "The provider plugin behind the service",
  description: "`provider: null` for native VPS and bare metal (no plugin); `backend` names the native backend (`vps`, `dedicated`, or null).",
  response: z.object({ serviceId: z.string(), provider: z.null(), backend: z.enum(["vps", "dedicated"]).nullable() }),
  async handler({ auth, db, params }) {
    const service = await findScopedServiceOrThrow(db, resellerServiceScope(auth), params.serviceId);
    return { serviceId: service.id, provider: null, backend: backendOf(service.product) };
  },
});

export const getServiceUiSchemaEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/ui-schema",
  scope: "read",
  summary: "The plugin's panel schema",
  description: "`schema: null` with `useDefaultUI: true` when no plugin ships one (always, for native VPS and bare metal): draw the panel from the service document.",
  response: z.object({ schema: z.null(), useDefaultUI: z.literal(true) }),
  async handler({ auth, db, params }) {
    await findScopedServiceOrThrow(db, resellerServiceScope(auth), params.serviceId);
    return { schema: null, useDefaultUI: true as const };
  },
});
