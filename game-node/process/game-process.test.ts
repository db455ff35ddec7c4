import { mkdtemp, rm, writeFile, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { GameProcess, type GameProcessEvent, type StartupDefinition } from "./game-process";

// Real child processes: each "game server" is `node -e <script>`.
const made: { gp: GameProcess; dir: string }[] = [];

async function server(script: string, overrides: Partial<StartupDefinition> = {}, watchdogIntervalMs?: number) {
  const dir = await mkdtemp(path.join(tmpdir(), "rackfront-gproc-"));
  const gp = new GameProcess({
    serverDir: dir,
    watchdogIntervalMs,
    startup: {
      command: process.execPath,
      args: ["-e", script],
      env: {},
      stopCommand: "stop",
      readyPattern: /Done \(.*\)!/,
      memoryLimitMb: 1024,
      stopGraceMs: 5000,
      ...overrides,
    },
  });
  made.push({ gp, dir });
  return { gp, dir };
}

afterEach(async () => {
  for (const { gp, dir } of made.splice(0)) {
    await gp.destroy();
    await rm(dir, { recursive: true, force: true });
  }
});

function waitForLine(gp: GameProcess, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const seen = gp.scrollback().find((line) => pattern.test(line));
  if (seen !== undefined) return Promise.resolve(seen);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; console: ${gp.scrollback().slice(-10).join(" | ")}`));
    }, timeoutMs);
    const off = gp.subscribe((event) => {
      if (event.type === "line" && pattern.test(event.line)) {
        clearTimeout(timer);
        off();
        resolve(event.line);
      }
    });
  });
}

function recordStates(gp: GameProcess): string[] {
  const states: string[] = [];
  gp.subscribe((event) => {
    if (event.type === "state") states.push(event.state);
  });
  return states;
}

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

// A well-behaved server: says "Done" after a moment, echoes commands, exits on "stop".
const GAME = `
console.log("Starting server");
setTimeout(() => console.log('Done (0.2s)! For help, type "help"'), 200);
let buf = "";
process.stdin.on("data", (d) => {
  buf += d;
  let i;
  while ((i = buf.indexOf("\\n")) >= 0) {
    const line = buf.slice(0, i); buf = buf.slice(i + 1);
    if (line === "stop") { console.log("Stopping the server"); process.exit(0); }
    console.log("echo: " + line);
  }
});
`;

describe("GameProcess power", () => {
  it("starts, becomes running on the ready line, and stops with the stop command", async () => {
    const { gp } = await server(GAME);
    const states = recordStates(gp);
    expect(gp.start()).toEqual({ ok: true, from: "offline", to: "starting" });
    expect(gp.status().state).toBe("starting");
    await gp.waitFor("running");
    expect(gp.scrollback()).toContain("Starting server");
    expect(gp.status().pid).toBeGreaterThan(0);

    expect(gp.stop()).toMatchObject({ ok: true, to: "stopping" });
    await gp.waitFor("offline");
    expect(states).toEqual(["starting", "running", "stopping", "offline"]);
    const exit = gp.status().lastExit!;
    expect(exit).toMatchObject({ code: 0, signal: null, crashed: false, reason: "stopped", outOfMemory: false });
    expect(exit.lastLines).toContain("Stopping the server");
    expect(gp.status().pid).toBeNull();
  });

  it("is running at once when there is no ready pattern", async () => {
    const { gp } = await server("setInterval(() => {}, 1000)", { readyPattern: null });
    gp.start();
    await gp.waitFor("running", 10_000);
  });

  it("escalates stop to SIGTERM, then SIGKILL, for a server that ignores both", async () => {
    const stubborn = `
      process.on("SIGTERM", () => console.log("ignoring SIGTERM"));
      process.stdin.on("data", () => console.log("ignoring stdin"));
      console.log("Done (0s)!");
      setInterval(() => {}, 1000);`;
    const { gp } = await server(stubborn, { stopGraceMs: 1000 });
    gp.start();
    await gp.waitFor("running");
    gp.stop();
    await gp.waitFor("offline");
    const exit = gp.status().lastExit!;
    expect(exit).toMatchObject({ signal: "SIGKILL", crashed: false, reason: "stopped" });
    // Order proves the escalation: stop command first, then SIGTERM, then the kill.
    const lines = exit.lastLines;
    expect(lines.indexOf("ignoring stdin")).toBeGreaterThanOrEqual(0);
    expect(lines.indexOf("ignoring SIGTERM")).toBeGreaterThan(lines.indexOf("ignoring stdin"));
  });

  it("sends SIGTERM straight away when there is no stop command", async () => {
    const { gp } = await server(`process.on("SIGTERM", () => { console.log("got SIGTERM"); process.exit(0); }); console.log("Done (0s)!"); setInterval(() => {}, 1000);`, {
      stopCommand: null,
    });
    gp.start();
    await gp.waitFor("running");
    gp.stop();
    await gp.waitFor("offline");
    expect(gp.status().lastExit).toMatchObject({ code: 0, reason: "stopped", crashed: false });
    expect(gp.status().lastExit!.lastLines).toContain("got SIGTERM");
  });

  it("kills with SIGKILL, and takes what the server spawned with it", async () => {
    const parent = `
      const { spawn } = require("node:child_process");
      const c = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
      console.log("child " + c.pid);
      console.log("Done (0s)!");
      process.on("SIGTERM", () => {});
      setInterval(() => {}, 1000);`;
    const { gp } = await server(parent);
    gp.start();
    await gp.waitFor("running");
    const grandchild = Number(/child (\d+)/.exec(await waitForLine(gp, /^child \d+$/))![1]);
    expect(gp.kill()).toMatchObject({ ok: true });
    await gp.waitFor("offline");
    expect(gp.status().lastExit).toMatchObject({ signal: "SIGKILL", reason: "killed", crashed: false });
    // Gone or a zombie waiting for init: either way no longer running.
    await waitUntil(async () => {
      const stat = await readFile(`/proc/${grandchild}/stat`, "utf8").catch(() => null);
      return stat === null || / Z /.test(stat.slice(stat.lastIndexOf(")")));
    });
  });

  it("restarts into a new process", async () => {
    const { gp } = await server(GAME);
    gp.start();
    await gp.waitFor("running");
    const firstPid = gp.status().pid;
    const states = recordStates(gp);
    expect(gp.restart()).toMatchObject({ ok: true, to: "stopping" });
    await waitUntil(() => states.length >= 4);
    await gp.waitFor("running");
    expect(states).toEqual(["stopping", "offline", "starting", "running"]);
    expect(gp.status().pid).not.toBe(firstPid);
    expect(gp.status().lastExit).toMatchObject({ reason: "stopped", crashed: false });
  });

  it("detects a crash with its exit code and the last 20 console lines", async () => {
    const crash = `
      console.log("Done (0s)!");
      setTimeout(() => {
        for (let i = 0; i < 30; i++) console.log("line " + i);
        console.error("Exception in server tick loop");
        process.exit(3);
      }, 300);`;
    const { gp } = await server(crash);
    const events: GameProcessEvent[] = [];
    gp.subscribe((e) => events.push(e));
    gp.start();
    // Not waitFor("running"): on a loaded machine the crash may come before this line runs.
    await gp.waitFor("offline");
    expect(events.filter((e) => e.type === "state").map((e) => e.type === "state" && e.state)).toEqual(["starting", "running", "offline"]);
    const exit = gp.status().lastExit!;
    expect(exit).toMatchObject({ code: 3, signal: null, crashed: true, reason: "crashed", outOfMemory: false });
    expect(exit.lastLines).toHaveLength(20);
    expect(exit.lastLines.at(-1)).toBe("Exception in server tick loop");
    expect(exit.lastLines[0]).toBe("line 11");
    const offline = events.find((e) => e.type === "state" && e.state === "offline");
    expect(offline).toMatchObject({ type: "state", previous: "running", lastExit: { code: 3, crashed: true } });
  });

  it("a crash before the ready line is a crash too", async () => {
    const { gp } = await server(`console.log("loading"); process.exit(1);`);
    gp.start();
    await gp.waitFor("offline");
    expect(gp.status().lastExit).toMatchObject({ code: 1, crashed: true, reason: "crashed", lastLines: ["loading"] });
  });

  it("refuses verbs that make no sense, without throwing", async () => {
    const { gp } = await server(GAME);
    expect(gp.stop()).toMatchObject({ ok: false, reason: "not_running" });
    expect(gp.kill()).toMatchObject({ ok: false, reason: "not_running" });
    expect(gp.sendCommand("say hi")).toMatchObject({ ok: false, reason: "not_running" });
    gp.start();
    expect(gp.start()).toMatchObject({ ok: false, reason: "already_starting" });
    await gp.waitFor("running");
    expect(gp.start()).toMatchObject({ ok: false, reason: "already_running", message: "The server is already running." });
    gp.stop();
    expect(gp.start()).toMatchObject({ ok: false, reason: "is_stopping" });
    expect(gp.sendCommand("say hi")).toMatchObject({ ok: false, reason: "is_stopping" });
    await gp.waitFor("offline");
  });

  it("reports a command that cannot be spawned as a failed start, not an exception", async () => {
    const { gp } = await server("", { command: "/nonexistent/rackfront-game-binary", args: [] });
    gp.start();
    await gp.waitFor("offline");
    expect(gp.status().lastExit).toMatchObject({ crashed: true, reason: "spawn failed" });
    expect(gp.status().lastExit!.error).toMatch(/ENOENT/);
  });

  it("passes only the startup environment, PATH and HOME", async () => {
    process.env.RACKFRONT_GPROC_SECRET = "must-not-leak";
    try {
      const { gp, dir } = await server(`console.log("env " + JSON.stringify(process.env)); console.log("Done (0s)!")`, { env: { SERVER_PORT: "25565" } });
      gp.start();
      const line = await waitForLine(gp, /^env /);
      const env = JSON.parse(line.slice(4));
      expect(env.SERVER_PORT).toBe("25565");
      expect(env.HOME).toBe(dir);
      expect(env.RACKFRONT_GPROC_SECRET).toBeUndefined();
      expect(env.AUTH_SECRET).toBeUndefined();
    } finally {
      delete process.env.RACKFRONT_GPROC_SECRET;
    }
  });
});

describe("GameProcess console", () => {
  it("writes commands to stdin and streams the answer live", async () => {
    const { gp } = await server(GAME);
    const lines: string[] = [];
    gp.subscribe((e) => {
      if (e.type === "line") lines.push(e.line);
    });
    gp.start();
    await gp.waitFor("running");
    expect(gp.sendCommand("say hello world")).toEqual({ ok: true });
    await waitForLine(gp, /^echo: say hello world$/);
    expect(lines).toContain("echo: say hello world");
  });

  it("keeps the last 500 lines and joins partial writes", async () => {
    const script = `
      for (let i = 0; i < 600; i++) process.stdout.write("out " + i + "\\r\\n");
      process.stdout.write("par");
      setTimeout(() => { process.stdout.write("tial\\n"); console.log("Done (0s)!"); }, 200);
      setInterval(() => {}, 1000);`;
    const { gp } = await server(script);
    gp.start();
    await gp.waitFor("running");
    const lines = gp.scrollback();
    expect(lines).toHaveLength(500);
    // 600 "out" lines + "partial" + "Done": the oldest kept is the 103rd line.
    expect(lines[0]).toBe("out 102");
    expect(lines.slice(-3)).toEqual(["out 599", "partial", "Done (0s)!"]);
  });

  it("refuses commands once a server that does not read stdin has 64 KiB waiting", async () => {
    const { gp } = await server(`console.log("Done (0s)!"); setInterval(() => {}, 1000);`, { stopCommand: null });
    gp.start();
    await gp.waitFor("running");
    const command = "x".repeat(1023);
    let accepted = 0;
    let last: ReturnType<GameProcess["sendCommand"]> = { ok: true };
    while (last.ok && accepted < 10_000) {
      last = gp.sendCommand(command);
      if (last.ok) accepted++;
    }
    expect(last).toMatchObject({ ok: false, reason: "input_full" });
    // The kernel's pipe (64 KiB by default, at most 1 MiB) plus the node's 64 KiB.
    expect(accepted).toBeLessThan(1200);
  });

  it("a listener that throws does not break the process or other listeners", async () => {
    const { gp } = await server(GAME);
    gp.subscribe(() => {
      throw new Error("broken viewer");
    });
    gp.start();
    await gp.waitFor("running");
    gp.sendCommand("ping");
    await waitForLine(gp, /^echo: ping$/);
  });

  it("daemon lines go to the scrollback and listeners, marked, on one line, at most 4 KiB", async () => {
    const { gp } = await server(GAME);
    const heard: string[] = [];
    gp.subscribe((event) => {
      if (event.type === "line") heard.push(event.line);
    });
    gp.daemonLine("Installing\nnow");
    gp.daemonLine("x".repeat(10_000));
    expect(heard[0]).toBe("[Rackfront Daemon] Installing now");
    expect(heard[1]).toHaveLength(4096);
    expect(gp.scrollback()).toEqual(heard);
  });
});

describe("GameProcess resources", () => {
  it("reports memory of a running process and disk of its directory", async () => {
    const { gp, dir } = await server(`console.log("Done (0s)!"); setInterval(() => {}, 1000);`, { stopCommand: null });
    await writeFile(path.join(dir, "world.dat"), Buffer.alloc(12_345));
    gp.start();
    await gp.waitFor("running");
    const usage = await gp.usage();
    expect(usage.memoryBytes).toBeGreaterThan(1024 * 1024);
    expect(usage.diskBytes).toBe(12_345);
    expect(usage.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(usage.networkRxBytes).toBeNull();
    expect(usage.networkTxBytes).toBeNull();
    gp.stop();
    await gp.waitFor("offline");
    expect(await gp.usage()).toMatchObject({ memoryBytes: 0, cpuPercent: 0, diskBytes: 12_345 });
  });

  it("kills a server that goes over its memory limit and says out of memory", async () => {
    // Baseline node RSS is ~40-50 MB; the script then grows by 10 MB steps up to 400 MB.
    const hog = `
      const hold = [];
      console.log("Done (0s)!");
      setInterval(() => { if (hold.length < 40) hold.push(Buffer.alloc(10 * 1024 * 1024, 1)); }, 30);`;
    const { gp } = await server(hog, { memoryLimitMb: 120 }, 100);
    const states = recordStates(gp);
    gp.start();
    await gp.waitFor("offline");
    expect(states).toEqual(["starting", "running", "stopping", "offline"]);
    const status = gp.status();
    expect(status.outOfMemory).toBe(true);
    expect(status.lastExit).toMatchObject({ signal: "SIGKILL", crashed: true, reason: "out of memory", outOfMemory: true });
    expect(status.lastExit!.lastLines.at(-1)).toMatch(/over its 120 MB memory limit/);
  });

  it("counts memory of what the server spawned against its limit", async () => {
    // The server itself stays small; its worker grows past the limit.
    const parent = `
      const { spawn } = require("node:child_process");
      const worker = "const hold = []; setInterval(() => { if (hold.length < 40) hold.push(Buffer.alloc(10 * 1024 * 1024, 1)); }, 30);";
      spawn(process.execPath, ["-e", worker], { stdio: "ignore" });
      console.log("Done (0s)!");
      setInterval(() => {}, 1000);`;
    const { gp } = await server(parent, { memoryLimitMb: 200 }, 100);
    gp.start();
    await gp.waitFor("offline");
    expect(gp.status().lastExit).toMatchObject({ reason: "out of memory", outOfMemory: true });
  });

  it("leaves a server under its limit alone", async () => {
    const { gp } = await server(`console.log("Done (0s)!"); setInterval(() => {}, 1000);`, { memoryLimitMb: 1024 }, 50);
    gp.start();
    await gp.waitFor("running");
    await new Promise((r) => setTimeout(r, 500));
    expect(gp.status()).toMatchObject({ state: "running", outOfMemory: false });
  });
});
