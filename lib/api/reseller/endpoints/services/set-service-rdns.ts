import { uuidSchema } from "@/lib/schemas/uuid";
import { z } from "zod";
import { setDedicatedReverseDns } from "@/lib/services/dedicated/set-dedicated-reverse-dns";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";

export const setServiceRdnsEndpoint = defineEndpoint({
  method: "PUT",
  path: "/services/{serviceId}/rdns",
  scope: "services",
  signed: true,
  summary: "Set or clear the reverse DNS of one address (dedicated)",
  description: "`{ipAddressId, hostname}`; `hostname: null` clears. `ipAddressId` from `GET /services/{id}/network`. Dedicated only (400); an address not on the server 404; a bad name 400.",
  body: z.object({ ipAddressId: uuidSchema, hostname: z.string().max(253).nullable() }),
  response: z.object({ ipAddressId: z.string(), ip_address: z.string(), hostname: z.string().nullable() }),
  async handler({ auth, db, now, params, body }) {
    const view = await setDedicatedReverseDns(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, ipAddressId: body.ipAddressId, hostname: body.hostname });
    return reply({ ipAddressId: view.id, ip_address: view.address, hostname: view.reverseDns }, { message: view.reverseDns ? "Reverse DNS updated" : "Reverse DNS cleared" });
  },
});
