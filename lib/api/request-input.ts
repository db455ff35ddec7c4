import type { z } from "zod";
import type { FieldIssue } from "./api-error";
import { jsonTooDeep, MAX_JSON_DEPTH } from "./input-rule";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** `application/json`, `application/<x>+json`, with or without parameters. */
export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; reason: "invalid" } | { ok: false; reason: "too_deep"; field: string };

/**
 * Strict UTF-8, then the nesting depth on the raw text (an iterative scan: lib/api/input-rule.ts),
 * then JSON.parse. Anything else (BOM, invalid bytes, trailing garbage) is not JSON; nothing
 * recursive ever walks a body deeper than `maxDepth`.
 */
export function parseJson(bytes: Uint8Array, maxDepth: number = MAX_JSON_DEPTH): JsonParseResult {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const deep = jsonTooDeep(text, maxDepth);
  if (deep) return { ok: false, reason: "too_deep", field: deep.field };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}

/**
 * Query string to an object for schema validation: a key sent once is a string, a repeated key an
 * array (so `?limit=1&limit=1000000` fails validation instead of silently picking one).
 */
export function queryObject(params: URLSearchParams, omit: readonly string[] = []): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    if (omit.includes(key)) continue;
    const all = params.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

/** zod issues as the `details: [{field, message}]` both envelopes carry. */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[], root: string): FieldIssue[] {
  return issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : root;
    const missing = issue.code === "invalid_type" && /received undefined$/.test(issue.message);
    return { field, message: missing ? "Required" : issue.message };
  });
}
