import { rootPasswordSchema } from "@/lib/services/root-password";
import { z } from "zod";
import type { DedicatedPowerAction } from "@/lib/backends/bmc-driver";
import { DomainError } from "@/lib/errors/domain-error";
import { changeServicePower } from "@/lib/services/lifecycle/change-service-power";
import { REINSTALL_INITIATED, reinstallService } from "@/lib/services/lifecycle/reinstall-service";
import { resetServicePassword } from "@/lib/services/lifecycle/reset-service-password";
import type { PowerVerb } from "@/lib/services/service-controls";
import type { Control } from "@/lib/services/service-rules";
import type { Db } from "@/lib/db/client";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import type { CustomerAuth } from "../../customer-auth";
import { customerServiceContext, findCustomerDedicatedOrThrow, guardVpsAction } from "../services/customer-service-scope";

// the customer API spec Endpoints, Dedicated row: power `on|off|restart` (`start|stop|reboot` accepted,
// 10 per minute, 424 when the controller does not complete it, which still counts), reinstall (1 per
// 5 min, erases data, account SSH keys installed), password (1 per 10 min, rebuilds the server).
// The cool-downs are the service's own `power`, `reinstall` and `passwordReset` counters, shared with
// `/services/{id}/...` and the panel (lib/api/rate-limit/cooldown-buckets.ts).

const VERBS: Record<string, PowerVerb> = { on: "start", start: "start", off: "stop", stop: "stop", shutdown: "stop", restart: "restart", reboot: "restart" };
const BMC_VERB: Record<PowerVerb, DedicatedPowerAction> = { start: "on", stop: "off", restart: "restart" };
const VERB_LIST = "on, off, restart (start, stop, reboot accepted)";

const verbOf = (action: string | undefined): PowerVerb => {
  const verb = action && Object.hasOwn(VERBS, action) ? VERBS[action] : undefined;
  if (!verb) throw new DomainError("invalid", `action must be one of ${VERB_LIST}`, { details: [{ field: "action", message: "Unknown power action" }] });
  return verb;
};

const guard = (db: Db, auth: CustomerAuth, id: string, control: Control) => guardVpsAction(() => findCustomerDedicatedOrThrow(db, auth, id), control);

const powerResponse = z.object({
  action: z.enum(["on", "off", "restart"]),
  already_in_state: z.boolean(),
  completed: z.boolean(),
  job_id: z.string(),
});

async function runPower(db: Db, auth: CustomerAuth, now: Date, id: string, verb: PowerVerb) {
  const outcome = await changeServicePower(customerServiceContext(auth, db, now, "dedicated"), { serviceId: id, action: verb });
  const alreadyInState = outcome.backend === "dedicated" ? outcome.alreadyInState : false;
  return reply(
    { action: BMC_VERB[verb], already_in_state: alreadyInState, completed: outcome.job.state === "succeeded", job_id: outcome.job.id },
    { message: `Power action '${BMC_VERB[verb]}' accepted` },
  );
}

const POWER_DESCRIPTION =
  `\`action\`: ${VERB_LIST}. Asynchronous: \`completed: false\` means accepted (poll \`GET /dedicated/{id}/power-status\`). ` +
  "Order: scope, permission, billing state (suspended refuses `on`, terminated everything: 403), cool-down (10 per minute: 429), controller " +
  "(404 before a server is bound, 409 while installing or another power action runs, 424 when the controller did not complete it — the attempt still counts).";

export const powerDedicatedEndpoint = defineEndpoint({
  method: "POST",
  path: "/dedicated/{id}/power",
  scope: "services",
  access: "services:power",
  module: "dedicated",
  tag: "dedicated",
  cooldown: "power",
  summary: "Power action, verb in the body",
  description: `Body \`{action}\`. ${POWER_DESCRIPTION}`,
  body: z.object({ action: z.string({ error: "action is required" }).max(32) }),
  response: powerResponse,
  async guard({ auth, db, params, body }) {
    await guard(db, auth, params.id, verbOf(body.action));
  },
  async handler({ auth, db, now, params, body }) {
    return runPower(db, auth, now, params.id, verbOf(body.action));
  },
});

export const powerDedicatedByNameEndpoint = defineEndpoint({
  method: "POST",
  path: "/dedicated/{id}/power/{action}",
  scope: "services",
  access: "services:power",
  module: "dedicated",
  tag: "dedicated",
  cooldown: { bucket: "power", resourceParam: "id" },
  params: z.object({ action: z.string().describe(VERB_LIST) }),
  summary: "Power action by name",
  description: POWER_DESCRIPTION,
  response: powerResponse,
  async guard({ auth, db, params }) {
    await guard(db, auth, params.id, verbOf(params.action));
  },
  async handler({ auth, db, now, params }) {
    return runPower(db, auth, now, params.id, verbOf(params.action));
  },
});

const password = rootPasswordSchema;

export const reinstallDedicatedEndpoint = defineEndpoint({
  method: "POST",
  path: "/dedicated/{id}/reinstall",
  scope: "services",
  access: "services:manage",
  module: "dedicated",
  tag: "dedicated",
  cooldown: "reinstall",
  summary: "Reinstall the operating system (erases every disk)",
  description:
    "`image_id` from `GET /dedicated/{id}/os-images` (unknown or not linked to the product: 404), optional `password` (8+) for root. Every SSH key of your account " +
    "is installed. Refused while an install runs (409). Answers `message: OS reinstall initiated` and `data.job_id`; follow it with `GET /dedicated/{id}/provision-status`. 1 per 5 minutes.",
  body: z.object({ image_id: z.guid({ error: "image_id must be a UUID" }), password: password.optional() }),
  response: z.object({ job_id: z.string() }),
  async guard({ auth, db, params }) {
    await guard(db, auth, params.id, "reinstall");
  },
  async handler({ auth, db, now, params, body }) {
    const job = await reinstallService(customerServiceContext(auth, db, now, "dedicated"), { serviceId: params.id, osImageId: body.image_id, password: body.password ?? null });
    return reply({ job_id: job.id }, { message: REINSTALL_INITIATED });
  },
});

export const resetDedicatedPasswordEndpoint = defineEndpoint({
  method: "POST",
  path: "/dedicated/{id}/password",
  scope: "services",
  access: "services:manage",
  module: "dedicated",
  tag: "dedicated",
  cooldown: "passwordReset",
  summary: "New root password (rebuilds the server and erases data)",
  description:
    "The server is provisioning-managed: it is reinstalled with its current image and the new password, erasing its data. Optional `password` (8+); " +
    "without one a password is generated. `data.password` is shown once; `data.method` is `automated`. Refused while an install runs (409). 1 per 10 minutes.",
  body: z.object({ password: password.optional() }),
  response: z.object({ job_id: z.string(), user: z.literal("root"), password: z.string(), method: z.enum(["automated", "manual"]) }),
  async guard({ auth, db, params }) {
    await guard(db, auth, params.id, "password");
  },
  async handler({ auth, db, now, params, body }) {
    const outcome = await resetServicePassword(customerServiceContext(auth, db, now, "dedicated"), { serviceId: params.id, password: body.password ?? null });
    return reply({ job_id: outcome.job.id, user: "root" as const, password: outcome.password ?? "", method: "automated" as const }, { message: "Password reset initiated: the server is being rebuilt" });
  },
});
