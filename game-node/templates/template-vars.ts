// A server's variables against its template (docs/game-servers.md#node-api): the node checks them on
// every PUT, so a definition that reaches a startup always has every variable, each within its rule.
import type { GameTemplate, VariableRule } from "./template-types";

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
    const problem = checkRule(variable.rule, value);
    if (problem !== null) return { ok: false, field: variable.key, message: `${variable.name} ${problem}` };
    resolved[variable.key] = value;
  }
  return { ok: true, vars: resolved };
}

/** null when the value fits, else the rest of a sentence that starts with the variable's name. */
export function checkRule(rule: VariableRule, value: string): string | null {
  switch (rule.kind) {
    case "int": {
      if (!/^-?\d{1,15}$/.test(value)) return "must be a whole number.";
      const n = Number(value);
      return n < rule.min || n > rule.max ? `must be between ${rule.min} and ${rule.max}.` : null;
    }
    case "enum":
      return rule.values.includes(value) ? null : `must be one of: ${rule.values.join(", ")}.`;
    case "bool":
      return value === "true" || value === "false" ? null : 'must be "true" or "false".';
    case "string":
      if (value.length > rule.maxLength) return `must be at most ${rule.maxLength} characters.`;
      // The whole value must match, whether or not the template anchored its pattern.
      return new RegExp(`^(?:${rule.pattern})$`).test(value) ? null : "has characters or a form that is not allowed here.";
  }
}
