import type { IncomingMessage, ServerResponse } from "node:http";
import { handleApiRequest } from "@/lib/api/handle-api-request";
import { closeAfterAnswer, drainRequestBody, requestBodyStream, unreadBodyPolicy } from "./request-body-stream";

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

/** The Fetch standard refuses to build a Request with these; the dispatcher gets them beside it (docs/decisions.md#r10). */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * The Request's origin. Never the client's Host header: a malformed one (`a b<>`, `[`) would make
 * the URL unparseable, and one with `/`, `?` or `#` would change the path the API routes on. The
 * dispatcher reads the Host header itself (400 when malformed; trusted hosts only in links).
 */
const REQUEST_ORIGIN = "http://rackfront.invalid";

export async function serveApiFastPath(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = req.url ?? "/";
  if (!API_PREFIX.test(url)) return false;
  const method = req.method ?? "GET";
  const forbidden = FORBIDDEN_METHODS.has(method.toUpperCase());
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const hasBody = !forbidden && method !== "GET" && method !== "HEAD";
  const request = new Request(`${REQUEST_ORIGIN}${url}`, {
    method: forbidden ? "GET" : method,
    headers,
    // The dispatcher reads the stream with a byte counter (1 MB limit) and cancels it early.
    body: hasBody ? requestBodyStream(req) : undefined,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  const response = await handleApiRequest(request, { clientIp: req.socket.remoteAddress ?? null, ...(forbidden ? { method } : {}) });
  if (!response) return false;

  const out: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") out[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out["set-cookie"] = cookies;
  // An early answer (404, 401, 403, 413, 429 …) leaves the body unread: a keep-alive client's next
  // request would be parsed from its bytes. Drain a small one, or close the connection after the
  // answer, reading what is still coming first so the client is not reset (docs/decisions.md#r1, #r10).
  const unread = unreadBodyPolicy(req);
  if (unread === "close") {
    out["connection"] = "close";
    closeAfterAnswer(req);
  }
  res.writeHead(response.status, out);
  if (!response.body || method === "HEAD") {
    res.end();
  } else {
    const body = Buffer.from(await response.arrayBuffer());
    res.end(body);
  }
  if (unread === "drain") drainRequestBody(req);
  return true;
}
