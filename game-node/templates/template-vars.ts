// A server's variables against its template (docs/game-servers.md#node-api): the node checks them on
// every PUT, so a definition that reaches a startup always has every variable, each within its rule.
import type { GameTemplate } from "./template-types";
import { checkVariableValue } from "./template-variables";

export type ResolvedVars = { ok: true; vars: Record<string, string> } | { ok: false; field: string; message: string };

/** Unknown keys are refused, missing ones take the template's default, every value is checked against its rule. */
export function resolveTemplateVars(template: GameTemplate, vars: Record<string, string>): ResolvedVars {
  const known = new Map(template.variables.map((variable) => [variable.key, variable]));
  for (const key of Object.keys(vars)) {
    if (!known.has(key)) return { ok: false, field: key, message: `${template.name} has no variable ${key}.` };
  }
  const resolved: Record<string, string> = {};
  for (const variable of template.variables) {
    const value = Object.hasOwn(vars, variable.key) ? vars[variable.key] : variable.default;
    const problem = checkVariableValue(variable.rule, value);
    if (problem !== null) return { ok: false, field: variable.key, message: `${variable.name} ${problem}.` };
    resolved[variable.key] = value;
  }
  return { ok: true, vars: resolved };
}
