import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import { ApiError, validationError } from "./api-error";
import { bearerToken } from "./bearer-token";
import { customerError, customerSuccess } from "./customer/envelope";
import { moneyString } from "@/lib/format/money-string";
import {
  customerPageQuery,
  customerPagination,
  resellerOffsetPagination,
  resellerPagePagination,
  resellerPageQuery,
} from "@/lib/schemas/pagination";
import { reply } from "./reply";
import { isJsonContentType, issuesToDetails, parseJson, queryObject } from "./request-input";
import { resellerError, resellerSuccess } from "./reseller/envelope";

const body = async (r: Response) => ({ status: r.status, json: await r.json() });

describe("envelopes", () => {
  it("customer success is {success, data} with message/pagination beside data only when given", async () => {
    expect(await body(customerSuccess(reply({ a: 1 })))).toEqual({ status: 200, json: { success: true, data: { a: 1 } } });
    expect(await body(customerSuccess(reply([1], { status: 201, pagination: { page: 1 }, message: "ok" })))).toEqual({
      status: 201,
      json: { success: true, data: [1], message: "ok", pagination: { page: 1 } },
    });
  });

  it("customer refusals carry code, details when any, and the missing scope", async () => {
    expect((await body(customerError(new ApiError(403, "SCOPE_REQUIRED", "API key is missing the required scope: billing", { scope: "billing" })))).json).toEqual({
      success: false,
      error: "API key is missing the required scope: billing",
      code: "SCOPE_REQUIRED",
      scope: "billing",
    });
    expect((await body(customerError(validationError([{ field: "name", message: "Required" }])))).json).toEqual({
      success: false,
      error: "Validation failed",
      code: "BAD_REQUEST",
      details: [{ field: "name", message: "Required" }],
    });
    expect((await body(customerError(new ApiError(400, "INVALID_JSON", "Request body is not valid JSON")))).json).toEqual({
      success: false,
      error: "Request body is not valid JSON",
      code: "INVALID_JSON",
    });
  });

  it("reseller success, refusal, validation and feature-gate shapes", async () => {
    expect((await body(resellerSuccess(reply({ id: 1 }, { message: "Customer created" })))).json).toEqual({
      success: true,
      data: { id: 1 },
      message: "Customer created",
    });
    expect(await body(resellerError(new ApiError(401, "UNAUTHORIZED", "Invalid API key")))).toEqual({
      status: 401,
      json: { success: false, error: "Invalid API key" },
    });
    expect(await body(resellerError(validationError([{ field: "limit", message: "too big" }])))).toEqual({
      status: 400,
      json: { success: false, error: { message: "Validation failed", details: [{ field: "limit", message: "too big" }] } },
    });
    expect(await body(resellerError(new ApiError(400, "INVALID_JSON", "x")))).toEqual({
      status: 400,
      json: { success: false, error: { message: "Validation failed", details: [{ field: "body", message: "Request body is not valid JSON" }] } },
    });
    expect(await body(resellerError(new ApiError(403, "FEATURE_DISABLED", "The reseller programme is not enabled on this platform")))).toEqual({
      status: 403,
      json: { error: "Feature not available", message: "The reseller programme is not enabled on this platform", code: "FEATURE_DISABLED" },
    });
    expect((await body(resellerError(new ApiError(500, "INTERNAL_ERROR", "Internal server error")))).json).toEqual({
      success: false,
      error: "Internal server error",
      message: "Internal server error",
    });
  });
});

