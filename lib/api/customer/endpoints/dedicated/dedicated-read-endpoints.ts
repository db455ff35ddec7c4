import { z } from "zod";
import { dedicatedDocument, dedicatedDocumentOf } from "@/lib/services/dedicated/dedicated-document";
import { dedicatedPowerStatus, dedicatedProvisionStatus } from "@/lib/services/dedicated/dedicated-status";
import { serviceStats } from "@/lib/services/document/service-stats";
import { serviceTraffic } from "@/lib/services/samples/service-traffic";
import { trafficDocumentSchema, trafficRangeQuery } from "../../../traffic-schemas";
import { listOsTemplates } from "@/lib/services/list-os-templates";
import { listServices } from "@/lib/services/list-services";
import { projectsOfServices } from "@/lib/services/projects-of-services";
import { reply } from "../../../reply";
import { customerPageQuery, customerPagination } from "@/lib/schemas/pagination";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "../services/customer-service-scope";

const doc = z.record(z.string(), z.unknown());

export const listDedicatedEndpoint = defineEndpoint({
  method: "GET",
  path: "/dedicated",
  scope: "read",
  access: "services:view",
  module: "dedicated",
  tag: "dedicated",
  summary: "Your dedicated servers, newest first",
  description:
    "`data` is the array; `pagination {page, limit, total, pages}` beside it (default limit 50). Rows carry `hardware {name, manufacturer, model, specs, status}` once a server is bound, and `failure`.",
  query: z.object({ ...customerPageQuery({ defaultLimit: 50 }), status: z.string().max(64).optional() }),
  response: z.array(doc),
  async handler({ auth, db, now, query }) {
    const { services, total } = await listServices(customerServiceContext(auth, db, now), { page: query.page, limit: query.limit, status: query.status, kinds: ["dedicated"] });
    const projects = await projectsOfServices(db, services);
    const rows = [];
    for (const s of services) rows.push((await dedicatedDocumentOf(db, s, { detail: false, projects })) as unknown as Record<string, unknown>);
    return reply(rows, { pagination: customerPagination({ page: query.page, limit: query.limit, total }) });
  },
});

export const getDedicatedEndpoint = defineEndpoint({
  method: "GET",
  path: "/dedicated/{id}",
  scope: "read",
  access: "services:view",
  module: "dedicated",
  tag: "dedicated",
  summary: "One dedicated server",
  description:
    "The list row plus `location`, `datacenter {name, rack}`, `provisioning {provision_state, power_state}` (null until a server is bound), " +
    "`os_installation {status, os, image_id}`, `features` (what you may do now) and the extra fields `rescue_mode` and `active_job` (poll until null).",
  response: doc,
  async handler({ auth, db, now, params }) {
    return (await dedicatedDocument(customerServiceContext(auth, db, now, "dedicated"), { serviceId: params.id, detail: true })) as unknown as Record<string, unknown>;
  },
});

export const listDedicatedIpsEndpoint = defineEndpoint({
  method: "GET",
  path: "/dedicated/{id}/ips",
  scope: "read",
  access: "services:view",
  module: "dedicated",
  tag: "dedicated",
  summary: "The server's addresses",
  description: "`address`, `version`, `prefix_length`, `gateway`, `subnet_cidr`, `purpose`; empty until a server is bound.",
  response: z.array(
    z.object({ address: z.string(), version: z.number().int(), prefix_length: z.number().int(), gateway: z.string().nullable(), subnet_cidr: z.string(), purpose: z.string() }),
  ),
  async handler({ auth, db, now, params }) {
    return (await dedicatedDocument(customerServiceContext(auth, db, now, "dedicated"), { serviceId: params.id, detail: false })).ip_addresses;
  },
});

