import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cpuPercentBetween, directorySize, sampleProcessTree } from "./process-usage";

const dirs: string[] = [];
const groups: ChildProcess[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  for (const child of groups.splice(0)) {
    const gone = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve)));
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
    await gone;
  }
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

  it("counts a child process both from the children files and from the process group", async () => {
    // A group leader (as GameProcess spawns servers) with one child holding 100 MB.
    const script = `
      const { spawn } = require("node:child_process");
      const c = spawn(process.execPath, ["-e", "globalThis.x = Buffer.alloc(100 * 1024 * 1024, 1); console.log('held'); setInterval(() => {}, 1000)"], { stdio: ["ignore", "inherit", "ignore"] });
      console.log("child " + c.pid);
      setInterval(() => {}, 1000);`;
    const leader = spawn(process.execPath, ["-e", script], { detached: true, stdio: ["ignore", "pipe", "ignore"] });
    groups.push(leader);
    let out = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("child did not start: " + out)), 20_000);
      leader.stdout!.on("data", (d) => {
        out += d;
        if (out.includes("held")) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const childPid = Number(/child (\d+)/.exec(out)![1]);
    const alone = (await readFile(`/proc/${leader.pid}/status`, "utf8")).match(/VmRSS:\s+(\d+)/)![1];
    const viaGroup = await sampleProcessTree(leader.pid!, "group");
    expect(viaGroup!.pids).toEqual([leader.pid, childPid]);
    expect(viaGroup!.rssBytes).toBeGreaterThan(Number(alone) * 1024 + 90 * 1024 * 1024);
    if ((await readFile(`/proc/self/task/${process.pid}/children`, "utf8").catch(() => null)) !== null) {
      const viaChildren = await sampleProcessTree(leader.pid!, "children");
      expect(viaChildren!.pids).toEqual([leader.pid, childPid]);
    }
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
