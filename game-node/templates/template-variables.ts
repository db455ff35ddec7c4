// Checking a template variable's value against its rule (docs/game-servers.md#templates). The portal's
// `PATCH game/vars` and the node's startup read the same rules, so a value one accepts the other runs.
import type { GameTemplate, TemplateVariable, VariableRule } from "./template-types";

/** Answers null when `value` fits `rule`, else a sentence for the user. */
export function checkVariableValue(rule: VariableRule, value: string): string | null {
  switch (rule.kind) {
    case "int": {
      // Digits only: "1e3", " 5", "0x10" and "5.0" are refused rather than read generously.
      if (!/^-?\d{1,15}$/.test(value)) return "must be a whole number";
      const n = Number(value);
      return n < rule.min || n > rule.max ? `must be between ${rule.min} and ${rule.max}` : null;
    }
    case "enum":
      return rule.values.includes(value) ? null : `must be one of ${rule.values.join(", ")}`;
    case "bool":
      return value === "true" || value === "false" ? null : "must be true or false";
    case "string":
      if (value.length > rule.maxLength) return `must be at most ${rule.maxLength} characters`;
      // The pattern must match the whole value, not just a part of it.
      return new RegExp(`^(?:${rule.pattern})$`, "u").test(value) ? null : "has characters or a form that is not allowed";
  }
}

/**
 * The values a server starts with: each variable's default, replaced by the given value when that
 * value fits the rule. Unknown keys and values that do not fit are dropped (the portal refuses them
 * before they get here; this keeps a stale stored value from reaching a game's command line).
 */
export function resolveVariables(template: Pick<GameTemplate, "variables">, given: Record<string, string> = {}): Record<string, string> {
  const values: Record<string, string> = {};
  for (const variable of template.variables) {
    const value = Object.hasOwn(given, variable.key) ? given[variable.key] : undefined;
    values[variable.key] = value !== undefined && checkVariableValue(variable.rule, value) === null ? value : variable.default;
  }
  return values;
}

/** The value of `key` from resolved variables, or its default when it is missing. */
export function variableValue(variables: TemplateVariable[], vars: Record<string, string>, key: string): string {
  const variable = variables.find((v) => v.key === key);
  if (!variable) throw new Error(`Template has no variable ${key}`);
  const value = vars[key];
  return value !== undefined && checkVariableValue(variable.rule, value) === null ? value : variable.default;
}
