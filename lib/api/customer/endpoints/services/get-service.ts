import { z } from "zod";
import { serviceDocument, vpsDocument } from "@/lib/services/customer-documents";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "./customer-service-scope";

export const getServiceEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{id}",
  scope: "read",
  access: "services:view",
  tag: "services",
  summary: "One service: the panel's document and what the machine reports",
  description: "`data.service` is the service document; `data.liveInfo` the machine (`instance`, `ip_addresses`, `os_installation_status`, `active_job`), null without one.",
  response: z.object({ service: z.record(z.string(), z.unknown()), liveInfo: z.record(z.string(), z.unknown()).nullable() }),
  async handler({ auth, db, now, params }) {
    const ctx = customerServiceContext(auth, db, now);
    const doc = await serviceDocument(ctx, { serviceId: params.id });
    let liveInfo: Record<string, unknown> | null = null;
    // `serviceType` is "vps" exactly when the product is a VPS.
    if (doc.serviceType === "vps") {
      const vps = await vpsDocument(ctx, { serviceId: params.id, detail: false });
      liveInfo = vps.instance ? { instance: vps.instance, ip_addresses: vps.ip_addresses, os_installation_status: vps.os_installation_status, active_job: vps.active_job } : null;
    }
    return { service: doc as unknown as Record<string, unknown>, liveInfo };
  },
});
