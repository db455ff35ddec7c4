import { z } from "zod";
import { setTransitConfig as storeTransitConfig } from "@/lib/services/document/transit-config";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";

const PREFIX = /^(\d{1,3}(\.\d{1,3}){3}\/\d{1,2}|[0-9a-fA-F:]+\/\d{1,3})$/;

export const setTransitConfigEndpoint = defineEndpoint({
  method: "PUT",
  path: "/services/{serviceId}/transit-config",
  scope: "services",
  signed: true,
  summary: "BGP settings of an IP transit service",
  description:
    "`{customerAsn, irrAsSet, announcedPrefixes[], routeType}`; `routeType` is `full` (full table), `default` (default route only) or `partial`. " +
    "IP transit only (400); 403 when self-service editing is off for the product, or the service is suspended or terminated.",
  body: z.object({
    customerAsn: z.number().int().min(1).max(4_294_967_295),
    irrAsSet: z.string().regex(/^(AS\d+|AS-[A-Za-z0-9-]+)(:[A-Za-z0-9-]+)*$/i, { error: "Not an AS number or AS-SET name" }).max(100).nullable(),
    announcedPrefixes: z.array(z.string().regex(PREFIX, { error: "Not a CIDR prefix" })).max(100),
    routeType: z.enum(["full", "default", "partial"]),
  }),
  response: z.object({ customerAsn: z.number(), irrAsSet: z.string().nullable(), announcedPrefixes: z.array(z.string()), routeType: z.string() }),
  async handler({ auth, db, now, params, body }) {
    return reply(await storeTransitConfig(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, config: body }), { message: "Transit configuration saved" });
  },
});
