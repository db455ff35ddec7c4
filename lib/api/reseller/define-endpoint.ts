import type { ResellerApiKeyScope } from "@/lib/api-keys/reseller-api-key-scopes";
import { endpointFactory } from "../define-endpoint";
import type { ResellerAuth } from "./reseller-auth";

/**
 * One reseller API endpoint (lib/api/define-endpoint.ts for the fields). Rules checked here:
 * every POST/PUT/PATCH/DELETE is signed and no GET is (Authentication §5: no mutation is exempt);
 * only the docs routes are public; no customer-API permissions or cool-downs.
 */
export const defineEndpoint = endpointFactory<ResellerAuth, ResellerApiKeyScope>((e) => {
  const where = `${e.method} ${e.path}`;
  if (e.method === "GET" && e.signed) throw new Error(`${where}: GET requests are never signed`);
  if (e.method !== "GET" && !e.signed) throw new Error(`${where}: every mutation is signed`);
  if (e.method !== "GET" && e.scope === null) throw new Error(`${where}: a mutation needs a scope`);
  if (e.access !== undefined) throw new Error(`${where}: account access is a customer API notion`);
  if (e.cooldown !== undefined) throw new Error(`${where}: cool-downs are a customer API notion`);
});
