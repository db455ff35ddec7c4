import type { JsonSchema } from "./build-openapi";

/**
 * Example values generated from a JSON Schema (what `jsonSchemaOf` makes of an endpoint's zod
 * schemas), for the `example` fields of the OpenAPI document and the HTML reference.
 * A schema's own `examples`/`default`/`const`/`enum` win; otherwise a value that meets the type,
 * format, bounds and pattern, with a few field names given a realistic value. lib/api/openapi/docs.test.ts
 * checks every generated request example against the endpoint's zod schema.
 */
export interface ExampleOptions {
  /** Request bodies show required fields (all of them when none is required); answers show every field. */
  fields: "required" | "all";
}

const FORMAT_EXAMPLE: Record<string, string> = {
  uuid: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
  guid: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
  "date-time": "2026-01-01T12:00:00.000Z",
  date: "2026-01-01",
  time: "12:00:00",
  email: "ada@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  ipv4: "203.0.113.10",
  ipv6: "2001:db8::10",
  hostname: "web-1.example.com",
  cidrv4: "203.0.113.0/24",
};

/** Realistic values by field name, tried before the generic ones (each still has to fit the schema). */
const NAMED_EXAMPLE: [RegExp, string][] = [
  [/email/i, "ada@example.com"],
  [/hostname/i, "web-1.example.com"],
  [/^currency$/i, "EUR"],
  [/(amount|balance|price|total|vat|tax|fee)$/i, "10.00"],
  [/colou?r$/i, "#3b82f6"],
  [/asSet$/i, "AS-EXAMPLE"],
  [/prefixe?s?$/i, "203.0.113.0/24"],
  [/(url|uri)$/i, "https://example.com/hooks/rackfront"],
  [/password/i, "correct-Horse-battery-9"],
  [/sha256/i, "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"],
  [/slug$/i, "web-servers"],
  [/ip(v4)?$|address$/i, "203.0.113.10"],
  [/^location$/i, "eu-west"],
  [/(^|_)name$|Name$/, "web-1"],
  [/(^|_)at$|At$/, "2026-01-01T12:00:00.000Z"],
  [/^(id|.*Id|.*_id)$/, "3fa85f64-5717-4562-b3fc-2c963f66afa6"],
];

const GENERIC_STRINGS = ["example", "example-1", "abc123", "a1b2c3d4", "12345", "ABC", "0123456789abcdef"];

const MAX_DEPTH = 12;

function stringExample(schema: JsonSchema, name: string | undefined): string {
  const format = typeof schema.format === "string" ? schema.format : undefined;
  const pattern = typeof schema.pattern === "string" ? safeRegExp(schema.pattern) : null;
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Infinity;
  const fits = (s: string) => s.length >= min && s.length <= max && (!pattern || pattern.test(s));
  const candidates = [
    ...(format && FORMAT_EXAMPLE[format] ? [FORMAT_EXAMPLE[format]!] : []),
    ...(name ? NAMED_EXAMPLE.filter(([re]) => re.test(name)).map(([, v]) => v) : []),
    ...GENERIC_STRINGS,
  ];
  for (const c of candidates) if (fits(c)) return c;
  // Long enough for a minimum length nothing above meets (and still within the maximum).
  const padded = "example".padEnd(Math.max(min, 1), "x").slice(0, Math.min(Math.max(min, 7), max));
  return padded;
}

function safeRegExp(source: string): RegExp | null {
  try {
    return new RegExp(source, "u");
  } catch {
    return null;
  }
}

function numberExample(schema: JsonSchema, integer: boolean, name: string | undefined): number {
  const lo = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + (integer ? 1 : 0.01) : undefined;
  const hi = typeof schema.maximum === "number" ? schema.maximum : typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum - (integer ? 1 : 0.01) : undefined;
  let value = name && /page|quantity|count|total/i.test(name) ? 1 : integer ? 1 : 9.99;
  if (lo !== undefined && value < lo) value = lo;
  if (hi !== undefined && value > hi) value = hi;
  return integer ? Math.ceil(value) : value;
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  if (!ref.startsWith("#/")) return {};
  let node: unknown = root;
  for (const part of ref.slice(2).split("/")) node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  return (node as JsonSchema) ?? {};
}

function exampleAt(schema: JsonSchema, root: JsonSchema, options: ExampleOptions, name: string | undefined, depth: number): unknown {
  if (depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === "string") return exampleAt({ ...resolveRef(schema.$ref, root), ...withoutRef(schema) }, root, options, name, depth + 1);
  if ("example" in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ("const" in schema) return schema.const;
  if ("default" in schema && schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union) && union.length) {
    const chosen = union.find((s) => s.type !== "null") ?? union[0]!;
    return exampleAt(chosen, root, options, name, depth + 1);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    const parts = (schema.allOf as JsonSchema[]).map((s) => exampleAt(s, root, options, name, depth + 1));
    return parts.every((p) => p && typeof p === "object" && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((t) => t !== "null") ?? (schema.properties ? "object" : schema.items ? "array" : types[0]);
  switch (type) {
    case "string":
      return stringExample(schema, name);
    case "integer":
      return numberExample(schema, true, name);
    case "number":
      return numberExample(schema, false, name);
    case "boolean":
      return true;
    case "null":
      return null;
    case "array": {
      const items = (Array.isArray(schema.prefixItems) ? null : (schema.items as JsonSchema | undefined)) ?? {};
      if (Array.isArray(schema.prefixItems)) return (schema.prefixItems as JsonSchema[]).map((s) => exampleAt(s, root, options, name, depth + 1));
      const count = Math.max(1, typeof schema.minItems === "number" ? schema.minItems : 1);
      const one = exampleAt(items, root, options, singular(name), depth + 1);
      return Array.from({ length: count }, () => one);
    }
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const keys = Object.keys(properties);
      const shown = options.fields === "all" || required.size === 0 ? keys : keys.filter((k) => required.has(k));
      return Object.fromEntries(shown.map((k) => [k, exampleAt(properties[k]!, root, options, k, depth + 1)]));
    }
    default:
      return name ? stringExample({}, name) : {};
  }
}

function withoutRef(schema: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = schema;
  void _ref;
  return rest;
}

const singular = (name: string | undefined) => name?.replace(/ies$/, "y").replace(/s$/, "");

/** An example value for `schema` (a whole JSON Schema: its own `$defs` resolve `$ref`s). */
export function exampleFromSchema(schema: JsonSchema, options: ExampleOptions): unknown {
  return exampleAt(schema, schema, options, undefined, 0);
}