describe("request helpers", () => {
  it("bearerToken", () => {
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("bearer  abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken("Bearer a b")).toBeNull();
    expect(bearerToken("Bearer")).toBeNull();
    expect(bearerToken(null)).toBeNull();
  });

  it("isJsonContentType", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonContentType("application/merge-patch+json")).toBe(true);
    expect(isJsonContentType("text/plain")).toBe(false);
    expect(isJsonContentType("application/x-www-form-urlencoded")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });

  it("parseJson is strict: invalid UTF-8, UTF-16, trailing garbage and NaN are not JSON (a UTF-8 BOM is ignored, as RFC 8259 allows)", () => {
    const b = (s: string | Buffer) => new Uint8Array(typeof s === "string" ? Buffer.from(s) : s);
    expect(parseJson(b('{"a":1}'))).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJson(b("\ufeff{}"))).toEqual({ ok: true, value: {} });
    expect(parseJson(b(Buffer.from("\ufeff{}", "utf16le"))).ok).toBe(false);
    expect(parseJson(b(Buffer.from([0x22, 0xff, 0x22]))).ok).toBe(false);
    expect(parseJson(b('{"a":1} x')).ok).toBe(false);
    expect(parseJson(b("NaN")).ok).toBe(false);
  });

  it("queryObject keeps a repeated key as an array so it cannot slip past validation", () => {
    const q = queryObject(new URLSearchParams("limit=1&limit=1000000&page=2&project=x"), ["project"]);
    expect(q).toEqual({ limit: ["1", "1000000"], page: "2" });
    expect(z.object(resellerPageQuery({ defaultLimit: 20, maxLimit: 100 })).safeParse(q).success).toBe(false);
  });

  it("issuesToDetails names fields by path, the root otherwise, and says Required for missing fields", () => {
    const r = z.object({ a: z.string(), b: z.object({ c: z.number() }) }).safeParse({ b: { c: "x" } });
    expect(issuesToDetails(r.error!.issues, "body")).toEqual([
      { field: "a", message: "Required" },
      { field: "b.c", message: expect.stringContaining("expected number") },
    ]);
    expect(issuesToDetails(z.object({}).safeParse(5).error!.issues, "body")[0]!.field).toBe("body");
  });
});

describe("pagination", () => {
  it("reseller page query refuses out-of-range values (docs/decisions.md#d6)", () => {
    const q = z.object(resellerPageQuery({ defaultLimit: 20, maxLimit: 100 }));
    expect(q.parse({})).toEqual({ page: 1, limit: 20 });
    expect(q.parse({ page: "3", limit: "100" })).toEqual({ page: 3, limit: 100 });
    for (const bad of [{ limit: "101" }, { limit: "0" }, { page: "0" }, { limit: "1.5" }, { limit: "abc" }, { page: "-1" }]) {
      expect(q.safeParse(bad).success).toBe(false);
    }
  });

  it("customer page query clamps limit to 200 silently", () => {
    const q = z.object(customerPageQuery({ defaultLimit: 50 }));
    expect(q.parse({})).toEqual({ page: 1, limit: 50 });
    expect(q.parse({ limit: "5000" })).toEqual({ page: 1, limit: 200 });
    expect(q.safeParse({ limit: "0" }).success).toBe(false);
  });

  it("the three shapes", () => {
    expect(resellerPagePagination({ page: 2, limit: 20, total: 41 })).toEqual({ page: 2, limit: 20, total: 41, totalPages: 3 });
    expect(resellerOffsetPagination({ offset: 40, limit: 20, total: 60 })).toEqual({ total: 60, limit: 20, offset: 40, hasMore: false });
    expect(resellerOffsetPagination({ offset: 0, limit: 50, total: 51 }).hasMore).toBe(true);
    expect(customerPagination({ page: 1, limit: 20, total: 0 })).toEqual({ page: 1, limit: 20, total: 0, pages: 0 });
    expect(customerPagination({ page: 1, limit: 20, total: 21 }, null)).toEqual({ page: 1, limit: 20, total: 21 });
    expect(customerPagination({ page: 1, limit: 20, total: 21 }, "totalPages")).toEqual({ page: 1, limit: 20, total: 21, totalPages: 2 });
  });
});

describe("moneyString", () => {
  it.each([
    ["1000", "1000.00"],
    ["12.5", "12.50"],
    ["12.3456", "12.3456"],
    ["12.3450", "12.345"],
    ["0", "0.00"],
    ["-3.1", "-3.10"],
  ])("%s → %s", (input, out) => {
    expect(moneyString(new Prisma.Decimal(input))).toBe(out);
  });
});
