import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title";

describe("pageTitle", () => {
  it("names the thing, then its section, then the site", () => {
    expect(pageTitle("ux-test-1.example.com", "Services")).toEqual({ absolute: "ux-test-1.example.com · Services · Rackfront" });
    expect(pageTitle("INV-2026-000001", "Invoices")).toEqual({ absolute: "INV-2026-000001 · Invoices · Rackfront" });
  });

  it("is the section and the site for a list, the site alone for nothing", () => {
    expect(pageTitle("Services")).toEqual({ absolute: "Services · Rackfront" });
    expect(pageTitle()).toEqual({ absolute: "Rackfront" });
  });

  it("leaves out empty parts", () => {
    expect(pageTitle(null, " ", "Services")).toEqual({ absolute: "Services · Rackfront" });
  });
});
