import { describe, expect, it } from "vitest";
import { findParamViolation, findQueryViolation, findTextViolation, jsonTooDeep, MAX_JSON_DEPTH, textProblem } from "./input-rule";
import { parseJson } from "./request-input";

const nested = (levels: number, inner = "1") => "[".repeat(levels) + inner + "]".repeat(levels);

describe("textProblem", () => {
  it("refuses U+0000 and lone surrogates, accepts everything else", () => {
    expect(textProblem("a\u0000b")).toBe("nul");
    expect(textProblem("\ud800")).toBe("surrogate");
    expect(textProblem("x\udc00")).toBe("surrogate");
    expect(textProblem("\udc00\ud800")).toBe("surrogate");
    expect(textProblem("emoji \ud83d\ude00 ok")).toBeNull();
    expect(textProblem("tab\tnewline\n\u0001 ünïcödé")).toBeNull();
    expect(textProblem("")).toBeNull();
  });
});

describe("jsonTooDeep", () => {
  it(`allows ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1}`, () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toEqual({ field: "body" });
  });

  it("names the top-level field the excess is under", () => {
    const deep = `{"name":"x","list":[1,{"a":2}],"configuration":${nested(40)},"after":1}`;
    expect(jsonTooDeep(deep)).toEqual({ field: "configuration" });
    expect(jsonTooDeep(`{"a\\"b":${nested(40)}}`)).toEqual({ field: 'a"b' });
    expect(jsonTooDeep(`{"bad\\u0000key":${nested(40)}}`)).toEqual({ field: "body" });
  });

  it("ignores brackets and escaped quotes inside strings", () => {
    const text = `{"s":"${"[{".repeat(100)}\\"[[[","t":["\\\\"]}`;
    expect(JSON.parse(text)).toBeTruthy();
    expect(jsonTooDeep(text)).toBeNull();
  });

  it("scans 100,000 levels without recursion, and parseJson never hands them to JSON.parse", () => {
    const text = `{"configuration":${"{\"a\":".repeat(100_000)}1${"}".repeat(100_000)}}`;
    expect(jsonTooDeep(text)).toEqual({ field: "configuration" });
    expect(parseJson(new TextEncoder().encode(text))).toEqual({ ok: false, reason: "too_deep", field: "configuration" });
    expect(parseJson(new TextEncoder().encode(nested(MAX_JSON_DEPTH)))).toMatchObject({ ok: true });
  });
});

describe("findTextViolation", () => {
  it("names a bad value by its path and a bad key by the object holding it", () => {
    expect(findTextViolation({ name: "ok", metadata: { note: "a\u0000b" } })).toMatchObject({
      field: "metadata.note",
      message: "Must not contain the NUL character (U+0000)",
      sentence: "Invalid text in metadata.note: must not contain the NUL character (U+0000)",
    });
    expect(findTextViolation({ options: [{ optionId: "ok" }, { optionId: "\ud800" }] })).toMatchObject({
      field: "options.1.optionId",
      message: "Must not contain an unpaired UTF-16 surrogate (U+D800 to U+DFFF)",
    });
    expect(findTextViolation({ metadata: { "k\u0000": 1 } })).toMatchObject({ field: "metadata", message: "Field names must not contain the NUL character (U+0000)" });
    expect(findTextViolation({ "\ud800": 1 })).toMatchObject({ field: "body" });
    expect(findTextViolation("\u0000")).toMatchObject({ field: "body" });
  });

  it("reports the first problem in document order and passes clean documents", () => {
    expect(findTextViolation({ a: ["x", "\u0000"], b: "\u0000" })?.field).toBe("a.1");
    expect(findTextViolation({ a: [1, true, null, { b: "\ud83d\ude00" }] })).toBeNull();
  });
});

describe("query and path text", () => {
  it("names the parameter, or `query` for a bad parameter name", () => {
    expect(findQueryViolation(new URLSearchParams("page=1&hostname=a%00b"))).toMatchObject({ field: "hostname" });
    expect(findQueryViolation(new URLSearchParams("a%00=1"))).toMatchObject({ field: "query", message: "Query parameter names must not contain the NUL character (U+0000)" });
    expect(findQueryViolation(new URLSearchParams("search=%ED%A0%80"))).toBeNull(); // decoded to U+FFFD, never a surrogate
    expect(findParamViolation({ id: "x", action: "st\u0000art" })).toMatchObject({ field: "action" });
    expect(findParamViolation({ id: "x" })).toBeNull();
  });
});
