import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACCOUNT_NAV, AREA_NAV } from "@/components/layout/nav";
import { renderCustomerGuide } from "../customer/guide";
import { buildCustomerOpenApi } from "../customer/openapi";
import { customerApi } from "../customer/dispatch";
import { renderResellerGuide } from "../reseller/guide";
import { renderMarkdown } from "./render-markdown";

// The guides send readers to pages by their sidebar names: each one must be a page the sidebar shows.
const PAGE_MENTION = /(customer panel|reseller portal)'s \*{0,2}([A-Z][A-Za-z ]*?)\*{0,2} page/g;
const AREA = { "customer panel": "customer", "reseller portal": "reseller" } as const;

function mentions(text: string): { area: "customer" | "reseller"; label: string }[] {
  return [...text.matchAll(PAGE_MENTION)].map((m) => ({ area: AREA[m[1] as keyof typeof AREA], label: m[2]! }));
}

describe("the guides name pages that exist", () => {
  const customerGuide = renderCustomerGuide("https://portal.example/v1");
  const resellerGuide = renderResellerGuide("https://portal.example/v1/reseller");
  const description = (buildCustomerOpenApi(customerApi, "https://portal.example/v1").info as { description: string }).description;

  it.each([
    ["customer guide", customerGuide, 1],
    ["reseller guide", resellerGuide, 6],
    ["customer OpenAPI description", description, 1],
  ] as const)("%s: every panel or portal page it names is in that area's sidebar", (_name, text, atLeast) => {
    const found = mentions(text);
    expect(found.length).toBeGreaterThanOrEqual(atLeast);
    for (const { area, label } of found) {
      expect([...AREA_NAV[area], ...ACCOUNT_NAV].map((item) => item.label), `${area}: ${label}`).toContain(label);
    }
  });

  it("no guide sends readers to a menu the panel does not have", () => {
    for (const text of [customerGuide, resellerGuide, description]) {
      expect(text).not.toMatch(/Profile\s*(→|,)\s*API keys|client panel|in your portal|portal's test button/);
    }
  });
});

describe("portal links into the HTML guides", () => {
  it("every /v1/…/guide#section link in the portal's pages lands on a heading of that guide", () => {
    const files = readdirSync("app", { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".tsx"));
    const links = files.flatMap((f) =>
      [...readFileSync(path.join("app", f), "utf8").matchAll(/"\/v1\/(reseller\/)?guide#([A-Za-z0-9_-]+)"/g)].map((m) => ({ file: f, reseller: !!m[1], id: m[2]! })),
    );
    expect(links.length).toBeGreaterThanOrEqual(4);
    const ids = (md: string) => new Set([...renderMarkdown(md).html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const reseller = ids(renderResellerGuide("https://portal.example/v1/reseller"));
    const customer = ids(renderCustomerGuide("https://portal.example/v1"));
    for (const link of links) expect((link.reseller ? reseller : customer).has(link.id), `${link.file} #${link.id}`).toBe(true);
  });
});
