import { z } from "zod";
import { listOsTemplates as listTemplates } from "@/lib/services/list-os-templates";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";

export const listOsTemplatesEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/os-templates",
  scope: "read",
  signed: false,
  summary: "Images the service can be reinstalled with",
  description: "`id` is the image uuid to send as `osTemplate` to reinstall. `platform` is `native` for VPS and absent for dedicated. Allowed while suspended.",
  response: z.object({
    templates: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string(), family: z.string(), distro: z.string(), version: z.string(), isDefault: z.boolean() })),
    platform: z.literal("native").optional(),
  }),
  async handler({ auth, db, now, params }) {
    const { backend, templates } = await listTemplates(resellerServiceContext(auth, db, now), { serviceId: params.serviceId });
    return backend === "vps" ? { templates, platform: "native" as const } : { templates };
  },
});
