import type { IncomingMessage, ServerResponse } from "node:http";

export type LifecycleState = "starting" | "ready" | "stopping";

/** Readiness, in-flight request tracking and the start-up page. */
export function createLifecycle() {
  let state: LifecycleState = "starting";
  let step = "starting";
  let dbCheck: (() => Promise<void>) | undefined;
  const inFlight = new Set<ServerResponse>();
  let onDrained: (() => void) | undefined;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };

  return {
    get state() {
      return state;
    },
    progress(next: string) {
      step = next;
    },
    setDbCheck(check: () => Promise<void>) {
      dbCheck = check;
    },
    ready() {
      state = "ready";
      step = "ready";
    },
    stopping() {
      state = "stopping";
    },
    track(res: ServerResponse) {
      inFlight.add(res);
      res.once("close", () => {
        inFlight.delete(res);
        if (inFlight.size === 0) onDrained?.();
      });
    },
    drained(): Promise<void> {
      if (inFlight.size === 0) return Promise.resolve();
      return new Promise((resolve) => {
        onDrained = resolve;
      });
    },
    async health(res: ServerResponse) {
      if (state !== "ready" || !dbCheck) return json(res, 503, { status: state, step, db: dbCheck ? "unknown" : "not_open" });
      try {
        await dbCheck();
        json(res, 200, { status: "ok", db: "ok" });
      } catch {
        json(res, 503, { status: "degraded", db: "error" });
      }
    },
    notReady(req: IncomingMessage, res: ServerResponse) {
      const wantsHtml = (req.headers.accept ?? "").includes("text/html");
      const message = state === "stopping" ? "Rackfront is shutting down." : `Rackfront is starting: ${step}…`;
      res.setHeader("retry-after", "5");
      if (!wantsHtml) return json(res, 503, { success: false, error: message });
      res.writeHead(503, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(
        `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Rackfront</title>` +
          `<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;height:100vh;margin:0;color:#18181b">` +
          `<div><p style="font-size:18px;margin:0 0 8px">${message}</p><p style="color:#71717a;margin:0">This page refreshes by itself.</p></div>`,
      );
    },
  };
}
