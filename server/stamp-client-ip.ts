import type { IncomingMessage } from "node:http";
import { TRUSTED_CLIENT_IP_HEADER } from "@/lib/api/client-ip";

/**
 * Overwrites the trusted client-address header with the socket's address, so whatever a client
 * sent under that name is discarded before Next.js (and the API's IP allowlists) see it.
 * Behind a reverse proxy this is the proxy's address; see docs/architecture.md.
 */
export function stampClientIp(req: IncomingMessage): void {
  const address = req.socket.remoteAddress ?? "";
  req.headers[TRUSTED_CLIENT_IP_HEADER] = address;
  // Node keeps rawHeaders too; drop any client-sent copy so no layer can read the forged value.
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (raw[i]!.toLowerCase() === TRUSTED_CLIENT_IP_HEADER) raw.splice(i, 2);
  }
  raw.push(TRUSTED_CLIENT_IP_HEADER, address);
}
