import { z } from "zod";
import { findScopedServiceOrThrow, type ScopedService } from "@/lib/services/find-scoped-service-or-throw";
import { cancelService as cancel, withdrawCancellation } from "@/lib/services/lifecycle/cancel-service";
import type { Db } from "@/lib/db/client";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import type { CustomerAuth } from "../../customer-auth";
import { customerServiceScope, findCustomerVpsOrThrow, requestBackend } from "./customer-service-scope";

const cancelBody = z.object({ reason: z.string().max(500).optional(), immediate: z.boolean().default(false) }).optional();
const cancelResult = z.union([z.object({ immediate: z.literal(true) }), z.object({ cancellation_scheduled_date: z.string() })]);
const DESCRIPTION =
  "Accepted for `active` and `provisioning_failed` services only (else 400). `immediate: false` (default) keeps the service active until the end of " +
  "the paid period (`data.cancellation_scheduled_date`); `immediate: true` terminates it now (VPS disks destroyed, `data.immediate: true`). " +
  "A failed service is terminated at once and its unpaid invoice or proforma cancelled. 5 per minute.";

type Loader = (db: Db, auth: CustomerAuth, id: string) => Promise<ScopedService>;

function cancelEndpoint(method: "POST" | "DELETE", path: string, load: Loader, tag: string) {
  return defineEndpoint({
    method,
    path,
    scope: "destructive",
    tag,
    ...(tag === "vps" ? { module: "nativeVps" as const } : {}),
    cooldown: "cancellation",
    summary: method === "DELETE" ? "Cancel the VPS (same as POST /services/{id}/cancel)" : "Cancel the service, at the end of its term or now",
    description: DESCRIPTION,
    body: cancelBody,
    response: cancelResult,
    async handler({ auth, db, now, params, body }) {
      const service = await load(db, auth, params.id);
      const result = await cancel(requestBackend(db, now), service, { immediate: body?.immediate ?? false, reason: body?.reason ?? null });
      return reply(result, { message: "immediate" in result ? "Service terminated" : "Cancellation scheduled" });
    },
  });
}

export const cancelServiceEndpoint = cancelEndpoint("POST", "/services/{id}/cancel", (db, auth, id) => findScopedServiceOrThrow(db, customerServiceScope(auth), id), "services");
export const deleteVpsEndpoint = cancelEndpoint("DELETE", "/vps/{id}", findCustomerVpsOrThrow, "vps");

export const withdrawServiceCancellationEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/services/{id}/cancel",
  scope: "services",
  tag: "services",
  summary: "Withdraw a scheduled cancellation",
  description: "400 when no cancellation is scheduled.",
  response: z.object({ withdrawn: z.literal(true) }),
  async handler({ auth, db, now, params }) {
    const service = await findScopedServiceOrThrow(db, customerServiceScope(auth), params.id);
    return reply(await withdrawCancellation(requestBackend(db, now), service), { message: "Cancellation withdrawn" });
  },
});
