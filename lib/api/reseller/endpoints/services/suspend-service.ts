import { z } from "zod";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { runLifecycleVerb } from "@/lib/services/lifecycle/run-lifecycle-verb";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { lifecycleResultSchema } from "./lifecycle-result";
import { requestBackend, resellerServiceScope } from "./reseller-service-scope";

export const suspendServiceEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/suspend",
  scope: "services",
  signed: true,
  summary: "Suspend an active service (billing continues)",
  description: "Only an active service can be suspended (else 409); a terminated one answers 403. The machine is stopped. Raises `service.suspended`.",
  body: z.object({ reason: z.string().max(500).optional() }).optional(),
  response: lifecycleResultSchema,
  async handler({ auth, db, now, params, body }) {
    const service = await findScopedServiceOrThrow(db, resellerServiceScope(auth), params.serviceId);
    const result = await runLifecycleVerb(requestBackend(db, now), service.id, "suspend", { reason: body?.reason ?? null });
    return reply(result, { message: "Service suspended" });
  },
});
