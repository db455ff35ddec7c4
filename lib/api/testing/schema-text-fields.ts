import type { z } from "zod";

// The text fields a zod schema declares, found by walking its definition: what the route-table
// tests of the input rule (docs/decisions.md#r9) send a NUL or a lone surrogate in, so an endpoint
// added to a route table is covered without anyone listing its fields.

/** One place in a body a string can go: object keys, `0` for an array element, `k` for a record key. */
export interface TextField {
  path: (string | number)[];
  /** What `details[].field` names: the path joined with dots, as zod issues are. */
  field: string;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Sample key put in a record (`metadata.k`). */
export const RECORD_KEY = "k";

/**
 * Every path at which the schema accepts a string (string formats, enums, string literals,
 * `unknown`/`any` values of free objects), through objects, arrays, records, unions, intersections,
 * pipes and the optional/nullable/default wrappers. Bounded by `maxDepth` against recursive schemas.
 */
export function textFieldsOf(schema: z.ZodType, maxDepth = 6): TextField[] {
  const out = new Map<string, TextField>();
  const visit = (s: unknown, path: (string | number)[], depth: number) => {
    if (depth > maxDepth) return;
    const def = defOf(s);
    switch (def.type) {
      case "object":
        for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) visit(child, [...path, key], depth + 1);
        // A loose object (`z.looseObject`, `.catchall(...)`) takes keys of the client's own, like a record.
        if (def.catchall !== undefined && defOf(def.catchall).type !== "never") visit(def.catchall, [...path, RECORD_KEY], depth + 1);
        return;
      case "array":
        visit(def.element, [...path, 0], depth + 1);
        return;
      case "record":
        visit(def.valueType, [...path, RECORD_KEY], depth + 1);
        return;
      case "union":
        for (const option of def.options as unknown[]) visit(option, path, depth);
        return;
      case "intersection":
        visit(def.left, path, depth);
        visit(def.right, path, depth);
        return;
      case "pipe":
        visit(def.in, path, depth);
        return;
      case "lazy":
        visit((def.getter as () => unknown)(), path, depth);
        return;
      case "optional":
      case "nullable":
      case "default":
      case "prefault":
      case "readonly":
      case "catch":
      case "nonoptional":
        visit(def.innerType, path, depth);
        return;
      case "literal":
        if (!(def.values as unknown[]).some((v) => typeof v === "string")) return;
        break;
      case "string":
      case "enum":
      case "template_literal":
      case "unknown":
      case "any":
        break;
      default:
        return;
    }
    if (path.length === 0) return;
    const field = path.map(String).join(".");
    if (!out.has(field)) out.set(field, { path, field });
  };
  visit(schema, [], 0);
  return [...out.values()];
}

/** The object paths of a schema (records and loose objects) where a client may put keys of its own. */
export function recordFieldsOf(schema: z.ZodType): TextField[] {
  return textFieldsOf(schema).filter((f) => f.path.at(-1) === RECORD_KEY).map((f) => {
    const path = f.path.slice(0, -1);
    return { path, field: path.map(String).join(".") };
  });
}

/** The smallest JSON value that has `leaf` at `path`: `{options: [{optionId: leaf}]}`. */
export function bodyWith(path: readonly (string | number)[], leaf: unknown): unknown {
  let value = leaf;
  for (let i = path.length - 1; i >= 0; i--) {
    const step = path[i]!;
    value = typeof step === "number" ? [value] : { [step]: value };
  }
  return value;
}

/** The top-level field names of an object schema (through wrappers and pipes), e.g. a query's parameters. */
export function topLevelKeysOf(schema: z.ZodType): string[] {
  const keys = new Set<string>();
  const visit = (s: unknown) => {
    const def = defOf(s);
    if (def.type === "object") for (const key of Object.keys(def.shape as object)) keys.add(key);
    else if (def.type === "pipe") visit(def.in);
    else if (def.type === "union") for (const o of def.options as unknown[]) visit(o);
    else if (def.type === "intersection") {
      visit(def.left);
      visit(def.right);
    } else if ("innerType" in def) visit(def.innerType);
  };
  visit(schema);
  return [...keys];
}

/** A valid value for a path parameter: the first value of a declared enum, else the first of a word and a fresh uuid the schema takes. */
export function sampleParam(schema: z.ZodType | undefined, fresh: () => string): string {
  if (schema === undefined) return fresh();
  const def = defOf(schema);
  if (def.type === "enum") return String(Object.values(def.entries as Record<string, string>)[0]);
  if (def.type === "literal") return String((def.values as unknown[])[0]);
  return ["start", fresh()].find((candidate) => schema.safeParse(candidate).success) ?? fresh();
}

/** The text the route-table tests send: one NUL and one lone surrogate, each between ordinary letters. */
export const BAD_TEXT = [
  { name: "a NUL", text: "a\u0000b", message: /NUL character/ },
  { name: "a lone surrogate", text: "a\ud800b", message: /unpaired UTF-16 surrogate/ },
] as const;
