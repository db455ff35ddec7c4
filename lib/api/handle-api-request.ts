import type { DispatchOptions } from "./dispatch";
import { CUSTOMER_API_BASE_PATH, dispatchCustomerApi } from "./customer/dispatch";
import { RESELLER_API_BASE_PATH, dispatchResellerApi } from "./reseller/dispatch";

/**
 * Both APIs behind one entry point, for a caller that sees every request (a fast path in
 * server.ts): the reseller API for `/v1/reseller…`, the customer API for the rest of `/v1…`,
 * null for anything else. The Next.js route handlers call the two dispatchers directly.
 */
export function handleApiRequest(request: Request, options: DispatchOptions = {}): Promise<Response> | null {
  const { pathname } = new URL(request.url);
  if (pathname === RESELLER_API_BASE_PATH || pathname.startsWith(`${RESELLER_API_BASE_PATH}/`)) return dispatchResellerApi(request, options);
  if (pathname === CUSTOMER_API_BASE_PATH || pathname.startsWith(`${CUSTOMER_API_BASE_PATH}/`)) return dispatchCustomerApi(request, options);
  return null;
}
