import { z } from "zod";
import { vpsDocument } from "@/lib/services/customer-documents";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "../services/customer-service-scope";

export const getVpsEndpoint = defineEndpoint({
  method: "GET",
  path: "/vps/{id}",
  scope: "read",
  access: "services:view",
  module: "nativeVps",
  tag: "vps",
  summary: "One VPS: the authoritative address list, the machine and what you may do now",
  description:
    "`instance` is null until a machine exists; `os_installation_status` follows a reinstall; `capabilities.actions` lists the power verbs allowed now; " +
    "`active_job` (extra field) is the power action or reinstall in flight, to poll until it is null. `failure` only in `provisioning_failed`.",
  response: z.record(z.string(), z.unknown()),
  async handler({ auth, db, now, params }) {
    return (await vpsDocument(customerServiceContext(auth, db, now, "vps"), { serviceId: params.id, detail: true })) as unknown as Record<string, unknown>;
  },
});
