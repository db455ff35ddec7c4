import type { FieldIssue } from "./api-error";

/**
 * The input rule both APIs apply to every request before any handler runs (docs/api.md "The input
 * rule", docs/decisions.md#r9):
 * - no text may hold U+0000 or a lone UTF-16 surrogate: every string value and every object key of
 *   a JSON body, every query parameter name and value, every path parameter;
 * - a JSON body may nest at most MAX_JSON_DEPTH objects/arrays, checked on the raw text by an
 *   iterative scan before `JSON.parse`, so nothing recursive ever sees a deeper document.
 * Length limits stay where they are (the 1 MB body limit, each schema's own `max`).
 */

/** Deepest nesting of objects and arrays a JSON body may have; the body's own `{}` is level 1. */
export const MAX_JSON_DEPTH = 32;

export type TextProblem = "nul" | "surrogate";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a piece of text under the input rule, or null. */
export function textProblem(text: string): TextProblem | null {
  if (text.includes("\u0000")) return "nul";
  if (LONE_SURROGATE.test(text)) return "surrogate";
  return null;
}

const VALUE_MESSAGE: Record<TextProblem, string> = {
  nul: "Must not contain the NUL character (U+0000)",
  surrogate: "Must not contain an unpaired UTF-16 surrogate (U+D800 to U+DFFF)",
};
const KEY_MESSAGE: Record<TextProblem, string> = {
  nul: "Field names must not contain the NUL character (U+0000)",
  surrogate: "Field names must not contain an unpaired UTF-16 surrogate (U+D800 to U+DFFF)",
};

/** A refusal of the input rule: the field it names and the sentence for it. */
export interface InputRuleViolation extends FieldIssue {
  /** The whole sentence, naming the field (the customer envelope's `error`). */
  sentence: string;
}

function violation(field: string, message: string): InputRuleViolation {
  const lower = message.charAt(0).toLowerCase() + message.slice(1);
  return { field, message, sentence: `Invalid text in ${field}: ${lower}` };
}

export function depthViolation(field: string, limit: number = MAX_JSON_DEPTH): InputRuleViolation {
  return {
    field,
    message: `Nested deeper than ${limit} levels of objects and arrays`,
    sentence: `Request body is nested deeper than ${limit} levels (in ${field})`,
  };
}

/**
 * How deep the JSON text nests, scanned without recursion. Returns null within `limit`, else the
 * top-level field the excess is under ("body" when the body itself is not an object or the field
 * cannot be told). Malformed text is left to `JSON.parse`.
 */
export function jsonTooDeep(text: string, limit: number = MAX_JSON_DEPTH): { field: string } | null {
  let depth = 0;
  let rootIsObject = false;
  // At depth 1 in the root object: is the next string a key, and the last key seen.
  let expectKey = false;
  let topKey: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
      if (depth === 1 && rootIsObject && expectKey) {
        topKey = decodeJsonString(text.slice(start, i + 1));
        expectKey = false;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
      if (depth === 1) {
        rootIsObject = c === 0x7b;
        expectKey = rootIsObject;
      }
      if (depth > limit) return { field: rootIsObject && topKey !== null ? topKey : "body" };
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
      if (depth === 0) topKey = null;
    } else if (c === 0x2c /* , */ && depth === 1 && rootIsObject) {
      expectKey = true;
      topKey = null;
    }
  }
  return null;
}

function decodeJsonString(literal: string): string | null {
  try {
    const value: unknown = JSON.parse(literal);
    return typeof value === "string" && textProblem(value) === null ? value : null;
  } catch {
    return null;
  }
}

/**
 * The first string value or object key of a parsed JSON body that breaks the rule, in document
 * order, walked without recursion. A bad value is named by its path (`metadata.note`,
 * `options.0.optionId`); a bad key by the object holding it (`metadata`), or "body" at the top.
 */
export function findTextViolation(value: unknown, root: string = "body"): InputRuleViolation | null {
  const stack: { value: unknown; path: readonly (string | number)[] }[] = [{ value, path: [] }];
  const name = (path: readonly (string | number)[]) => (path.length > 0 ? path.join(".") : root);
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === "string") {
      const problem = textProblem(v);
      if (problem) return violation(name(path), VALUE_MESSAGE[problem]);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...path, i] });
    } else if (v !== null && typeof v === "object") {
      const keys = Object.keys(v);
      for (const key of keys) {
        const problem = textProblem(key);
        if (problem) return violation(name(path), KEY_MESSAGE[problem]);
      }
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        stack.push({ value: (v as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * Query parameters (names and values) and path parameters under the rule. A bad value is named by
 * its parameter; a bad query parameter name by "query".
 */
export function findQueryViolation(params: URLSearchParams): InputRuleViolation | null {
  for (const [key, value] of params) {
    const keyProblem = textProblem(key);
    if (keyProblem) return violation("query", KEY_MESSAGE[keyProblem].replace("Field names", "Query parameter names"));
    const problem = textProblem(value);
    if (problem) return violation(key, VALUE_MESSAGE[problem]);
  }
  return null;
}

export function findParamViolation(params: Record<string, string>): InputRuleViolation | null {
  for (const [key, value] of Object.entries(params)) {
    const problem = textProblem(value);
    if (problem) return violation(key, VALUE_MESSAGE[problem]);
  }
  return null;
}
