import { rootPasswordSchema } from "@/lib/services/root-password";
import { z } from "zod";
import { findScopedServiceOrThrow, type ScopedService, type ServiceScope } from "@/lib/services/find-scoped-service-or-throw";
import { REINSTALL_INITIATED, reinstallService } from "@/lib/services/lifecycle/reinstall-service";
import { resetServicePassword } from "@/lib/services/lifecycle/reset-service-password";
import type { Db } from "@/lib/db/client";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import type { CustomerAuth } from "../../customer-auth";
import { customerServiceContext, customerServiceScope, findCustomerVpsOrThrow, guardVpsAction } from "../services/customer-service-scope";

const password = rootPasswordSchema;
const reinstallBody = z.object({ image_id: z.guid({ error: "image_id must be a UUID" }), password });
const passwordBody = z.object({ password });

type Loader = (db: Db, auth: CustomerAuth, id: string) => Promise<ScopedService>;
const anyService: Loader = (db, auth, id) => findScopedServiceOrThrow(db, customerServiceScope(auth), id);
/** What a route sees: `/vps/{id}` routes the caller's VPS only, `/services/{id}` routes any of its services. */
type Kind = ServiceScope["kind"];

function reinstallEndpoint(path: string, load: Loader, kind: Kind, tag: string) {
  return defineEndpoint({
    method: "POST",
    path,
    scope: "services",
    access: "services:manage",
    tag,
    ...(tag === "vps" ? { module: "nativeVps" as const } : {}),
    cooldown: "reinstall",
    summary: "Reinstall the operating system (erases the disk)",
    description:
      "`image_id` from `GET /vps/{id}/os-images` (unknown 404, not offered 409), `password` the new root password (8+). " +
      "Answers `message: OS reinstall initiated` with `data.job_id`; the reinstall runs asynchronously. 1 per 5 minutes.",
    body: reinstallBody,
    response: z.object({ job_id: z.string() }),
    async guard({ auth, db, params }) {
      await guardVpsAction(() => load(db, auth, params.id), "reinstall");
    },
    async handler({ auth, db, now, params, body }) {
      const job = await reinstallService(customerServiceContext(auth, db, now, kind), { serviceId: params.id, osImageId: body.image_id, password: body.password });
      return reply({ job_id: job.id }, { message: REINSTALL_INITIATED });
    },
  });
}

function passwordEndpoint(path: string, load: Loader, kind: Kind, tag: string) {
  return defineEndpoint({
    method: "POST",
    path,
    scope: "services",
    access: "services:manage",
    tag,
    ...(tag === "vps" ? { module: "nativeVps" as const } : {}),
    cooldown: "passwordReset",
    summary: "Set the root password",
    description: "`password` 8+ characters. The VPS must be running (409). Asynchronous: `job_id` sets it through the guest agent. 1 per 10 minutes.",
    body: passwordBody,
    response: z.object({ available: z.boolean(), job_id: z.string(), user: z.literal("root") }),
    async guard({ auth, db, params }) {
      await guardVpsAction(() => load(db, auth, params.id), "password");
    },
    async handler({ auth, db, now, params, body }) {
      const { job } = await resetServicePassword(customerServiceContext(auth, db, now, kind), { serviceId: params.id, password: body.password });
      return { available: true, job_id: job.id, user: "root" as const };
    },
  });
}

export const reinstallVpsEndpoint = reinstallEndpoint("/vps/{id}/reinstall", findCustomerVpsOrThrow, "vps", "vps");
export const resetVpsPasswordEndpoint = passwordEndpoint("/vps/{id}/password", findCustomerVpsOrThrow, "vps", "vps");
export const reinstallServiceOsEndpoint = reinstallEndpoint("/services/{id}/reinstall", anyService, undefined, "services");
export const resetServicePasswordEndpoint = passwordEndpoint("/services/{id}/password", anyService, undefined, "services");
