import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { dispatchCustomerApi } from "@/lib/api/customer/dispatch";

// The customer API (/v1): every method goes to the one dispatcher over lib/api/customer/routes.ts.
export const dynamic = "force-dynamic";

function handle(request: Request): Promise<Response> {
  return dispatchCustomerApi(request, { clientIp: clientIpFromTrustedHeader(request.headers) });
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
