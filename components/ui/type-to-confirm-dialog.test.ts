import { describe, expect, it } from "vitest";
import { confirmationMatches } from "./type-to-confirm-dialog";

describe("confirmationMatches", () => {
  it("accepts the exact name, with surrounding spaces trimmed", () => {
    expect(confirmationMatches("web1.example.com", "web1.example.com")).toBe(true);
    expect(confirmationMatches("  web1.example.com \n", "web1.example.com")).toBe(true);
  });

  it("refuses another case, a prefix, a longer name or inner spaces", () => {
    expect(confirmationMatches("WEB1.example.com", "web1.example.com")).toBe(false);
    expect(confirmationMatches("web1.example", "web1.example.com")).toBe(false);
    expect(confirmationMatches("web1.example.com.", "web1.example.com")).toBe(false);
    expect(confirmationMatches("web1. example.com", "web1.example.com")).toBe(false);
  });

  it("never matches an empty name, even typed empty", () => {
    expect(confirmationMatches("", "")).toBe(false);
    expect(confirmationMatches("  ", " ")).toBe(false);
  });
});