export const getDedicatedPowerStatusEndpoint = defineEndpoint({
  method: "GET",
  path: "/dedicated/{id}/power-status",
  scope: "read",
  access: "services:view",
  module: "dedicated",
  tag: "dedicated",
  summary: "Power state from the management controller",
  description: "`power_state` is `on`, `off` or `unreachable` (the controller did not answer). 404 before a server is bound; 403 once terminated.",
  response: z.object({ power_state: z.enum(["on", "off", "unreachable"]), provision_state: z.string(), busy: z.boolean(), sampled_at: z.string() }),
  async handler({ auth, db, now, params }) {
    return dedicatedPowerStatus(customerServiceContext(auth, db, now, "dedicated"), { serviceId: params.id });
  },
});

export const getDedicatedProvisionStatusEndpoint = defineEndpoint({
  method: "GET",
  path: "/dedicated/{id}/provision-status",
  scope: "read",
  access: "services:view",
  module: "dedicated",
  tag: "dedicated",
  summary: "Where the server's install, rescue or power action stands",
  description: "`provision_state`, `power_state`, `os_installation_status`, `os`, `rescue_mode` and the server's latest `job` (`state`, `step`, `progress`). Safe to poll.",
  response: z.object({
    provision_state: z.string(),
    power_state: z.string(),
    os_installation_status: z.enum(["in_progress", "completed", "failed"]).nullable(),
    os: z.string().nullable(),
    rescue_mode: z.boolean(),
    job: z.object({ id: z.string(), operation: z.string(), state: z.string(), step: z.string().nullable(), progress: z.number(), error: z.string().nullable() }).nullable(),
  }),
  async handler({ auth, db, now, params }) {
    return dedicatedProvisionStatus(customerServiceContext(auth, db, now, "dedicated"), { serviceId: params.id });
  },
});

export const listDedicatedOsImagesEndpoint = defineEndpoint({
  method: "GET",
  path: "/dedicated/{id}/os-images",
  scope: "read",
  access: "services:view",
  module: "dedicated",
  tag: "dedicated",
  summary: "Images this server can be reinstalled with",
  description: "Only these ids are accepted by `POST /dedicated/{id}/reinstall`.",
  response: z.object({ templates: z.array(z.object({ id: z.string(), name: z.string(), is_default: z.boolean() })) }),
  async handler({ auth, db, now, params }) {
    const { templates } = await listOsTemplates(customerServiceContext(auth, db, now, "dedicated"), { serviceId: params.id });
    return { templates: templates.map((t) => ({ id: t.id, name: t.name, is_default: t.isDefault })) };
  },
});

export const getDedicatedStatsEndpoint = defineEndpoint({
  method: "GET",
  path: "/dedicated/{id}/stats",
  scope: "read",
  access: "services:view",
  module: "dedicated",
  tag: "dedicated",
  summary: "Hardware, power state and sensor health",
  description:
    "`cpu`, `ram`, `storage` are the hardware's spec strings (not utilisation); `powerState` is `on`, `off` or `unreachable`; `health` the controller's " +
    "temperatures, fans and power supplies (null when it cannot be read); `network` is the switch-port block, null while the port was never sampled.",
  response: z.record(z.string(), z.unknown()),
  async handler({ auth, db, now, params }) {
    return (await serviceStats(customerServiceContext(auth, db, now, "dedicated"), { serviceId: params.id })) as unknown as Record<string, unknown>;
  },
});

export const getDedicatedTrafficEndpoint = defineEndpoint({
  method: "GET",
  path: "/dedicated/{id}/traffic",
  scope: "read",
  access: "services:view",
  module: "dedicated",
  tag: "dedicated",
  summary: "Switch-port traffic",
  description:
    "Sampled every five minutes from the server's switch port. `samples[]`: `in`/`out` in bits per second over `range` (`1h`, `6h`, `24h` default, `7d`, `30d`; " +
    "7d in half-hour, 30d in two-hour averages); `summary` (averages, maxima, 95th percentiles) over the range; `monthTotal`: bytes since the first of the month (UTC); " +
    "`collecting` until the first sample.",
  query: trafficRangeQuery,
  response: trafficDocumentSchema,
  async handler({ auth, db, now, params, query }) {
    return serviceTraffic(customerServiceContext(auth, db, now, "dedicated"), { serviceId: params.id, range: query.range });
  },
});
