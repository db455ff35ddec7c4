import type { CustomerApiKeyScope } from "@/lib/api-keys/customer-api-key-scopes";
import { endpointFactory } from "../define-endpoint";
import type { CustomerAuth } from "./customer-auth";

/**
 * One customer API endpoint (lib/api/define-endpoint.ts for the fields). Rules checked here:
 * never signed; every GET needs `read` (or nothing, for the docs routes); mutations need a scope
 * beyond `read`; a cool-down only on a mutation (only accepted calls consume one, and a GET is not an action);
 * every endpoint with a scope names its entry of the access table (docs/decisions.md#r12), a GET a
 * `:view` one, so no read falls back to "any view permission".
 */
export const defineEndpoint = endpointFactory<CustomerAuth, CustomerApiKeyScope>((e) => {
  const where = `${e.method} ${e.path}`;
  if (e.signed) throw new Error(`${where}: customer API endpoints are not signed`);
  if (e.method === "GET" && e.scope !== null && e.scope !== "read") throw new Error(`${where}: every GET needs the read scope`);
  if (e.method !== "GET" && (e.scope === null || e.scope === "read")) throw new Error(`${where}: a mutation needs a scope beyond read`);
  if (e.cooldown && e.method === "GET") throw new Error(`${where}: cool-downs are for actions, not reads`);
  if (e.scope === null && e.access !== undefined) throw new Error(`${where}: a public endpoint has no account access`);
  if (e.scope !== null && e.access === undefined) throw new Error(`${where}: name the account access it needs (lib/accounts/account-access.ts)`);
  if (e.method === "GET" && e.access !== undefined && e.access !== "none" && !e.access.endsWith(":view")) throw new Error(`${where}: a GET needs a :view access`);
});
