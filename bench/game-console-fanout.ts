// npm run bench:game-console — the game node's console fan-out (game-node/agent/console-hub.ts,
// console-socket.ts) on loopback (docs/performance.md, "Game console fan-out"). One nodejs-app server
// whose index.js prints BENCH_RATE (default 1000) numbered lines a second, each stamped with the time
// it was written, for BENCH_SECONDS (default 10); BENCH_VIEWERS (default 50) console websockets with
// valid read-only tokens. Per viewer: lines received against lines printed (missing must be 0) and the
// delay from the print to the viewer's receive (the line's stamp against the receiver's clock).
// Baseline in the same run: the same script as a child of this process, its stdout read through a
// pipe by one reader with the agent's own LineSplitter (what the agent does before it fans out).
// Variants alternate for BENCH_ROUNDS (default 2) rounds after a warm-up round of
// BENCH_WARMUP_SECONDS (default 2; printed, not counted: every process is fresh and its code cold);
// the worst counted round of each variant is reported.
// The agent runs in its own process (bench/game-console-agent.ts), the viewers in
// BENCH_VIEWER_PROCESSES (default 2) others (bench/game-console-viewers.ts), as browsers would be.
// CPU time per second, event-loop load and time spent waiting for a core (the main thread's run-queue
// wait from /proc/<pid>/schedstat) are reported beside the delays, so a saturated viewer process or
// a busy machine is not mistaken for a slow agent. BENCH_CPU_PROF=<dir>: the agent runs with --cpu-prof.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface, type Interface } from "node:readline";
import { NODE_TOKEN, SERVER_ID, consoleToken } from "../game-node/agent/testing/agent-harness";
import { LineSplitter } from "../game-node/process/line-ring";
import { Tally, loopMeter, now, type Loop } from "./game-console-tally";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const VIEWER_PROCESSES = Math.min(VIEWERS, Number(process.env.BENCH_VIEWER_PROCESSES ?? 2));
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const LINES = Math.round(SECONDS * RATE);
const WAIT_MS = SECONDS * 1000 + 30_000;
const GOAL_P99_MS = 50;

