import { z } from "zod";
import { setServiceProject } from "@/lib/projects/move-services-to-project";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { findCustomerVpsOrThrow } from "../services/customer-service-scope";
import { customerProjectActor, projectRefSchema } from "./project-schemas";

const body = z.object({ projectId: z.string().trim().min(1).max(100).nullable() });
const response = z.object({ id: z.string(), project: projectRefSchema });
const DESCRIPTION =
  "`{projectId}`: id or slug of a project of the account; `null` = the default project. Unknown project 400 UNKNOWN_PROJECT; " +
  "a key bound to a project may only name its own (403 PROJECT_SCOPE_MISMATCH).";

export const updateServiceProjectEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/services/{id}",
  scope: "services",
  access: "projects:manage",
  tag: "services",
  summary: "Move the service to another project",
  description: DESCRIPTION,
  body,
  response,
  async handler({ auth, db, now, params, body }) {
    return reply(await setServiceProject({ db, now, actor: customerProjectActor(auth) }, { serviceId: params.id, projectRef: body.projectId }), { message: "Service updated" });
  },
});

export const updateVpsProjectEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/vps/{id}",
  scope: "services",
  access: "projects:manage",
  module: "nativeVps",
  tag: "vps",
  summary: "Move the VPS to another project",
  description: DESCRIPTION,
  body,
  response,
  async handler({ auth, db, now, params, body }) {
    await findCustomerVpsOrThrow(db, auth, params.id);
    return reply(await setServiceProject({ db, now, actor: customerProjectActor(auth) }, { serviceId: params.id, projectRef: body.projectId }), { message: "VPS updated" });
  },
});
