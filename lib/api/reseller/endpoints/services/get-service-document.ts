import { z } from "zod";
import { buildServiceDocument } from "@/lib/services/document/service-document";
import { optionsSectionSchema } from "./service-options";
import { upgradesSectionSchema } from "./service-upgrades";
import { serviceNetwork } from "@/lib/services/document/service-network";
import { defineEndpoint } from "../../define-endpoint";
import { gameDocumentSchema } from "../../../game/game-document-schema";
import { resellerServiceContext } from "./reseller-service-scope";

const obj = z.record(z.string(), z.unknown());

export const networkSchema = z.object({
  kind: z.string(),
  subnets: z.array(z.object({ cidr: z.string(), version: z.number().int(), gateway: z.string().nullable() })),
  ipAddresses: z.array(z.object({ id: z.string(), ip_address: z.string(), version: z.number().int(), gateway: z.string().nullable(), reverse_dns: z.string().nullable(), primary: z.boolean() })),
  allocations: z.array(z.object({ cidr: z.string(), version: z.number().int() })),
  rdns: z.array(z.object({ ipAddressId: z.string(), ip_address: z.string(), hostname: z.string().nullable() })).nullable(),
});

export const getServiceDocumentEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/document",
  scope: "read",
  summary: "Everything a panel needs for one service",
  description:
    "Required keys `kind`, `serviceId`, `service`, `capabilities`, `features`, `options`, `upgrades`, `network`, plus `generatedAt`, and exactly one kind section " +
    "(`dedicated`, `vps`, `ipTransit`, `colocation`, `game`; none for `generic`). Render a panel only when its `features` flag is true; a terminated service has every flag false.",
  response: z
    .object({
      kind: z.enum(["dedicated", "vps", "ip-transit", "colocation", "game", "plugin", "generic"]),
      serviceId: z.string(),
      generatedAt: z.string(),
      service: obj,
      capabilities: obj,
      features: z.record(z.string(), z.boolean()),
      options: optionsSectionSchema,
      upgrades: upgradesSectionSchema,
      network: networkSchema,
      dedicated: obj.optional(),
      vps: obj.optional(),
      ipTransit: obj.optional(),
      colocation: obj.optional(),
      game: z.union([gameDocumentSchema, z.object({ server: z.null(), capabilities: z.null() })]).optional().describe("The game server document; both null until a server is placed"),
    })
    .loose(),
  async handler({ auth, db, now, params }) {
    const doc = await buildServiceDocument(resellerServiceContext(auth, db, now), {
      serviceId: params.serviceId,
      buyer: { kind: "reseller", resellerId: auth.resellerId, boundCustomerId: auth.customerId },
    });
    return { ...doc, service: { ...doc.service }, capabilities: { ...doc.capabilities }, features: { ...doc.features } };
  },
});

export const getServiceNetworkEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/network",
  scope: "read",
  summary: "Subnets, addresses (gateway, rDNS) and allocations",
  description: "Every kind. `rdns` is null on kinds whose reverse DNS is not managed here (only dedicated servers set it, with `PUT /services/{id}/rdns`).",
  response: networkSchema,
  async handler({ auth, db, now, params }) {
    return serviceNetwork(resellerServiceContext(auth, db, now), { serviceId: params.serviceId });
  },
});
