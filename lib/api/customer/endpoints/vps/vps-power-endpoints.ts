import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { changeServicePower } from "@/lib/services/lifecycle/change-service-power";
import type { PowerVerb } from "@/lib/services/service-controls";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext, customerServiceScope, findCustomerVpsOrThrow, guardVpsAction } from "../services/customer-service-scope";
import { powerResult, powerResultSchema } from "../services/power-result";

const DESCRIPTION =
  "Asynchronous: a `job_id` means accepted, not done (poll `GET /vps/{id}`). Order of evaluation: scope, account permission, " +
  "billing state (suspended refuses start, terminated everything: 403), capabilities (403), cool-down (10 per minute: 429), " +
  "hypervisor (404 before a machine exists, 409 while building, 503 unreachable).";

/** One fixed-verb VPS power route (`/vps/{id}/start`, `/stop`, …). */
function vpsVerbEndpoint(path: string, verb: PowerVerb, summary: string) {
  return defineEndpoint({
    method: "POST",
    path,
    scope: "services",
    access: "services:power",
    module: "nativeVps",
    tag: "vps",
    cooldown: "power",
    summary,
    description: DESCRIPTION,
    response: powerResultSchema,
    async guard({ auth, db, params }) {
      await guardVpsAction(() => findCustomerVpsOrThrow(db, auth, params.id), verb);
    },
    async handler({ auth, db, now, params }) {
      return powerResult(await changeServicePower(customerServiceContext(auth, db, now, "vps"), { serviceId: params.id, action: verb }));
    },
  });
}

export const startVpsEndpoint = vpsVerbEndpoint("/vps/{id}/start", "start", "Start the VPS");
export const stopVpsEndpoint = vpsVerbEndpoint("/vps/{id}/stop", "stop", "Stop the VPS");
export const shutdownVpsEndpoint = vpsVerbEndpoint("/vps/{id}/shutdown", "stop", "Stop the VPS (same as /stop)");
export const rebootVpsEndpoint = vpsVerbEndpoint("/vps/{id}/reboot", "restart", "Restart the VPS");
export const restartVpsEndpoint = vpsVerbEndpoint("/vps/{id}/restart", "restart", "Restart the VPS (alias of /reboot)");

const ACTIONS: Record<string, PowerVerb> = { start: "start", stop: "stop", shutdown: "stop", restart: "restart", reboot: "restart" };
// A plain string here: the path's ids are checked first (400 naming id), the verb after (400 naming action).
const actionParam = z.object({ action: z.string().describe("start, stop, shutdown (= stop), restart, reboot (= restart)") });
const verbOf = (action: string): PowerVerb => {
  const verb = Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined;
  if (!verb) throw new DomainError("invalid", "action must be one of start, stop, shutdown, restart, reboot", { details: [{ field: "action", message: "Unknown power action" }] });
  return verb;
};

export const powerVpsEndpoint = defineEndpoint({
  method: "POST",
  path: "/vps/{id}/power/{action}",
  scope: "services",
  access: "services:power",
  module: "nativeVps",
  tag: "vps",
  cooldown: { bucket: "power", resourceParam: "id" },
  params: actionParam,
  summary: "Power action by name",
  description: `\`action\`: start, stop (shutdown), restart (reboot). ${DESCRIPTION}`,
  response: powerResultSchema,
  async guard({ auth, db, params }) {
    await guardVpsAction(() => findCustomerVpsOrThrow(db, auth, params.id), verbOf(params.action));
  },
  async handler({ auth, db, now, params }) {
    return powerResult(await changeServicePower(customerServiceContext(auth, db, now, "vps"), { serviceId: params.id, action: verbOf(params.action) }));
  },
});

export const powerServiceEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{id}/power/{action}",
  scope: "services",
  access: "services:power",
  tag: "services",
  cooldown: { bucket: "power", resourceParam: "id" },
  params: actionParam,
  summary: "Power action on a service's machine",
  description: `Same as \`POST /vps/{id}/power/{action}\` for any service with a machine (native VPS, dedicated). ${DESCRIPTION}`,
  response: powerResultSchema,
  async guard({ auth, db, params }) {
    await guardVpsAction(() => findScopedServiceOrThrow(db, customerServiceScope(auth), params.id), verbOf(params.action));
  },
  async handler({ auth, db, now, params }) {
    return powerResult(await changeServicePower(customerServiceContext(auth, db, now), { serviceId: params.id, action: verbOf(params.action) }));
  },
});
