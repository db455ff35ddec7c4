import type { IncomingMessage, ServerResponse } from "node:http";
import { settleUnreadBody } from "./request-body-stream";
import { stampClientIp } from "./stamp-client-ip";
import { serveApiFastPath } from "./api-fast-path";
import type { createLifecycle } from "./lifecycle";

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * What the HTTP server does with each request (server/main.ts; tests/server drive the same
 * function): /healthz, 503 until ready, then the API fast path, then Next's handler. An answer
 * written before the body was read is settled by docs/decisions.md#r1 and #r10.
 */
export function createRequestListener(options: {
  lifecycle: ReturnType<typeof createLifecycle>;
  fastPath: boolean;
  /** Next's request handler once it is prepared. */
  handler(): RequestHandler | undefined;
}) {
  const { lifecycle, fastPath } = options;
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? "/";
    if (url === "/healthz" || url.startsWith("/healthz?")) return void lifecycle.health(res);
    const handler = options.handler();
    if (!handler || lifecycle.state !== "ready") return lifecycle.notReady(req, res);
    lifecycle.track(res);
    res.once("finish", () => settleUnreadBody(req));
    stampClientIp(req);
    const serve = async () => {
      if (fastPath && (await serveApiFastPath(req, res))) return;
      await handler(req, res);
    };
    serve().catch((err) => {
      console.error(err);
      if (!res.headersSent) res.writeHead(500).end();
    });
  };
}
