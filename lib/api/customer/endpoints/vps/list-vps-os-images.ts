import { z } from "zod";
import { listOsTemplates } from "@/lib/services/list-os-templates";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "../services/customer-service-scope";

export const listVpsOsImagesEndpoint = defineEndpoint({
  method: "GET",
  path: "/vps/{id}/os-images",
  scope: "read",
  access: "services:view",
  module: "nativeVps",
  tag: "vps",
  summary: "Images this VPS can be reinstalled with",
  description: "Only these ids are accepted by `POST /vps/{id}/reinstall`.",
  response: z.object({ templates: z.array(z.object({ id: z.string(), name: z.string(), is_default: z.boolean() })) }),
  async handler({ auth, db, now, params }) {
    const { templates } = await listOsTemplates(customerServiceContext(auth, db, now, "vps"), { serviceId: params.id });
    return { templates: templates.map((t) => ({ id: t.id, name: t.name, is_default: t.isDefault })) };
  },
});
