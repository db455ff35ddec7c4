import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DOCS_CONTENT_SECURITY_POLICY, PAGE_SCRIPT, renderPage } from "./html-page";

describe("the docs pages' script", () => {
  it("is valid JavaScript (a syntax error would silently disable Copy and Try it)", () => {
    expect(() => new Function(PAGE_SCRIPT)).not.toThrow();
    expect(PAGE_SCRIPT).toContain(String.raw`replace(/\{(\w+)\}/g`);
  });

  it("is allowed by its hash in the pages' CSP, exactly as the page carries it", () => {
    const html = renderPage({ title: "t", header: "", nav: "", content: "" });
    const inline = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    expect(inline).toBe(PAGE_SCRIPT);
    expect(DOCS_CONTENT_SECURITY_POLICY).toContain(`script-src 'sha256-${createHash("sha256").update(inline).digest("base64")}'`);
  });
});
