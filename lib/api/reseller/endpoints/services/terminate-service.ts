import { runLifecycleVerb } from "@/lib/services/lifecycle/run-lifecycle-verb";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { lifecycleResultSchema } from "./lifecycle-result";
import { resellerServiceContext } from "./reseller-service-scope";

export const terminateServiceEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/services/{serviceId}",
  scope: "destructive",
  signed: true,
  summary: "Terminate a service (idempotent; billing stops)",
  description:
    "Any non-terminated service becomes `terminated`: a VPS is deleted with its disks, a dedicated server wiped and returned to stock. " +
    "Terminating again succeeds with `alreadyTerminated: true` and runs nothing. Raises `service.terminated` once.",
  response: lifecycleResultSchema,
  async handler({ auth, db, now, params }) {
    const result = await runLifecycleVerb(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, verb: "terminate" });
    return reply(result, { message: result.alreadyTerminated ? "Service was already terminated" : "Service terminated" });
  },
});
