import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { handleApiRequest } from "@/lib/api/handle-api-request";

const API_PREFIX = /^\/v1(?:[/?]|$)/;

/**
 * Serves /v1 requests straight from the API route tables, skipping Next's router and page
 * renderer (the same dispatcher the app/v1 route handlers call, so behaviour is identical).
 * Returns false when the request is not an API request. RACKFRONT_API_FAST_PATH=0 turns it off
 * (the benchmark compares both).
 */
export function apiFastPathEnabled(): boolean {
  return process.env.RACKFRONT_API_FAST_PATH !== "0";
}

export async function serveApiFastPath(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = req.url ?? "/";
  if (!API_PREFIX.test(url)) return false;
  const method = req.method ?? "GET";
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const hasBody = method !== "GET" && method !== "HEAD";
  const request = new Request(`http://${req.headers.host ?? "localhost"}${url}`, {
    method,
    headers,
    // The dispatcher reads the stream with a byte counter (1 MB limit) and cancels it early.
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  const response = await handleApiRequest(request, { clientIp: req.socket.remoteAddress ?? null });
  if (!response) return false;

  const out: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") out[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out["set-cookie"] = cookies;
  res.writeHead(response.status, out);
  if (!response.body || method === "HEAD") {
    res.end();
  } else {
    const body = Buffer.from(await response.arrayBuffer());
    res.end(body);
  }
  // A refused upload may leave unread bytes; don't keep the socket for another request then.
  if (hasBody && !req.readableEnded) req.socket.destroySoon?.();
  return true;
}
