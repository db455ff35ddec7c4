import { z } from "zod";
import { serviceActionsNow } from "@/lib/services/service-actions-now";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "./customer-service-scope";

export const getServiceActionsEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{id}/actions",
  scope: "read",
  access: "services:view",
  tag: "services",
  summary: "What you may do with the service now",
  description: "`{service_id, kind, provider, actions[], capabilities}`. `actions` are the power verbs allowed now (none while suspended for start, none when terminated).",
  response: z.object({ service_id: z.string(), kind: z.string(), provider: z.string().nullable(), actions: z.array(z.string()), capabilities: z.record(z.string(), z.unknown()) }),
  async handler({ auth, db, now, params }) {
    return serviceActionsNow(customerServiceContext(auth, db, now), { serviceId: params.id });
  },
});
