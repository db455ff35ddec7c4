// npm run bench:game-console — the game node's console fan-out (game-node/agent/console-hub.ts,
// console-socket.ts) on loopback (docs/performance.md, "Game console fan-out"). One nodejs-app server
// whose index.js prints BENCH_RATE (default 1000) numbered lines a second, each stamped with the time
// it was written, for BENCH_SECONDS (default 10); BENCH_VIEWERS (default 50) console websockets with
// valid read-only tokens. Per viewer: lines received against lines printed (missing must be 0) and the
// delay from the print to the viewer's receive (the line's stamp against this process's clock).
// Baseline in the same run: the same script as a child of this process, its stdout read through a
// pipe by one reader with the agent's own LineSplitter (what the agent does before it fans out).
// Variants alternate for BENCH_ROUNDS (default 2) rounds. The agent runs in its own process
// (bench/game-console-agent.ts); its CPU time per second of logging is reported beside the delays.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { WebSocket } from "ws";
import { NODE_TOKEN, SERVER_ID, consoleToken } from "../game-node/agent/testing/agent-harness";
import { LineSplitter } from "../game-node/process/line-ring";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LINES = Math.round(SECONDS * RATE);
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

const LINE = /run (\d+) line (\d+) t=(\d+\.\d+)/;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What one reader saw of one run. */
class Tally {
  readonly seen = new Uint8Array(LINES + 1);
  readonly delays: number[] = [];
  duplicates = 0;
  done = false;
  constructor(readonly run: number) {}

  /** One console line: counts it if it is one of this run's. */
  line(text: string, at: number): void {
    const match = LINE.exec(text);
    if (match) {
      if (Number(match[1]) !== this.run) return;
      const seq = Number(match[2]);
      if (this.seen[seq]) this.duplicates++;
      this.seen[seq] = 1;
      this.delays.push(at - Number(match[3]));
    } else if (text === `run ${this.run} done`) this.done = true;
  }

  get missing(): number {
    let n = 0;
    for (let seq = 1; seq <= LINES; seq++) if (!this.seen[seq]) n++;
    return n;
  }
}

