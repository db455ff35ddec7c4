import { z } from "zod";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { buildServiceDocument } from "@/lib/services/document/service-document";
import { serviceNetwork } from "@/lib/services/document/service-network";
import { defineEndpoint } from "../../define-endpoint";
import { requestBackend, resellerServiceScope } from "./reseller-service-scope";

const obj = z.record(z.string(), z.unknown());

export const networkSchema = z.object({
  kind: z.string(),
  subnets: z.array(z.object({ cidr: z.string(), version: z.number().int(), gateway: z.string().nullable() })),
  ipAddresses: z.array(z.object({ id: z.string(), ip_address: z.string(), version: z.number().int(), gateway: z.string().nullable(), reverse_dns: z.string().nullable(), primary: z.boolean() })),
  allocations: z.array(z.object({ cidr: z.string(), version: z.number().int() })),
  rdns: z.array(z.object({ ipAddressId: z.string(), ip_address: z.string(), hostname: z.string().nullable() })).nullable(),
});

const optionsSchema = z.object({
  priceBasis: z.enum(["wholesale", "retail"]),
  active: z.array(z.object({ id: z.string(), optionId: z.string(), name: z.string(), quantity: z.number().int(), status: z.string(), amount: z.number().nullable(), setupFee: z.number() })),
  available: z.array(z.object({ optionId: z.string(), name: z.string(), price: z.number().nullable(), setupFee: z.number().nullable(), maxQuantity: z.number().int().nullable() })),
});

const upgradesSchema = z.object({
  available: z.array(z.object({ productId: z.string(), name: z.string(), price: z.number().nullable() })),
  addons: z.null(),
  pendingUpgrade: z.null(),
  unavailableReason: z.string().nullable(),
});

export const getServiceDocument = defineEndpoint({
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
      options: optionsSchema,
      upgrades: upgradesSchema,
      network: networkSchema,
      dedicated: obj.optional(),
      vps: obj.optional(),
      ipTransit: obj.optional(),
      colocation: obj.optional(),
      game: obj.optional(),
    })
    .loose(),
  async handler({ auth, db, now, params }) {
    const service = await findScopedServiceOrThrow(db, resellerServiceScope(auth), params.serviceId);
    const doc = await buildServiceDocument(requestBackend(db, now), service, { kind: "reseller", resellerId: auth.resellerId });
    return { ...doc, service: { ...doc.service }, capabilities: { ...doc.capabilities }, features: { ...doc.features } };
  },
});

export const getServiceNetwork = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/network",
  scope: "read",
  summary: "Subnets, addresses (gateway, rDNS) and allocations",
  description: "Every kind. `rdns` is null on kinds whose reverse DNS is not managed here (only dedicated servers set it, with `PUT /services/{id}/rdns`).",
  response: networkSchema,
  async handler({ auth, db, params }) {
    return serviceNetwork(db, await findScopedServiceOrThrow(db, resellerServiceScope(auth), params.serviceId));
  },
});
