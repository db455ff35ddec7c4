import { z } from "zod";
import { resetServicePassword as resetPassword } from "@/lib/services/lifecycle/reset-service-password";
import type { ServiceBackend } from "@/lib/services/service-controls";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";
import { vpsRootPasswordOrThrow } from "./vps-root-password";

export const resetServicePasswordEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/password",
  scope: "destructive",
  signed: true,
  summary: "Reset the root password",
  description:
    "Native VPS: `password` (8+ characters) is required (400 validation otherwise), the VPS must be running (409), the job sets it through the guest agent. " +
    "Dedicated: any `password` sent is ignored; the server is rebuilt with its installed image and a generated password (erases data), returned once " +
    "as `data.password` with `data.method: automated`; refused while an install runs (409). A suspended service refuses (403).",
  body: z.object({ password: z.string().optional() }),
  response: z.union([
    z.object({ jobId: z.string(), user: z.literal("root") }),
    z.object({ jobId: z.string(), user: z.literal("root"), password: z.string(), method: z.enum(["automated", "manual"]) }),
  ]),
  async handler({ auth, db, now, params, body }) {
    // Dedicated ignores a sent password (the reseller API spec lifecycle notes) and answers a generated one.
    const password = (backend: ServiceBackend) => (backend === "vps" ? vpsRootPasswordOrThrow(body.password) : null);
    const outcome = await resetPassword(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, password });
    if (outcome.method === "automated" && outcome.password) {
      return reply({ jobId: outcome.job.id, user: "root" as const, password: outcome.password, method: "automated" as const }, { message: "Password reset initiated: the server is being rebuilt" });
    }
    return reply({ jobId: outcome.job.id, user: "root" as const }, { message: "Password reset initiated" });
  },
});
