import { currentEmbeddedTarget } from "./bridge";

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

async function readBody(input: RequestInfo | URL, init?: RequestInit): Promise<string> {
  if (input instanceof Request) return input.text();
  const body = init?.body;
  if (typeof body === "string") return body;
  if (body == null) return "";
  return new Response(body).text();
}

/**
 * The `fetch` of the embedded-mode Inngest client. The SDK talks to "Inngest" only through this:
 * event sends (`POST /e/<key>`, from `inngest.send()` and `step.sendEvent`) and the function sync
 * (`POST /fn/register`). Both go to the in-process runner instead of the network.
 */
export async function embeddedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const target = currentEmbeddedTarget();
  if (!target) {
    return json(503, {
      status: 503,
      error: "The embedded job runner is not running in this process (it is started by the Rackfront server).",
    });
  }
  let payload: unknown;
  try {
    payload = JSON.parse(await readBody(input, init));
  } catch {
    return json(400, { status: 400, error: "Request body is not JSON" });
  }
  if (url.pathname.startsWith("/e/")) {
    try {
      const ids = await target.acceptEvents(payload);
      return json(200, { ids, status: 200 });
    } catch (err) {
      // Compared by name: the error may come from the runner's copy of the class in another module graph.
      const status = err instanceof Error && err.name === "EventRejectedError" ? 400 : 500;
      return json(status, { status, error: err instanceof Error ? err.message : String(err) });
    }
  }
  if (url.pathname === "/fn/register") {
    target.acceptRegistration(payload);
    return json(200, { ok: true, modified: false });
  }
  return json(404, { status: 404, error: `The embedded job runner does not serve ${url.pathname}` });
}
