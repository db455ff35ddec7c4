import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";

const parentScript = path.join(import.meta.dirname, "testing/embedded-node-parent.ts");
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

describe("startEmbeddedGameNode", () => {
  it("the agent it starts exits when the portal is killed outright, so no node outlives its portal", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "rf-embedded-node-"));
    dirs.push(dataDir);
    const parent = spawn(process.execPath, ["--import", "tsx", parentScript, dataDir], { stdio: ["ignore", "pipe", "inherit"] });
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: parent.stdout! }).on("line", (line) => {
        const m = /^node at (http:\S+)/.exec(line);
        if (m) resolve(m[1]);
      });
      parent.once("exit", (code) => reject(new Error(`the parent exited (${code}) before its node was ready`)));
    });
    expect(await answers(url)).toBe(true);

    // SIGKILL: no handler of the parent runs; only the closed pipe tells the agent.
    parent.kill("SIGKILL");
    const deadline = Date.now() + 20_000;
    while ((await answers(url)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await answers(url)).toBe(false);
  }, 60_000);
});
