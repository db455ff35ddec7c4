import { z } from "zod";
import { vpsDocument } from "@/lib/services/customer-documents";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "../services/customer-service-scope";

export const listVpsIpsEndpoint = defineEndpoint({
  method: "GET",
  path: "/vps/{id}/ips",
  scope: "read",
  access: "services:view",
  module: "nativeVps",
  tag: "vps",
  summary: "The VPS's addresses",
  description: "The same list as `ip_addresses` of `GET /vps/{id}` (the authoritative one): `address`, `version`, `prefix_length`, `gateway`, `subnet_cidr`, `purpose`.",
  response: z.array(
    z.object({ address: z.string(), version: z.number().int(), prefix_length: z.number().int(), gateway: z.string().nullable(), subnet_cidr: z.string(), purpose: z.string() }),
  ),
  async handler({ auth, db, now, params }) {
    return (await vpsDocument(customerServiceContext(auth, db, now, "vps"), { serviceId: params.id, detail: false })).ip_addresses;
  },
});
