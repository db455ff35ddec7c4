import { afterEach, describe, expect, it } from "vitest";
import { isWebSocketPath, matchWebSocketRoute, registerWebSocketRoute } from "./registry";

const unregister: Array<() => void> = [];
afterEach(() => unregister.splice(0).forEach((u) => u()));

describe("websocket route registry", () => {
  it("takes routes under /ws/ and /api/console/ws/ only", () => {
    const route = { path: "/api/console/ws/:sessionId", onConnection() {} };
    unregister.push(registerWebSocketRoute(route));
    unregister.push(registerWebSocketRoute({ path: "/ws/echo", onConnection() {} }));
    for (const path of ["/api/console/:id", "/api/ws/x", "/wsx/echo", "/ws/", "/api/console/ws/"]) {
      expect(() => registerWebSocketRoute({ path, onConnection() {} }), path).toThrow();
    }
    expect(isWebSocketPath("/api/console/ws/abc")).toBe(true);
    expect(isWebSocketPath("/api/console/abc")).toBe(false);
    expect(matchWebSocketRoute("/api/console/ws/a%20b")).toEqual({ route, params: { sessionId: "a b" } });
  });

  it("treats a malformed escape or an empty segment as no match instead of throwing", () => {
    unregister.push(registerWebSocketRoute({ path: "/api/console/ws/:sessionId", onConnection() {} }));
    expect(matchWebSocketRoute("/api/console/ws/%E0")).toBeNull();
    expect(matchWebSocketRoute("/api/console/ws/")).toBeNull();
    expect(matchWebSocketRoute("/api/console/ws/a/b")).toBeNull();
  });
});
