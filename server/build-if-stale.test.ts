import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bundleFingerprint, withBuildLock } from "./build-if-stale";

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

describe("withBuildLock", () => {
  it("runs one build at a time: a second caller waits until the first is done, and the lock is gone after", async () => {
    root = mkdtempSync(path.join(tmpdir(), "rf-build-lock-"));
    const events: string[] = [];
    let release!: () => void;
    const first = withBuildLock(root, () => {}, async () => {
      events.push("first start");
      await new Promise<void>((resolve) => (release = resolve));
      events.push("first end");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waits: string[] = [];
    const second = withBuildLock(root, (line) => waits.push(line), async () => {
      events.push("second start");
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(events).toEqual(["first start"]);
    expect(waits).toHaveLength(1);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(["first start", "first end", "second start"]);
    expect(existsSync(path.join(root, ".next-build.lock"))).toBe(false);
  });

  it("takes over a lock left by a build that was killed long ago", async () => {
    root = mkdtempSync(path.join(tmpdir(), "rf-build-lock-"));
    const lock = path.join(root, ".next-build.lock");
    mkdirSync(lock);
    const old = new Date(Date.now() - 60 * 60_000);
    utimesSync(lock, old, old);
    await expect(withBuildLock(root, () => {}, async () => "built")).resolves.toBe("built");
  });
});
