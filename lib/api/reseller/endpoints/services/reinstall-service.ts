import { uuidSchema } from "@/lib/schemas/uuid";
import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";
import { REINSTALL_INITIATED, reinstallService as reinstall } from "@/lib/services/lifecycle/reinstall-service";
import type { ServiceBackend } from "@/lib/services/service-controls";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";
import { vpsRootPasswordOrThrow } from "./vps-root-password";

export const reinstallServiceEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/reinstall",
  scope: "destructive",
  signed: true,
  summary: "Reinstall the operating system (erases the disk)",
  description:
    "`osTemplate` (or `osImageId`) is an image uuid from `GET /services/{id}/os-templates`: not a uuid → 400. " +
    "Native VPS requires `password` (8+ characters; missing or short → 400 validation, before the image is looked up); unknown image → 404; " +
    "not offered by the product or disabled → 409. Dedicated ignores any `password` sent; an image not linked to the product → 404; " +
    "a reinstall already running → 409. A suspended service refuses (403). Answers `message: OS reinstall initiated` and the job.",
  body: z
    .object({
      osTemplate: uuidSchema.optional(),
      osImageId: uuidSchema.optional(),
      password: z.string().optional(),
    })
    .refine((b) => b.osTemplate !== undefined || b.osImageId !== undefined, { error: "osTemplate is required", path: ["osTemplate"] }),
  response: z.object({ jobId: z.string(), state: z.string(), progress: z.number() }),
  async handler({ auth, db, now, params, body }) {
    const osImageId = body.osTemplate ?? body.osImageId;
    if (!osImageId) throw new DomainError("invalid", "osTemplate is required");
    // Dedicated ignores a sent password; a VPS's is validated before the image is looked up.
    const password = (backend: ServiceBackend) => (backend === "vps" ? vpsRootPasswordOrThrow(body.password) : null);
    const job = await reinstall(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, osImageId, password });
    return reply({ jobId: job.id, state: job.state, progress: job.progress }, { message: REINSTALL_INITIATED });
  },
});
