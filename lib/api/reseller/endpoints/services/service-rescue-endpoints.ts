import { z } from "zod";
import { rescueService as rescue, unrescueService as unrescue } from "@/lib/services/dedicated/rescue-service";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";

export const rescueServiceEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/rescue",
  scope: "services",
  signed: true,
  summary: "Boot the rescue environment",
  description:
    "Returns a one-time root password for the rescue system in `data.rescuePassword` (shown once). Only when the backend offers rescue (403) and the server is settled: " +
    "installed, nothing running, not already in rescue (409). Suspended or terminated → 403. Asynchronous: `jobId`.",
  response: z.object({ jobId: z.string(), rescuePassword: z.string(), user: z.literal("root") }),
  async handler({ auth, db, now, params }) {
    const { job, password } = await rescue(resellerServiceContext(auth, db, now), { serviceId: params.serviceId });
    return reply({ jobId: job.id, rescuePassword: password, user: "root" as const }, { message: "Rescue mode initiated" });
  },
});

export const unrescueServiceEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/unrescue",
  scope: "services",
  signed: true,
  summary: "Reboot into the installed system",
  description: "409 when the server is not in rescue mode. Asynchronous: `jobId`.",
  response: z.object({ jobId: z.string() }),
  async handler({ auth, db, now, params }) {
    const job = await unrescue(resellerServiceContext(auth, db, now), { serviceId: params.serviceId });
    return reply({ jobId: job.id }, { message: "Leaving rescue mode" });
  },
});
