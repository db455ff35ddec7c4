import { z } from "zod";
import { serviceStats } from "@/lib/services/document/service-stats";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "../services/customer-service-scope";
import { STATS_DESCRIPTION } from "../services/get-service-stats";

export const getVpsStatsEndpoint = defineEndpoint({
  method: "GET",
  path: "/vps/{id}/stats",
  scope: "read",
  access: "services:view",
  module: "nativeVps",
  tag: "vps",
  summary: "Live figures of the VPS",
  description: `Same document as \`GET /services/{id}/stats\` for a native VPS (any other id 404). ${STATS_DESCRIPTION}`,
  response: z.record(z.string(), z.unknown()),
  async handler({ auth, db, now, params }) {
    return (await serviceStats(customerServiceContext(auth, db, now, "vps"), { serviceId: params.id })) as unknown as Record<string, unknown>;
  },
});
