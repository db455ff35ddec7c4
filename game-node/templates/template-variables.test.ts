import { describe, expect, it } from "vitest";
import { builtInTemplates } from "./built-in-templates";
import type { TemplateVariable } from "./template-types";
import { checkVariableValue, resolveVariables, variableValue } from "./template-variables";

describe("checkVariableValue", () => {
  it("int: whole numbers in range only, no generous parsing", () => {
    const rule = { kind: "int" as const, min: 1, max: 200 };
    for (const ok of ["1", "20", "200"]) expect(checkVariableValue(rule, ok), ok).toBeNull();
    for (const bad of ["0", "201", "-1", "1e2", "0x10", " 5", "5 ", "5.0", "", "abc", "9".repeat(20)]) {
      expect(checkVariableValue(rule, bad), bad).not.toBeNull();
    }
    expect(checkVariableValue(rule, "201")).toBe("must be between 1 and 200");
  });

  it("enum: exact members only", () => {
    const rule = { kind: "enum" as const, values: ["survival", "creative"] };
    expect(checkVariableValue(rule, "creative")).toBeNull();
    for (const bad of ["Creative", "creative ", "", "hardcore"]) expect(checkVariableValue(rule, bad), bad).not.toBeNull();
  });

  it("bool: the words true and false", () => {
    const rule = { kind: "bool" as const };
    expect(checkVariableValue(rule, "true")).toBeNull();
    expect(checkVariableValue(rule, "false")).toBeNull();
    for (const bad of ["1", "yes", "TRUE", ""]) expect(checkVariableValue(rule, bad), bad).not.toBeNull();
  });

  it("string: the pattern must match the whole value, and the length is capped", () => {
    const rule = { kind: "string" as const, pattern: "[a-z]+", maxLength: 5 };
    expect(checkVariableValue(rule, "abc")).toBeNull();
    expect(checkVariableValue(rule, "abc1")).not.toBeNull();
    expect(checkVariableValue(rule, "1abc")).not.toBeNull();
    expect(checkVariableValue(rule, "abcdef")).toBe("must be at most 5 characters");
    // An alternation is anchored as a whole, not just its first branch.
    const alt = { kind: "string" as const, pattern: "a|b", maxLength: 5 };
    expect(checkVariableValue(alt, "ab")).not.toBeNull();
    expect(checkVariableValue(alt, "b")).toBeNull();
  });
});

describe("resolveVariables", () => {
  const variables: TemplateVariable[] = [
    { key: "A", name: "A", description: "", default: "5", rule: { kind: "int", min: 1, max: 9 }, userEditable: true },
    { key: "B", name: "B", description: "", default: "x", rule: { kind: "enum", values: ["x", "y"] }, userEditable: true },
  ];

  it("takes valid given values, defaults for the rest, and drops unknown keys and bad values", () => {
    expect(resolveVariables({ variables }, { A: "7", C: "evil" })).toEqual({ A: "7", B: "x" });
    expect(resolveVariables({ variables }, { A: "70", B: "z" })).toEqual({ A: "5", B: "x" });
    expect(resolveVariables({ variables })).toEqual({ A: "5", B: "x" });
  });

  it("does not read inherited properties as given values", () => {
    const given = Object.create({ A: "8" }) as Record<string, string>;
    expect(resolveVariables({ variables }, given)).toEqual({ A: "5", B: "x" });
  });

  it("variableValue answers one key, with the default for a bad value", () => {
    expect(variableValue(variables, { A: "3" }, "A")).toBe("3");
    expect(variableValue(variables, { A: "nope" }, "A")).toBe("5");
    expect(() => variableValue(variables, {}, "Z")).toThrow(/no variable Z/);
  });
});

describe("built-in templates", () => {
  it("have unique ids and keys, and every default fits its own rule", () => {
    const templates = builtInTemplates();
    expect(templates.map((t) => t.id)).toEqual(["nodejs-app", "minecraft-flying-squid"]);
    for (const template of templates) {
      const keys = template.variables.map((v) => v.key);
      expect(new Set(keys).size, template.id).toBe(keys.length);
      for (const variable of template.variables) {
        expect(variable.key, template.id).toMatch(/^[A-Z][A-Z0-9_]*$/);
        expect(checkVariableValue(variable.rule, variable.default), `${template.id} ${variable.key}`).toBeNull();
      }
    }
  });
});
