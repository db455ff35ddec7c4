import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bundleFingerprint } from "./build-if-stale";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe("bundleFingerprint", () => {
  // Root files Next.js compiles into the bundle: editing one must make `npm start` rebuild.
  it.each(["proxy.ts", "auth.ts", "instrumentation-client.ts"])("changes when %s changes", (file) => {
    root = mkdtempSync(path.join(tmpdir(), "rf-fingerprint-"));
    writeFileSync(path.join(root, file), "export {};\n");
    const before = bundleFingerprint(root);
    writeFileSync(path.join(root, file), "export const changed = 1;\n");
    expect(bundleFingerprint(root)).not.toBe(before);
  });
});
