import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without types
import { missingOptionals } from "./lockfile-add-missing-optionals.mjs";

describe("package-lock.json", () => {
  it("holds every optional platform package, or `npm ci` refuses it on a clean clone", () => {
    const lock = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../package-lock.json"), "utf8"));
    // If this fails after `npm install`: node scripts/lockfile-add-missing-optionals.mjs
    expect(Object.keys(missingOptionals(lock))).toEqual([]);
  });
});
