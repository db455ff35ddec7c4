import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";

// proxy.ts wraps its handler with Auth.js; only the matcher is under test here.
vi.mock("@/auth", () => ({ auth: (handler: unknown) => handler }));
const { config } = await import("@/proxy");

const publicDir = path.resolve(import.meta.dirname, "..", "public");
const ASSETS = ["favicon.svg", "logo.svg", "robots.txt"];

describe("public assets", () => {
  it.each(ASSETS)("public/%s exists", (file) => {
    expect(existsSync(path.join(publicDir, file))).toBe(true);
  });

  it.each(["favicon.svg", "logo.svg"])("public/%s is an SVG document", (file) => {
    expect(readFileSync(path.join(publicDir, file), "utf8")).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it("robots.txt disallows every crawler from the whole site", () => {
    const lines = readFileSync(path.join(publicDir, "robots.txt"), "utf8")
      .split("\n")
      .map((l) => l.replace(/#.*/, "").trim())
      .filter(Boolean);
    expect(lines).toEqual(["User-agent: *", "Disallow: /"]);
  });

  it.each(ASSETS)("the sign-in proxy leaves /%s to signed-out visitors", (file) => {
    expect(unstable_doesMiddlewareMatch({ config, url: `/${file}` })).toBe(false);
  });
});
