import { z } from "zod";
import { changeServicePower } from "@/lib/services/lifecycle/change-service-power";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";

export const powerServiceEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/power",
  scope: "services",
  signed: true,
  summary: "Start, stop or restart the service's machine",
  description:
    "`shutdown` is an alias of `stop`. Asynchronous: the answer means accepted. No backend → 400; a verb switched off for the product → 403 naming the allowed verbs; " +
    "a suspended service refuses `start` (403), a terminated one everything; still being built → 409; dedicated controller failure → 424. " +
    "Dedicated answers `{action, alreadyInState}`; native VPS adds the job (`jobId`, `completed`, `state`).",
  body: z.object({ action: z.enum(["start", "stop", "restart", "shutdown"]) }),
  response: z.object({
    action: z.enum(["start", "stop", "restart"]),
    alreadyInState: z.boolean(),
    jobId: z.string().optional(),
    completed: z.boolean().optional(),
    state: z.string().optional().describe("The machine's state when the action was accepted (native VPS)"),
  }),
  async handler({ auth, db, now, params, body }) {
    const action = body.action === "shutdown" ? "stop" : body.action;
    const outcome = await changeServicePower(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, action });
    if (outcome.backend === "dedicated") return reply({ action, alreadyInState: outcome.alreadyInState }, { message: `Power action '${action}' accepted` });
    const completed = outcome.job.state === "succeeded";
    return reply(
      { action, alreadyInState: outcome.job.result?.alreadyInState === true, jobId: outcome.job.id, completed, state: outcome.vmState },
      { message: `Power action '${action}' accepted` },
    );
  },
});
