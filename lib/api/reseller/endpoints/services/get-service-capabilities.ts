import { z } from "zod";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { resellerCapabilities } from "@/lib/services/service-controls";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceScope } from "./reseller-service-scope";

export const capabilitiesSchema = z.object({
  backend: z.enum(["vps", "dedicated", "upstream", "plugin"]).nullable(),
  power: z.boolean(),
  powerActions: z.array(z.enum(["start", "stop", "restart"])),
  stats: z.boolean(),
  console: z.boolean(),
  reinstall: z.boolean(),
  password: z.boolean(),
  backups: z.boolean(),
});

export const getServiceCapabilitiesEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/capabilities",
  scope: "read",
  signed: false,
  summary: "Which remote controls the service has",
  description:
    "`backend` null = no remote controls. Native VPS reports the product's switches; dedicated advertises the full set and refuses at call time. " +
    "A terminated service has every control false and `powerActions: []`, with `backend` still named.",
  response: capabilitiesSchema,
  async handler({ auth, db, params }) {
    const service = await findScopedServiceOrThrow(db, resellerServiceScope(auth), params.serviceId);
    return resellerCapabilities(service.product, service.status);
  },
});
