import { randomUUID } from "node:crypto";
import type { AnyEndpoint } from "../define-endpoint";
import { BAD_TEXT, bodyWith, recordFieldsOf, sampleParam, textFieldsOf, topLevelKeysOf } from "./schema-text-fields";

// The input rule's cases for one route table (docs/decisions.md#r9): for every endpoint, a NUL and a
// lone surrogate in each text field its body schema declares, each key of its records, each query
// parameter its query schema declares and each path parameter. Derived from the declarations, so a
// new endpoint is covered as soon as it is in the table.

export interface InputRuleCase {
  /** e.g. `body configuration.hostname: a NUL`. */
  name: string;
  /** The request path relative to the API root, parameters filled in (percent-encoded). */
  path: string;
  body?: unknown;
  /** The field the answer must name. */
  field: string;
  message: RegExp;
}

/** The endpoint's path with every parameter given a valid value, or `override[name]` verbatim. */
export function fillPath(endpoint: AnyEndpoint, override: Record<string, string> = {}): string {
  const shape = endpoint.params.shape as Record<string, Parameters<typeof sampleParam>[0]>;
  return endpoint.path.replace(/\{([A-Za-z0-9]+)\}/g, (_m, name: string) =>
    name in override ? override[name]! : encodeURIComponent(sampleParam(shape[name], randomUUID)),
  );
}

export function inputRuleCases(endpoint: AnyEndpoint, options: { paramField?: (name: string) => string } = {}): InputRuleCase[] {
  const cases: InputRuleCase[] = [];
  if (endpoint.body) {
    for (const f of textFieldsOf(endpoint.body)) {
      for (const bad of BAD_TEXT) cases.push({ name: `body ${f.field}: ${bad.name}`, path: fillPath(endpoint), body: bodyWith(f.path, bad.text), field: f.field, message: bad.message });
    }
    for (const f of recordFieldsOf(endpoint.body)) {
      for (const bad of BAD_TEXT) {
        cases.push({ name: `body ${f.field} key: ${bad.name}`, path: fillPath(endpoint), body: bodyWith([...f.path, bad.text], "x"), field: f.field, message: bad.message });
      }
    }
  }
  if (endpoint.query) {
    for (const key of topLevelKeysOf(endpoint.query)) {
      cases.push({ name: `query ${key}: a NUL`, path: `${fillPath(endpoint)}?${encodeURIComponent(key)}=a%00b`, field: key, message: BAD_TEXT[0].message });
    }
  }
  for (const name of endpoint.paramNames) {
    cases.push({
      name: `path {${name}}: a NUL`,
      path: fillPath(endpoint, { [name]: "a%00b" }),
      field: options.paramField?.(name) ?? name,
      message: BAD_TEXT[0].message,
    });
  }
  return cases;
}
