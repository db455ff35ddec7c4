import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { startScriptNodeFlags } from "./start-server";

function packageWithStart(start: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "rf-start-"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ scripts: { start } }));
  return dir;
}

it("takes npm start's Node flags, without the loader startServer adds itself", () => {
  expect(startScriptNodeFlags(packageWithStart("node --max-old-space-size=300 --import tsx --no-warnings server.ts"))).toEqual(["--max-old-space-size=300", "--no-warnings"]);
  expect(startScriptNodeFlags(packageWithStart("node --import tsx server.ts"))).toEqual([]);
});

it("refuses a start script that is not node running server.ts", () => {
  expect(() => startScriptNodeFlags(packageWithStart("next start"))).toThrow(/not "node \[flags\] server.ts"/);
});

it("npm start caps the old generation so the server stays inside its memory budget (docs/performance.md)", () => {
  const cap = startScriptNodeFlags().find((f) => f.startsWith("--max-old-space-size="));
  expect(cap).toBeDefined();
  expect(Number(cap!.split("=")[1])).toBeLessThanOrEqual(320);
});
