import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cpuPercentBetween, directorySize, sampleProcessTree } from "./process-usage";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("process usage", () => {
  it("computes CPU percent from ticks (100 per second) and wall time", () => {
    expect(cpuPercentBetween(0, 0, 100, 1000)).toBe(100);
    expect(cpuPercentBetween(50, 1000, 75, 2000)).toBe(25);
    expect(cpuPercentBetween(0, 0, 400, 2000)).toBe(200);
    expect(cpuPercentBetween(10, 1000, 5, 2000)).toBe(0);
    expect(cpuPercentBetween(0, 1000, 10, 1000)).toBe(0);
  });

  it("reads this process from /proc and nothing for a pid that does not exist", async () => {
    const sample = await sampleProcessTree(process.pid);
    expect(sample!.rssBytes).toBeGreaterThan(1024 * 1024);
    expect(sample!.cpuTicks).toBeGreaterThanOrEqual(0);
    expect(sample!.pids[0]).toBe(process.pid);
    expect(await sampleProcessTree(2 ** 22 + 12345)).toBeNull();
  });

  it("sums regular files, does not follow symlinks, and stops at the entry cap", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "rackfront-usage-"));
    const outside = await mkdtemp(path.join(tmpdir(), "rackfront-usage-out-"));
    dirs.push(dir, outside);
    await mkdir(path.join(dir, "world", "region"), { recursive: true });
    await writeFile(path.join(dir, "server.properties"), "x".repeat(100));
    await writeFile(path.join(dir, "world", "region", "r.0.0.mca"), Buffer.alloc(4000));
    await writeFile(path.join(outside, "big.bin"), Buffer.alloc(50_000));
    await symlink(outside, path.join(dir, "escape"));
    await symlink(path.join(outside, "big.bin"), path.join(dir, "big-link"));
    expect(await directorySize(dir)).toBe(4100);
    expect(await directorySize(dir, 1)).toBeLessThan(4100);
    expect(await directorySize(path.join(dir, "missing"))).toBe(0);
  });
});
