import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

async function loadRoute(env: Record<string, string>) {
  vi.resetModules();
  for (const key of ["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_BASE_URL", "INNGEST_DEV"]) vi.stubEnv(key, env[key] ?? "");
  return import("./route");
}

const request = (method: string) =>
  new NextRequest("http://localhost/api/inngest?fnId=rackfront-prune-job-history&stepId=step", {
    method,
    headers: { "content-type": "application/json" },
    body: method === "GET" ? undefined : JSON.stringify({ version: 2, event: {}, events: [], steps: {}, ctx: { run_id: "x", attempt: 0 } }),
  });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("/api/inngest", () => {
  it("is not reachable when functions run in-process", async () => {
    const route = await loadRoute({});
    for (const [method, handler] of [["GET", route.GET], ["POST", route.POST], ["PUT", route.PUT]] as const) {
      const res = await handler(request(method), {});
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: "Not found" });
    }
  });

  it("serves Inngest, refusing unsigned calls, when a signing key is configured", async () => {
    const route = await loadRoute({
      INNGEST_SIGNING_KEY: "signkey-test-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
      INNGEST_EVENT_KEY: "test-event-key",
    });
    const res = await route.POST(request("POST"), {});
    expect(res.status).toBe(401);
  });
});
