// npm run bench:console — the console websocket relay (lib/ws/console-relay.ts) on loopback, against
// baselines measured in the same run (docs/performance.md, "Console relay"):
//   direct  the viewer's TCP connection straight to the machine (no process in between)
//   pipe    through a plain TCP pipe in the relay's process (`socket.pipe(upstream)`): the baseline
//           the goals name, same hop as the relay
//   relay   a ws client through the real relay route (Origin and token checked, consume, open) to the machine
// This process plays the machines (bulk source, echo, idle console) and the viewers; the relay and the
// TCP pipe run in a child process (bench/console-relay-server.ts), whose RSS is the one reported.
// Measures: bulk throughput machine -> viewer (BENCH_SECONDS per variant and round, default 3;
// BENCH_ROUNDS default 3, variants alternate), round-trip latency of 64-byte frames through an echo
// (BENCH_ECHOES default 5000 per variant), and RSS growth of the relay process with BENCH_IDLE
// (default 200) idle viewers connected (each with its own console connection).
import { spawn } from "node:child_process";
import net, { type AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { WebSocket } from "ws";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ECHOES = Number(process.env.BENCH_ECHOES ?? 5000);
const IDLE = Number(process.env.BENCH_IDLE ?? 200);
const ORIGIN = "http://bench.invalid";

// ── the machines ──
const block = Buffer.alloc(64 * 1024, 0x5a);
const bulk = net.createServer({ noDelay: true }, (socket) => {
  socket.on("error", () => {});
  const pump = () => {
    while (!socket.destroyed && socket.write(block));
  };
  socket.on("drain", pump);
  pump();
});
const echo = net.createServer({ noDelay: true }, (socket) => {
  socket.on("error", () => {});
  socket.pipe(socket);
});
const idleSockets = new Set<net.Socket>();
const idle = net.createServer((socket) => {
  socket.on("error", () => {});
  idleSockets.add(socket);
  socket.on("close", () => idleSockets.delete(socket));
});
const listen = (s: net.Server) => new Promise<number>((resolve) => s.listen(0, "127.0.0.1", () => resolve((s.address() as AddressInfo).port)));
const machines = { bulk: await listen(bulk), echo: await listen(echo), idle: await listen(idle) };

// ── the relay process ──
const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", "bench/console-relay-server.ts"], {
  env: { ...process.env, BENCH_MACHINES: JSON.stringify(machines) },
  stdio: ["ignore", "pipe", "inherit"],
});
const ports = await new Promise<{ ws: number; pipeBulk: number; pipeEcho: number }>((resolve) =>
  createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line))),
);
let sessions = 0;
const relayUrl = (machine: string) => `ws://127.0.0.1:${ports.ws}/api/console/ws/${machine}-${++sessions}?token=t${sessions}`;

