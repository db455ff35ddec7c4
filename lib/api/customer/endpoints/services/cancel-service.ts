import { z } from "zod";
import type { ServiceScope } from "@/lib/services/find-scoped-service-or-throw";
import { cancelService as cancel, withdrawCancellation } from "@/lib/services/lifecycle/cancel-service";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "./customer-service-scope";

const cancelBody = z.object({ reason: z.string().max(500).optional(), immediate: z.boolean().default(false) }).optional();
const cancelResult = z.union([z.object({ immediate: z.literal(true) }), z.object({ cancellation_scheduled_date: z.string() })]);
const DESCRIPTION =
  "Accepted for `active` and `provisioning_failed` services only (else 400). `immediate: false` (default) keeps the service active until the end of " +
  "the paid period (`data.cancellation_scheduled_date`); `immediate: true` terminates it now (VPS disks destroyed, `data.immediate: true`). " +
  "A failed service is terminated at once and its unpaid invoice or proforma cancelled. 5 per minute.";

/** `kind`: what the route sees (`/vps/{id}` the caller's VPS only). */
function cancelEndpoint(method: "POST" | "DELETE", path: string, kind: ServiceScope["kind"], tag: string) {
  return defineEndpoint({
    method,
    path,
    scope: "destructive",
    access: "services:cancel",
    tag,
    ...(tag === "vps" ? { module: "nativeVps" as const } : {}),
    cooldown: "cancellation",
    summary: method === "DELETE" ? "Cancel the VPS (same as POST /services/{id}/cancel)" : "Cancel the service, at the end of its term or now",
    description: DESCRIPTION,
    body: cancelBody,
    response: cancelResult,
    async handler({ auth, db, now, params, body }) {
      const input = { serviceId: params.id, immediate: body?.immediate ?? false, reason: body?.reason ?? null };
      const result = await cancel(customerServiceContext(auth, db, now, kind), input);
      return reply(result, { message: "immediate" in result ? "Service terminated" : "Cancellation scheduled" });
    },
  });
}

export const cancelServiceEndpoint = cancelEndpoint("POST", "/services/{id}/cancel", undefined, "services");
export const deleteVpsEndpoint = cancelEndpoint("DELETE", "/vps/{id}", "vps", "vps");

export const withdrawServiceCancellationEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/services/{id}/cancel",
  scope: "services",
  access: "services:withdrawCancellation",
  tag: "services",
  summary: "Withdraw a scheduled cancellation",
  description: "400 when no cancellation is scheduled.",
  response: z.object({ withdrawn: z.literal(true) }),
  async handler({ auth, db, now, params }) {
    return reply(await withdrawCancellation(customerServiceContext(auth, db, now), { serviceId: params.id }), { message: "Cancellation withdrawn" });
  },
});
