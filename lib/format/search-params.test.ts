import { describe, expect, it } from "vitest";
import { firstParam, offsetParam, pageParam, queryString } from "./search-params";

describe("search parameters of list pages", () => {
  it("reads the first of repeated values", () => {
    expect(firstParam(["a", "b"])).toBe("a");
    expect(firstParam("x")).toBe("x");
    expect(firstParam(undefined)).toBeUndefined();
  });

  it("reads offsets and pages defensively", () => {
    expect(offsetParam("50")).toBe(50);
    expect(offsetParam("-5")).toBe(0);
    expect(offsetParam("abc")).toBe(0);
    expect(offsetParam("12.7")).toBe(12);
    expect(offsetParam(["25", "75"])).toBe(25);
    expect(pageParam("3")).toBe(3);
    expect(pageParam("0")).toBe(1);
    expect(pageParam(undefined)).toBe(1);
    expect(pageParam("2.5")).toBe(1);
    expect(pageParam("10001")).toBe(1);
  });

  it("writes only the values that differ from the defaults, encoded", () => {
    expect(queryString({ status: "paid", offset: 0, externalOrderId: undefined })).toBe("?status=paid");
    expect(queryString({ q: "a b&c", page: 2 })).toBe("?q=a+b%26c&page=2");
    expect(queryString({ q: "", offset: 0 })).toBe("");
  });
});
