import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceScope } from "./reseller-service-scope";
import { serviceDetail, serviceDetailSchema } from "./service-row";

export const getServiceEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}",
  scope: "read",
  signed: false,
  summary: "One service",
  description: "Adds `serverLocation` and `serverPort` to the list row; both, and `serverIp`, are null until the service has a machine.",
  response: serviceDetailSchema,
  async handler({ auth, db, params }) {
    return serviceDetail(db, await findScopedServiceOrThrow(db, resellerServiceScope(auth), params.serviceId));
  },
});
