import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One naming rule for endpoint declarations: `<operation>Endpoint` (getServiceCapabilitiesEndpoint,
// createOrderEndpoint). The suffix keeps an endpoint apart from the domain function it calls, which
// often has the operation's name.

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : p.endsWith(".ts") && !p.endsWith(".test.ts") ? [p] : [];
  });
}

describe("endpoint declarations", () => {
  it("every exported declaration is named <operation>Endpoint", () => {
    const declared: string[] = [];
    for (const file of [...files(path.join(import.meta.dirname, "customer/endpoints")), ...files(path.join(import.meta.dirname, "reseller/endpoints"))]) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/export const (\w+) = (?:defineEndpoint|\w*Endpoint)(?:<[^>]*>)?\(/g)) declared.push(m[1]!);
    }
    expect(declared.length).toBeGreaterThan(100);
    expect(declared.filter((name) => !/^[a-z]\w*Endpoint$/.test(name))).toEqual([]);
  });
});
