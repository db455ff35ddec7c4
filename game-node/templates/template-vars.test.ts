import { describe, expect, it } from "vitest";
import { resolveTemplateVars } from "./template-vars";
import type { GameTemplate } from "./template-types";

const template: GameTemplate = {
  id: "t",
  name: "Test",
  description: "",
  runtime: null,
  install: async () => {},
  startup: () => ({ command: "x", args: [], env: {}, stopCommand: null, readyPattern: null, memoryLimitMb: 64, stopGraceMs: 1000 }),
  variables: [
    { key: "PLAYERS", name: "Players", description: "", default: "20", rule: { kind: "int", min: 1, max: 200 }, userEditable: true },
    { key: "MODE", name: "Mode", description: "", default: "survival", rule: { kind: "enum", values: ["survival", "creative"] }, userEditable: true },
    { key: "PVP", name: "PvP", description: "", default: "true", rule: { kind: "bool" }, userEditable: true },
    { key: "MOTD", name: "MOTD", description: "", default: "hello", rule: { kind: "string", pattern: "[a-z ]*", maxLength: 10 }, userEditable: false },
  ],
};

describe("resolveTemplateVars", () => {
  it("fills defaults and keeps given values", () => {
    expect(resolveTemplateVars(template, { PLAYERS: "5" })).toEqual({ ok: true, vars: { PLAYERS: "5", MODE: "survival", PVP: "true", MOTD: "hello" } });
  });

  it("refuses unknown keys, naming the field", () => {
    expect(resolveTemplateVars(template, { NOPE: "1" })).toMatchObject({ ok: false, field: "NOPE" });
    // Prototype names are keys like any other.
    expect(resolveTemplateVars(template, JSON.parse('{"__proto__":"1"}') as Record<string, string>)).toMatchObject({ ok: false, field: "__proto__" });
  });

  it.each([
    ["PLAYERS", "0"],
    ["PLAYERS", "201"],
    ["PLAYERS", "1.5"],
    ["PLAYERS", " 5"],
    ["PLAYERS", "1e2"],
    ["MODE", "hardcore"],
    ["PVP", "yes"],
    ["MOTD", "HELLO"],
    ["MOTD", "hello world x"],
    // The pattern is matched whole: a matching prefix is not enough.
    ["MOTD", "ok\n$(rm)"],
  ])("refuses %s=%j", (key, value) => {
    const result = resolveTemplateVars(template, { [key]: value });
    expect(result).toMatchObject({ ok: false, field: key });
    if (!result.ok) expect(result.message).toMatch(/^\S/);
  });

  it("accepts the edges of each rule", () => {
    expect(resolveTemplateVars(template, { PLAYERS: "200", MODE: "creative", PVP: "false", MOTD: "" }).ok).toBe(true);
    expect(resolveTemplateVars(template, { PLAYERS: "1" }).ok).toBe(true);
  });
});
