import { z } from "zod";
import { runLifecycleVerb } from "@/lib/services/lifecycle/run-lifecycle-verb";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { lifecycleResultSchema } from "./lifecycle-result";
import { resellerServiceContext } from "./reseller-service-scope";

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
    const result = await runLifecycleVerb(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, verb: "suspend", reason: body?.reason ?? null });
    return reply(result, { message: "Service suspended" });
  },
});
