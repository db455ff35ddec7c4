import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { dispatchResellerApi } from "@/lib/api/reseller/dispatch";

// The reseller API (/v1/reseller): every method goes to the one dispatcher over lib/api/reseller/routes.ts.
export const dynamic = "force-dynamic";

function handle(request: Request): Promise<Response> {
  return dispatchResellerApi(request, { clientIp: clientIpFromTrustedHeader(request.headers) });
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
