import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpointFactory, type AnyEndpoint } from "./define-endpoint";
import { createRouteTable, splitPath } from "./route-table";

const define = endpointFactory<null, "read" | "write">(() => {});
const ep = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, extra: { params?: z.ZodObject } = {}) =>
  define({ method, path, scope: "read", summary: `${method} ${path}`, ...extra, handler: async () => null }) as AnyEndpoint;

describe("createRouteTable", () => {
  const table = createRouteTable([
    ep("GET", "/"),
    ep("GET", "/services/{id}/options/{optionId}"),
    ep("DELETE", "/services/{id}/options/{optionId}"),
    ep("GET", "/services/{id}/options/available"),
    ep("GET", "/services/{id}"),
    ep("POST", "/services/{id}/power/{action}", { params: z.object({ action: z.enum(["start", "stop"]) }) }),
    ep("GET", "/customers"),
    ep("POST", "/customers"),
  ]);

  it("matches the root with or without a slash", () => {
    expect(table.lookup("GET", "/")).toMatchObject({ kind: "found", endpoint: { path: "/" } });
    expect(table.lookup("GET", "")).toMatchObject({ kind: "found", endpoint: { path: "/" } });
  });

  it("prefers a static segment over a parameter, but falls back to the parameter route for other methods", () => {
    expect(table.lookup("GET", "/services/abc/options/available")).toMatchObject({
      kind: "found",
      endpoint: { path: "/services/{id}/options/available" },
      params: { id: "abc" },
    });
    expect(table.lookup("DELETE", "/services/abc/options/available")).toMatchObject({
      kind: "found",
      endpoint: { path: "/services/{id}/options/{optionId}" },
      params: { id: "abc", optionId: "available" },
    });
  });

  it("decodes percent-encoded segments and tolerates one trailing slash", () => {
    expect(table.lookup("GET", "/services/a%20b/")).toMatchObject({ kind: "found", params: { id: "a b" } });
  });

  it("is 405 with the allowed methods for a known path, 404 otherwise", () => {
    expect(table.lookup("PUT", "/customers")).toEqual({ kind: "method_not_allowed", allow: ["GET", "POST"] });
    expect(table.lookup("GET", "/nope")).toEqual({ kind: "not_found" });
    expect(table.lookup("GET", "/services")).toEqual({ kind: "not_found" });
    expect(table.lookup("GET", "/services/a/b/c/d/e")).toEqual({ kind: "not_found" });
    expect(table.lookup("GET", "/services//x")).toEqual({ kind: "not_found" });
    expect(table.lookup("GET", "/services/%E0%A4%A")).toEqual({ kind: "not_found" });
  });

  it("refuses two declarations of one method and path shape", () => {
    expect(() => createRouteTable([ep("GET", "/a/{x}"), ep("GET", "/a/{y}")])).toThrow(/Two endpoints declare GET/);
  });
});

describe("splitPath", () => {
  it("splits, decodes and refuses empty inner segments", () => {
    expect(splitPath("/a/b%2Fc")).toEqual(["a", "b/c"]);
    expect(splitPath("/a//b")).toBeNull();
    expect(splitPath("a")).toBeNull();
  });
});

describe("endpoint declarations", () => {
  it("derive a uuid schema for every undeclared path parameter", () => {
    const e = ep("GET", "/services/{id}/power/{action}", { params: z.object({ action: z.enum(["start"]) }) });
    expect(e.paramNames).toEqual(["id", "action"]);
    expect(e.params.safeParse({ id: "not-a-uuid", action: "start" }).success).toBe(false);
    expect(e.params.safeParse({ id: "9b2f4c1e-3a5d-4e6f-8a7b-0c1d2e3f4a5b", action: "start" }).success).toBe(true);
    expect(e.params.safeParse({ id: "9b2f4c1e-3a5d-4e6f-8a7b-0c1d2e3f4a5b", action: "jump" }).success).toBe(false);
  });

  it("refuse params that are not in the path and malformed paths", () => {
    expect(() => ep("GET", "/a", { params: z.object({ id: z.string() }) })).toThrow(/not in \/a/);
    expect(() => ep("GET", "a")).toThrow(/must start/);
    expect(() => ep("GET", "/a/")).toThrow(/must not end/);
    expect(() => ep("GET", "/a/{x}{y}")).toThrow(/Bad path segment/);
    expect(() => ep("GET", "/a/{x}/{x}")).toThrow(/Repeated/);
  });

  it("get an operation id and a tag from the path", () => {
    const e = ep("PUT", "/payment-methods/{methodId}/default");
    expect(e.operationId).toBe("putPaymentMethodsByMethodIdDefault");
    expect(e.tag).toBe("payment-methods");
  });
});
