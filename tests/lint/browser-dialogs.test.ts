import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The project's ESLint configuration refuses the browser's own dialogs (eslint.config.mjs, "BROWSER_DIALOG"):
// checked on snippets linted as if they were a component, so a config change that drops the rule fails here.
const eslint = new ESLint({ cwd: process.cwd() });
const lint = async (code: string) => {
  const [result] = await eslint.lintText(code, { filePath: "components/ui/probe.tsx" });
  return result.messages.filter((m) => m.ruleId === "no-restricted-globals" || m.ruleId === "no-restricted-syntax").map((m) => m.line);
};

describe("eslint: no browser dialogs", () => {
  it("refuses confirm, alert and prompt, bare or through window, globalThis and self", async () => {
    const code = ['if (confirm("a")) alert("b");', 'window.confirm("c");', 'globalThis.alert("d");', 'self.prompt("e");', 'window["confirm"]("f");', "export {};"].join("\n");
    expect(await lint(code)).toEqual([1, 1, 2, 3, 4, 5]);
  });

  it("allows a local binding named confirm (a prop, a handler)", async () => {
    const code = ["export function f({ confirm }: { confirm?: string }) {", "  const alert = () => confirm;", "  return alert();", "}"].join("\n");
    expect(await lint(code)).toEqual([]);
  });
});
