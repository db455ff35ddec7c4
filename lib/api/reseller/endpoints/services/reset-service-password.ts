import { z } from "zod";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { resetServicePassword as resetPassword } from "@/lib/services/lifecycle/reset-service-password";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { requestBackend, resellerServiceScope } from "./reseller-service-scope";

export const resetServicePassword = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/password",
  scope: "destructive",
  signed: true,
  summary: "Set the root password (native VPS)",
  description: "`password` 8+ characters. The VPS must be running (409). A suspended service refuses (403). Asynchronous: the job sets it through the guest agent.",
  body: z.object({ password: z.string().min(8, { error: "password must be at least 8 characters" }).max(128) }),
  response: z.object({ jobId: z.string(), user: z.literal("root") }),
  async handler({ auth, db, now, params, body }) {
    const service = await findScopedServiceOrThrow(db, resellerServiceScope(auth), params.serviceId);
    const job = await resetPassword(requestBackend(db, now), service, body.password);
    return reply({ jobId: job.id, user: "root" as const }, { message: "Password reset initiated" });
  },
});