// The game server: on `go <run> <count> <rate>` it prints `count` lines at `rate` a second, catching up
// on each 1 ms timer tick so the rate holds even when a tick comes late, then `run <run> done`.
// Each line is written on its own (a pipe write per line, as a logger does), about 130 bytes long.
const LOGGER_JS = `
const { performance } = require("node:perf_hooks");
const readline = require("node:readline");
const pad = "x".repeat(48);
console.log("Listening on port " + (process.env.PORT || 0));
readline.createInterface({ input: process.stdin }).on("line", (command) => {
  const [verb, run, count, rate] = command.trim().split(" ");
  if (verb === "stop") process.exit(0);
  if (verb !== "go") return;
  const total = Number(count);
  const perMs = Number(rate) / 1000;
  const t0 = performance.now();
  let seq = 0;
  const tick = () => {
    const due = Math.min(total, Math.floor((performance.now() - t0) * perMs) + 1);
    while (seq < due) {
      seq++;
      process.stdout.write("[12:00:00] [Server thread/INFO]: run " + run + " line " + seq + " t=" + (performance.timeOrigin + performance.now()).toFixed(3) + " " + pad + "\\n");
    }
    if (seq < total) setTimeout(tick, 1);
    else console.log("run " + run + " done");
  };
  tick();
});
process.on("SIGTERM", () => process.exit(0));
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nextLine = (lines: Interface) => new Promise<string>((resolve) => lines.once("line", resolve));

/** CPU time of a process (utime + stime from /proc), in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Time a process's main thread has spent runnable but waiting for a core (/proc schedstat), in ms. */
function runQueueMs(pid: number | "self"): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[1]) / 1e6;
}

// ── the baseline: the script as this process's child, read through a pipe ──
const scratch = await mkdtemp(path.join(tmpdir(), "rackfront-bench-console-"));
const loggerPath = path.join(scratch, "index.js");
await writeFile(loggerPath, LOGGER_JS);
const piped = spawn(process.execPath, [loggerPath], { stdio: ["pipe", "pipe", "inherit"] });
const splitter = new LineSplitter();
let pipeTally: Tally | null = null;
piped.stdout.on("data", (chunk: Buffer) => {
  const at = now();
  for (const text of splitter.push(chunk)) pipeTally?.line(text, at);
});

// ── the agent, in its own process, with the same script as its server's index.js ──
const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF] : [];
const agentProcess: ChildProcess = spawn(process.execPath, [...profile, "--import", "tsx", "bench/game-console-agent.ts"], { stdio: ["pipe", "pipe", "inherit"] });
const agentLines = createInterface({ input: agentProcess.stdout! });
const { port } = JSON.parse(await nextLine(agentLines)) as { port: number };
/** The agent's event loop since the previous call. */
async function agentLoop(): Promise<Loop> {
  const answer = nextLine(agentLines);
  agentProcess.stdin!.write("loop\n");
  return JSON.parse(await answer) as Loop;
}

const base = `http://127.0.0.1:${port}/api/servers/${SERVER_ID}`;
async function api(method: string, pathname: string, body?: unknown): Promise<unknown> {
  const res = await fetch(base + pathname, {
    method,
    headers: { authorization: `Bearer ${NODE_TOKEN}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}
async function waitForServer(predicate: (view: { installState: string; state: string }) => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (predicate((await api("GET", "")) as { installState: string; state: string })) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}
await api("PUT", "", { template: "nodejs-app", vars: {}, memoryMb: 512, diskMb: 64, port: 25_565, startAfterInstall: false });
await waitForServer((view) => view.installState === "installed", "the install");
await api("POST", "/files/write", { path: "/index.js", content: LOGGER_JS });
await api("POST", "/power", { action: "start" });
await waitForServer((view) => view.state === "running", "the server to run");

// ── the viewers ──
const viewerUrl = `ws://127.0.0.1:${port}/api/servers/${SERVER_ID}/ws?token=${encodeURIComponent(consoleToken(SERVER_ID, ["console.read"]))}`;
const viewerGroups = await Promise.all(
  Array.from({ length: VIEWER_PROCESSES }, async (_, i) => {
    const count = Math.floor(VIEWERS / VIEWER_PROCESSES) + (i < VIEWERS % VIEWER_PROCESSES ? 1 : 0);
    const child = spawn(process.execPath, ["--import", "tsx", "bench/game-console-viewers.ts"], {
      env: { ...process.env, BENCH_VIEWER_URL: viewerUrl, BENCH_VIEWER_COUNT: String(count), BENCH_VIEWER_WAIT_MS: String(WAIT_MS) },
      stdio: ["pipe", "pipe", "inherit"],
    });
    const lines = createInterface({ input: child.stdout! });
    if ((await nextLine(lines)) !== "ready") throw new Error("a viewer process did not get ready");
    return { child, lines };
  }),
);
type GroupReport = { viewers: { missing: number; duplicates: number; delays: number[] }[]; closes: number[]; cpuMsPerSecond: number; loop: Loop };

type Summary = {
  p50: number;
  p99: number;
  max: number;
  missing: number;
  duplicates: number;
  closed: number;
  worstViewerP99: number;
  cpuMsPerSecond: Record<string, number>;
  loops: Record<string, Loop>;
};
const percentile = (sorted: ArrayLike<number>, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function summarize(readers: { missing: number; duplicates: number; delays: number[] }[], closed: number, cpuMsPerSecond: Record<string, number>, loops: Record<string, Loop>): Summary {
  const all = new Float64Array(readers.reduce((n, r) => n + r.delays.length, 0));
  let offset = 0;
  let worstViewerP99 = 0;
  for (const reader of readers) {
    all.set(reader.delays, offset);
    offset += reader.delays.length;
    worstViewerP99 = Math.max(worstViewerP99, reader.delays.length ? percentile(Float64Array.from(reader.delays).sort(), 99) : Infinity);
  }
  all.sort();
  return {
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    max: all[all.length - 1]!,
    missing: readers.reduce((n, r) => n + r.missing, 0),
    duplicates: readers.reduce((n, r) => n + r.duplicates, 0),
    closed,
    worstViewerP99,
    cpuMsPerSecond,
    loops,
  };
}

let runs = 0;
const ownLoop = loopMeter();

async function pipeRound(lines: number): Promise<Summary> {
  const run = ++runs;
  const tally = new Tally(run, lines);
  pipeTally = tally;
  const cpu0 = { game: cpuMs(piped.pid!), reader: process.cpuUsage(), readerWait: runQueueMs("self") };
  ownLoop.start();
  const t0 = performance.now();
  piped.stdin.write(`go ${run} ${lines} ${RATE}\n`);
  const deadline = Date.now() + WAIT_MS;
  while (!tally.done && Date.now() < deadline) await sleep(20);
  const seconds = (performance.now() - t0) / 1000;
  const reader = process.cpuUsage(cpu0.reader);
  const cpu = {
    game: (cpuMs(piped.pid!) - cpu0.game) / seconds,
    reader: (reader.user + reader.system) / 1000 / seconds,
    readerRunQueue: (runQueueMs("self") - cpu0.readerWait) / seconds,
  };
  return summarize([tally], 0, cpu, { reader: ownLoop.stop() });
}

async function fanoutRound(lines: number): Promise<Summary> {
  const run = ++runs;
  await Promise.all(
    viewerGroups.map(async ({ child, lines: answers }) => {
      const answer = nextLine(answers);
      child.stdin!.write(`start ${run} ${lines}\n`);
      if ((await answer) !== "started") throw new Error("a viewer process did not start the run");
    }),
  );
  const agentCpu0 = cpuMs(agentProcess.pid!);
  const agentWait0 = runQueueMs(agentProcess.pid!);
  await agentLoop();
  const t0 = performance.now();
  await api("POST", "/commands", { command: `go ${run} ${lines} ${RATE}` });
  const reports = await Promise.all(
    viewerGroups.map(async ({ child, lines: answers }) => {
      const answer = nextLine(answers);
      child.stdin!.write("report\n");
      return JSON.parse(await answer) as GroupReport;
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const agent = await agentLoop();
  const cpu = {
    agent: (cpuMs(agentProcess.pid!) - agentCpu0) / seconds,
    viewers: reports.reduce((n, r) => n + r.cpuMsPerSecond, 0),
    agentRunQueue: (runQueueMs(agentProcess.pid!) - agentWait0) / seconds,
  };
  // The busiest viewer process speaks for the viewers' side.
  const viewers = reports.map((r) => r.loop).reduce((a, b) => (b.utilization > a.utilization ? b : a));
  return summarize(
    reports.flatMap((r) => r.viewers),
    reports.reduce((n, r) => n + r.closes.length, 0),
    cpu,
    { agent, viewers },
  );
}

const pct = (n: number) => `${(n * 100).toFixed(0)}%`;
const ms = (n: number) => n.toFixed(2);
console.log(`game console fan-out bench: ${ROUNDS} rounds, ${LINES} lines at ${RATE}/s per variant, ${VIEWERS} viewers in ${VIEWER_PROCESSES} processes`);
const results: { pipe: Summary[]; fanout: Summary[] } = { pipe: [], fanout: [] };
for (let round = WARMUP_SECONDS > 0 ? 0 : 1; round <= ROUNDS; round++) {
  const lines = round === 0 ? Math.round(WARMUP_SECONDS * RATE) : LINES;
  const [p, f] = [await pipeRound(lines), await fanoutRound(lines)];
  if (round > 0) {
    results.pipe.push(p);
    results.fanout.push(f);
  }
  console.log(
    `${round === 0 ? "warm-up" : `round ${round}`}: pipe p99 ${ms(p.p99)} ms, missing ${p.missing}; fan-out p50 ${ms(f.p50)} p99 ${ms(f.p99)} max ${f.max.toFixed(1)} ms, missing ${f.missing}, closed ${f.closed}; ` +
      `agent ${f.cpuMsPerSecond.agent!.toFixed(0)} ms CPU/s, ${f.cpuMsPerSecond.agentRunQueue!.toFixed(0)} ms/s waiting for a core, loop ${pct(f.loops.agent!.utilization)} busy (delay max ${f.loops.agent!.delayMaxMs.toFixed(0)} ms); ` +
      `busiest viewer process loop ${pct(f.loops.viewers!.utilization)} busy (delay max ${f.loops.viewers!.delayMaxMs.toFixed(0)} ms)`,
  );
}

// The worst round of each variant is what the goal is judged on.
const worst = (list: Summary[]) => list.reduce((a, b) => (b.missing > a.missing || (b.missing === a.missing && b.p99 > a.p99) ? b : a));
const pipe = worst(results.pipe);
const fanout = worst(results.fanout);
console.log("");
console.log(`| measure (worst of ${ROUNDS} rounds) | pipe, 1 reader (baseline) | agent fan-out, ${VIEWERS} viewers | fan-out / pipe | goal |`);
console.log("|---|---:|---:|---:|---|");
console.log(`| lines missing (of ${LINES} per reader) | ${pipe.missing} | ${fanout.missing} (${fanout.duplicates} duplicated, ${fanout.closed} closed) | | 0 |`);
console.log(`| delay p50 ms | ${ms(pipe.p50)} | ${ms(fanout.p50)} | ${(fanout.p50 / pipe.p50).toFixed(1)}× | |`);
console.log(`| delay p99 ms | ${ms(pipe.p99)} | ${ms(fanout.p99)} (worst viewer ${ms(fanout.worstViewerP99)}) | ${(fanout.p99 / pipe.p99).toFixed(1)}× | < ${GOAL_P99_MS} ms |`);
console.log(`| delay max ms | ${ms(pipe.max)} | ${ms(fanout.max)} | | |`);
console.log(
  `| CPU ms per s | game ${pipe.cpuMsPerSecond.game!.toFixed(0)}, reader ${pipe.cpuMsPerSecond.reader!.toFixed(0)} | agent ${fanout.cpuMsPerSecond.agent!.toFixed(0)}, viewers ${fanout.cpuMsPerSecond.viewers!.toFixed(0)} | | |`,
);
console.log(
  `| event loop busy (delay max ms) | reader ${pct(pipe.loops.reader!.utilization)} (${pipe.loops.reader!.delayMaxMs.toFixed(0)}) | agent ${pct(fanout.loops.agent!.utilization)} (${fanout.loops.agent!.delayMaxMs.toFixed(0)}), busiest viewer process ${pct(fanout.loops.viewers!.utilization)} (${fanout.loops.viewers!.delayMaxMs.toFixed(0)}) | | |`,
);
console.log(
  `| waiting for a core, ms per s | reader ${pipe.cpuMsPerSecond.readerRunQueue!.toFixed(0)} | agent ${fanout.cpuMsPerSecond.agentRunQueue!.toFixed(0)} | | |`,
);
console.log("");
console.log(JSON.stringify({ seconds: SECONDS, rate: RATE, viewers: VIEWERS, rounds: results }, (_key, value) => (typeof value === "number" ? +value.toFixed(3) : value)));
const met = fanout.missing === 0 && fanout.duplicates === 0 && fanout.closed === 0 && fanout.p99 < GOAL_P99_MS;
console.log(`goal (no line lost, p99 < ${GOAL_P99_MS} ms): ${met ? "met" : "NOT met"}`);
if (pipe.missing > 0 || fanout.missing > 0) process.exitCode = 1;

for (const { child } of viewerGroups) child.kill("SIGTERM");
piped.kill("SIGTERM");
agentProcess.kill("SIGTERM");
await new Promise((resolve) => agentProcess.once("exit", resolve));
await rm(scratch, { recursive: true, force: true });
