import { runLifecycleVerb } from "@/lib/services/lifecycle/run-lifecycle-verb";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { lifecycleResultSchema } from "./lifecycle-result";
import { resellerServiceContext } from "./reseller-service-scope";

export const unsuspendServiceEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/unsuspend",
  scope: "services",
  signed: true,
  summary: "Lift a suspension",
  description: "Only a suspended service can be unsuspended (else 409); a terminated one answers 403. The machine is started. Raises `service.unsuspended`.",
  response: lifecycleResultSchema,
  async handler({ auth, db, now, params }) {
    return reply(await runLifecycleVerb(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, verb: "unsuspend" }), { message: "Service unsuspended" });
  },
});
