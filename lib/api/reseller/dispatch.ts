import type { ResellerApiKeyScope } from "@/lib/api-keys/reseller-api-key-scopes";
import { ApiError, validationError } from "../api-error";
import { createDispatcher, type ApiSurface } from "../dispatch";
import { authenticateReseller, authorizeReseller, verifyResellerRequestSignature } from "./authenticate-reseller";
import { loadResellerRequest } from "./load-reseller-request";
import { resellerError, resellerSuccess } from "./envelope";
import type { ResellerAuth } from "./reseller-auth";
import { resellerRoutes } from "./routes";

export const RESELLER_API_BASE_PATH = "/v1/reseller";

export const resellerApi: ApiSurface<ResellerAuth, ResellerApiKeyScope> = {
  name: "reseller",
  title: "Rackfront reseller wholesale API",
  version: "1",
  basePath: RESELLER_API_BASE_PATH,
  endpoints: resellerRoutes,
  async checkEnabled(ctx) {
    return (await loadResellerRequest(ctx)).programme.enabled
      ? null
      : new ApiError(403, "FEATURE_DISABLED", "The reseller programme is not enabled on this platform");
  },
  authenticate: authenticateReseller,
  authorize: (auth, endpoint) => authorizeReseller(auth, endpoint),
  verifySignature: verifyResellerRequestSignature,
  rateLimitSubject: (auth) => ({
    api: "reseller",
    keyId: auth.keyId,
    resellerId: auth.resellerId,
    keyHourlyLimit: auth.keyHourlyLimit,
    resellerHourlyLimit: auth.resellerHourlyLimit,
    programmeHourlyLimit: auth.programmeHourlyLimit,
  }),
  moduleDisabled: (label) => new ApiError(403, "FEATURE_DISABLED", `The ${label} module is not available on this platform`),
  paramError: (details) => validationError(details),
  serializeError: resellerError,
  serializeSuccess: (reply) => resellerSuccess(reply),
};

/** The reseller API (`/v1/reseller`) for one Web Request: Next's route handler and a server fast path both call this. */
export const dispatchResellerApi = createDispatcher(resellerApi);
