import type { CustomerApiKeyScope } from "@/lib/api-keys/customer-api-key-scopes";
import { ApiError } from "../api-error";
import type { Endpoint } from "../define-endpoint";
import { createDispatcher, type ApiSurface } from "../dispatch";
import { authenticateCustomer, authorizeCustomer } from "./authenticate-customer";
import type { CustomerAuth } from "./customer-auth";
import { loadCustomerRequest } from "./load-customer-request";
import { customerError, customerSuccess } from "./envelope";
import { PROJECT_QUERY, resolveProjectScope } from "./resolve-project-scope";
import { customerRoutes } from "./routes";

export const CUSTOMER_API_BASE_PATH = "/v1";

export const VPS_MODULE_OFF = "The VPS module is not available";

/**
 * the customer API spec Errors: with native VPS off, `/vps` routes answer 403 FORBIDDEN `The VPS module is
 * not available`; only `/vps/{id}/snapshots*` (and the other modules' routes, `/dedicated/*`) answer
 * FEATURE_DISABLED.
 */
export function customerModuleDisabled(label: string, endpoint: Pick<Endpoint<CustomerAuth, CustomerApiKeyScope>, "module" | "path">): ApiError {
  if (endpoint.module === "nativeVps" && !endpoint.path.startsWith("/vps/{id}/snapshots")) return new ApiError(403, "FORBIDDEN", VPS_MODULE_OFF);
  return new ApiError(403, "FEATURE_DISABLED", `The ${label} module is not available`);
}

export const customerApi: ApiSurface<CustomerAuth, CustomerApiKeyScope> = {
  name: "customer",
  title: "Rackfront customer API",
  version: "1.0.0",
  basePath: CUSTOMER_API_BASE_PATH,
  endpoints: customerRoutes,
  async checkEnabled(ctx) {
    const { customerApiEnabled } = await ctx.switches();
    return customerApiEnabled ? null : new ApiError(403, "FEATURE_DISABLED", "The customer API is switched off on this platform");
  },
  readSwitches: async (ctx) => (await loadCustomerRequest(ctx)).switches,
  authenticate: authenticateCustomer,
  authorize: (auth, endpoint) => authorizeCustomer(auth, endpoint),
  rateLimitSubject: (auth) => ({ api: "customer", keyId: auth.keyId }),
  cooldownActor: (auth) => auth.user.id,
  resolveRequestScope: (auth, _endpoint, ctx) => resolveProjectScope(auth, ctx),
  reservedQuery: [PROJECT_QUERY],
  moduleDisabled: customerModuleDisabled,
  // the customer API spec Errors: a malformed id answers `details [{field: "id"}]` whichever path id it was
  // (`{id}`, `{snapshotId}`, …); the message names the parameter when it is not the resource's own
  // `{id}`. A path word that is not an id (`{action}`) keeps its own name.
  paramError: (details) => {
    const isId = (field: string) => field === "id" || field.endsWith("Id");
    return new ApiError(400, "BAD_REQUEST", details.every((d) => isId(d.field)) ? "Malformed id: expected a UUID" : `Malformed path parameter: ${details.map((d) => d.field).join(", ")}`, {
      details: details.map((d) => (isId(d.field) ? { field: "id", message: d.field === "id" ? d.message : `${d.field}: ${d.message}` } : d)),
    });
  },
  serializeError: customerError,
  serializeSuccess: (reply) => customerSuccess(reply),
};

/** The customer API (`/v1`) for one Web Request: Next's route handler and a server fast path both call this. */
export const dispatchCustomerApi = createDispatcher(customerApi);
