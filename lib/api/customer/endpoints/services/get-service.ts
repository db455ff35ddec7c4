import { z } from "zod";
import { serviceDocument, vpsDocument } from "@/lib/services/customer-documents";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceScope } from "./customer-service-scope";

export const getServiceEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{id}",
  scope: "read",
  tag: "services",
  summary: "One service: the panel's document and what the machine reports",
  description: "`data.service` is the service document; `data.liveInfo` the machine (`instance`, `ip_addresses`, `os_installation_status`, `active_job`), null without one.",
  response: z.object({ service: z.record(z.string(), z.unknown()), liveInfo: z.record(z.string(), z.unknown()).nullable() }),
  async handler({ auth, db, params }) {
    const service = await findScopedServiceOrThrow(db, customerServiceScope(auth), params.id);
    const doc = await serviceDocument(db, service);
    let liveInfo: Record<string, unknown> | null = null;
    if (service.product.kind === "vps") {
      const vps = await vpsDocument(db, service, { detail: false });
      liveInfo = vps.instance ? { instance: vps.instance, ip_addresses: vps.ip_addresses, os_installation_status: vps.os_installation_status, active_job: vps.active_job } : null;
    }
    return { service: doc as unknown as Record<string, unknown>, liveInfo };
  },
});