function dialRelay(machine: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(relayUrl(machine), { origin: ORIGIN, perMessageDeflate: false });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}
function dialTcp(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ port, host: "127.0.0.1", noDelay: true }, () => resolve(s));
    s.once("error", reject);
  });
}
async function relayRss(): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${ports.ws}/rss`);
  return ((await res.json()) as { rss: number }).rss / 1024 / 1024;
}

type Variant = "direct" | "pipe" | "relay";
const VARIANTS: Variant[] = ["direct", "pipe", "relay"];

/** Bytes per second the viewer receives from the bulk machine for SECONDS. */
async function throughput(variant: Variant): Promise<number> {
  let bytes = 0;
  let close: () => void;
  if (variant === "relay") {
    const ws = await dialRelay("bulk");
    ws.on("message", (d: Buffer) => (bytes += d.length));
    close = () => ws.terminate();
  } else {
    const s = await dialTcp(variant === "direct" ? machines.bulk : ports.pipeBulk);
    s.on("data", (d: Buffer) => (bytes += d.length));
    close = () => s.destroy();
  }
  // Let the connection reach its pace before counting.
  await new Promise((r) => setTimeout(r, 300));
  const startBytes = bytes;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const rate = (bytes - startBytes) / ((performance.now() - t0) / 1000);
  close();
  await new Promise((r) => setTimeout(r, 200));
  return rate;
}

/** Round-trip times (ms) of 64-byte frames through the echo machine, one at a time. */
async function latencies(variant: Variant): Promise<number[]> {
  const payload = Buffer.alloc(64, 0x41);
  const out: number[] = [];
  let send: () => void;
  let onReply: (handler: (d: Buffer) => void) => void;
  let close: () => void;
  if (variant === "relay") {
    const ws = await dialRelay("echo");
    send = () => ws.send(payload, { binary: true });
    onReply = (h) => ws.on("message", (d: Buffer) => h(d));
    close = () => ws.terminate();
  } else {
    const s = await dialTcp(variant === "direct" ? machines.echo : ports.pipeEcho);
    send = () => s.write(payload);
    onReply = (h) => s.on("data", h);
    close = () => s.destroy();
  }
  await new Promise<void>((resolve) => {
    let got = 0;
    let t0 = 0;
    let n = 0;
    onReply((d) => {
      got += d.length;
      if (got < payload.length) return;
      got -= payload.length;
      // The first 200 round trips warm the path up.
      if (n++ >= 200) out.push(performance.now() - t0);
      if (out.length >= ECHOES) return resolve();
      t0 = performance.now();
      send();
    });
    t0 = performance.now();
    send();
  });
  close();
  return out;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

console.log(`console relay bench: ${ROUNDS} rounds × ${SECONDS} s per variant, ${ECHOES} echoes per variant, ${IDLE} idle viewers`);

// Throughput: variants alternate inside each round so a burst of other work falls on all of them.
const rates: Record<Variant, number[]> = { direct: [], pipe: [], relay: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const variant of VARIANTS) rates[variant].push(await throughput(variant));
}
const mbps = (v: Variant) => [...rates[v]].sort((a, b) => a - b)[Math.floor(rates[v].length / 2)]! / 1e6;

// Latency.
const lat: Record<Variant, { p50: number; p99: number }> = {} as never;
for (const variant of VARIANTS) {
  const sorted = (await latencies(variant)).sort((a, b) => a - b);
  lat[variant] = { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

// Idle viewers: the relay process's RSS (after a full GC) before and with IDLE viewers connected.
const rssBefore = await relayRss();
const viewers: WebSocket[] = [];
for (let i = 0; i < IDLE; i += 20) viewers.push(...(await Promise.all(Array.from({ length: Math.min(20, IDLE - i) }, () => dialRelay("idle")))));
await new Promise((r) => setTimeout(r, 2000));
const consolesOpen = idleSockets.size;
const rssWith = await relayRss();
for (const v of viewers) v.terminate();

console.log("");
console.log("| measure | direct TCP | TCP pipe (baseline) | relay | relay / pipe | goal |");
console.log("|---|---:|---:|---:|---:|---|");
console.log(
  `| throughput MB/s (median of ${ROUNDS}) | ${mbps("direct").toFixed(0)} | ${mbps("pipe").toFixed(0)} | ${mbps("relay").toFixed(0)} | ${(mbps("relay") / mbps("pipe")).toFixed(2)}× | ≥ 100 MB/s and ≥ 0.5× |`,
);
console.log(`| round trip p50 ms | ${lat.direct.p50.toFixed(3)} | ${lat.pipe.p50.toFixed(3)} | ${lat.relay.p50.toFixed(3)} | +${(lat.relay.p50 - lat.pipe.p50).toFixed(3)} | |`);
console.log(`| round trip p99 ms | ${lat.direct.p99.toFixed(3)} | ${lat.pipe.p99.toFixed(3)} | ${lat.relay.p99.toFixed(3)} | +${(lat.relay.p99 - lat.pipe.p99).toFixed(3)} | added < 2 ms |`);
console.log(`| relay RSS MB, ${IDLE} idle viewers | | | ${rssBefore.toFixed(0)} → ${rssWith.toFixed(0)} | +${(rssWith - rssBefore).toFixed(1)} | < 100 MB growth |`);
console.log("");
const result = {
  throughputMBps: { direct: +mbps("direct").toFixed(1), pipe: +mbps("pipe").toFixed(1), relay: +mbps("relay").toFixed(1) },
  ratioToPipe: +(mbps("relay") / mbps("pipe")).toFixed(2),
  ratioToDirect: +(mbps("relay") / mbps("direct")).toFixed(2),
  latencyMs: lat,
  addedP99Ms: +(lat.relay.p99 - lat.pipe.p99).toFixed(3),
  addedP99VsDirectMs: +(lat.relay.p99 - lat.direct.p99).toFixed(3),
  idle: { viewers: viewers.length, consolesOpen, rssBeforeMb: +rssBefore.toFixed(1), rssWithMb: +rssWith.toFixed(1), growthMb: +(rssWith - rssBefore).toFixed(1) },
};
console.log(JSON.stringify(result));
const goals = [mbps("relay") >= 100, result.ratioToPipe >= 0.5, result.addedP99Ms < 2, result.idle.growthMb < 100];
console.log(`goals: ${goals.every(Boolean) ? "all met" : "NOT all met"}`);
if (consolesOpen !== IDLE) {
  console.error(`FAILED: ${consolesOpen} of ${IDLE} idle viewers had a console connection`);
  process.exitCode = 1;
}
child.kill("SIGTERM");
for (const s of [bulk, echo, idle]) s.close();
for (const s of idleSockets) s.destroy();