// ── CPU time of a process (utime + stime from /proc, in ms) ──
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
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
const agentProcess: ChildProcess = spawn(process.execPath, ["--import", "tsx", "bench/game-console-agent.ts"], { stdio: ["ignore", "pipe", "inherit"] });
const { port } = await new Promise<{ port: number }>((resolve) => createInterface({ input: agentProcess.stdout! }).once("line", (line) => resolve(JSON.parse(line))));
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
async function waitForServer(predicate: (view: { installState: string; state: string }) => boolean, what: string): Promise<{ state: string }> {
  for (let i = 0; i < 400; i++) {
    const view = (await api("GET", "")) as { installState: string; state: string };
    if (predicate(view)) return view;
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
let viewerTallies: Tally[] = [];
let closes: number[] = [];
const viewers = await Promise.all(
  Array.from(
    { length: VIEWERS },
    (_, i) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/servers/${SERVER_ID}/ws?token=${encodeURIComponent(consoleToken(SERVER_ID, ["console.read"]))}`, {
          perMessageDeflate: false,
        });
        ws.on("message", (data: Buffer) => {
          const at = now();
          const frame = JSON.parse(data.toString("utf8")) as { event: string; args: unknown[] };
          if (frame.event === "auth success") resolve(ws);
          else if (frame.event === "console output") viewerTallies[i]?.line(frame.args[0] as string, at);
        });
        ws.on("close", (code) => closes.push(code));
        ws.once("error", reject);
      }),
  ),
);

type Summary = { p50: number; p99: number; max: number; missing: number; duplicates: number; worstP99: number; cpuPerSecond: Record<string, number>; closed: number };
const percentile = (sorted: Float64Array | number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function summarize(tallies: Tally[], cpuPerSecond: Record<string, number>): Summary {
  const all = new Float64Array(tallies.reduce((n, t) => n + t.delays.length, 0));
  let offset = 0;
  let worstP99 = 0;
  for (const tally of tallies) {
    all.set(tally.delays, offset);
    offset += tally.delays.length;
    worstP99 = Math.max(worstP99, percentile([...tally.delays].sort((a, b) => a - b), 99) ?? Infinity);
  }
  all.sort();
  return {
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    max: all[all.length - 1]!,
    missing: tallies.reduce((n, t) => n + t.missing, 0),
    duplicates: tallies.reduce((n, t) => n + t.duplicates, 0),
    worstP99,
    cpuPerSecond,
    closed: closes.length,
  };
}

async function finish(tallies: Tally[]): Promise<void> {
  const deadline = Date.now() + SECONDS * 1000 + 30_000;
  while (!tallies.every((t) => t.done) && Date.now() < deadline) await sleep(50);
  // Lines are in order on every path: once `done` arrived nothing of the run is still on its way.
}

let runs = 0;
async function pipeRound(): Promise<Summary> {
  const run = ++runs;
  pipeTally = new Tally(run);
  const cpu0 = { game: cpuMs(piped.pid!), reader: process.cpuUsage() };
  const t0 = performance.now();
  piped.stdin.write(`go ${run} ${LINES} ${RATE}\n`);
  await finish([pipeTally]);
  const seconds = (performance.now() - t0) / 1000;
  const reader = process.cpuUsage(cpu0.reader);
  return summarize([pipeTally], { game: (cpuMs(piped.pid!) - cpu0.game) / seconds, reader: (reader.user + reader.system) / 1000 / seconds });
}

async function fanoutRound(): Promise<Summary> {
  const run = ++runs;
  viewerTallies = viewers.map(() => new Tally(run));
  closes = [];
  const cpu0 = { agent: cpuMs(agentProcess.pid!), viewers: process.cpuUsage() };
  const t0 = performance.now();
  await api("POST", "/commands", { command: `go ${run} ${LINES} ${RATE}` });
  await finish(viewerTallies);
  const seconds = (performance.now() - t0) / 1000;
  const viewerCpu = process.cpuUsage(cpu0.viewers);
  return summarize(viewerTallies, { agent: (cpuMs(agentProcess.pid!) - cpu0.agent) / seconds, viewers: (viewerCpu.user + viewerCpu.system) / 1000 / seconds });
}

console.log(`game console fan-out bench: ${ROUNDS} rounds, ${LINES} lines at ${RATE}/s per variant, ${VIEWERS} viewers`);
const results: { pipe: Summary[]; fanout: Summary[] } = { pipe: [], fanout: [] };
for (let round = 0; round < ROUNDS; round++) {
  results.pipe.push(await pipeRound());
  results.fanout.push(await fanoutRound());
  const [p, f] = [results.pipe.at(-1)!, results.fanout.at(-1)!];
  console.log(
    `round ${round + 1}: pipe p99 ${p.p99.toFixed(2)} ms (missing ${p.missing}); fan-out p50 ${f.p50.toFixed(2)} p99 ${f.p99.toFixed(2)} max ${f.max.toFixed(1)} ms, missing ${f.missing}, closed ${f.closed}, agent CPU ${f.cpuPerSecond.agent!.toFixed(0)} ms/s`,
  );
}

// The worst round of each variant is what the goal is judged on.
const worst = (list: Summary[]) => list.reduce((a, b) => (b.p99 > a.p99 || b.missing > a.missing ? b : a));
const pipe = worst(results.pipe);
const fanout = worst(results.fanout);
const ms = (n: number) => n.toFixed(2);
console.log("");
console.log(`| measure (worst of ${ROUNDS} rounds) | pipe, 1 reader (baseline) | agent fan-out, ${VIEWERS} viewers | fan-out / pipe | goal |`);
console.log("|---|---:|---:|---:|---|");
console.log(`| lines missing (of ${LINES} per reader) | ${pipe.missing} | ${fanout.missing} (${fanout.duplicates} duplicated, ${fanout.closed} closed) | | 0 |`);
console.log(`| delay p50 ms | ${ms(pipe.p50)} | ${ms(fanout.p50)} | ${(fanout.p50 / pipe.p50).toFixed(1)}× | |`);
console.log(`| delay p99 ms | ${ms(pipe.p99)} | ${ms(fanout.p99)} (worst viewer ${ms(fanout.worstP99)}) | ${(fanout.p99 / pipe.p99).toFixed(1)}× | < ${GOAL_P99_MS} ms |`);
console.log(`| delay max ms | ${ms(pipe.max)} | ${ms(fanout.max)} | | |`);
console.log(
  `| CPU ms per s | game ${pipe.cpuPerSecond.game!.toFixed(0)}, reader ${pipe.cpuPerSecond.reader!.toFixed(0)} | agent ${fanout.cpuPerSecond.agent!.toFixed(0)}, ${VIEWERS} viewers ${fanout.cpuPerSecond.viewers!.toFixed(0)} | | |`,
);
console.log("");
console.log(JSON.stringify({ seconds: SECONDS, rate: RATE, viewers: VIEWERS, rounds: results }, (key, value) => (typeof value === "number" ? +value.toFixed(3) : value)));
const met = fanout.missing === 0 && fanout.duplicates === 0 && fanout.closed === 0 && fanout.p99 < GOAL_P99_MS;
console.log(`goal (no line lost, p99 < ${GOAL_P99_MS} ms): ${met ? "met" : "NOT met"}`);
if (pipe.missing > 0 || fanout.missing > 0) process.exitCode = 1;

for (const ws of viewers) ws.terminate();
piped.kill("SIGTERM");
agentProcess.kill("SIGTERM");
await new Promise((resolve) => agentProcess.once("exit", resolve));
await rm(scratch, { recursive: true, force: true });
