// Console viewers for bench/game-console-fanout.ts, in their own process as browsers would be:
// BENCH_VIEWER_COUNT websockets to BENCH_VIEWER_URL (a console URL with its token). Prints `ready`
// once every one has `auth success`. On stdin, `start <run> <lines>` begins counting that run
// (answers `started`); `report` waits until every viewer has the run's `done` line (or
// BENCH_VIEWER_WAIT_MS passed) and answers one JSON line: per viewer missing, duplicates and delays,
// the close codes seen, and this process's CPU and event loop over the run.
import { createInterface } from "node:readline";
import { WebSocket } from "ws";
import { Tally, loopMeter, now } from "./game-console-tally";

const url = process.env.BENCH_VIEWER_URL!;
const count = Number(process.env.BENCH_VIEWER_COUNT);
const waitMs = Number(process.env.BENCH_VIEWER_WAIT_MS ?? 60_000);
const FRAME_PREFIX = '{"event":"console output","args":';

let tallies: (Tally | null)[] = Array.from({ length: count }, () => null);
const closes: number[] = [];
const meter = loopMeter();
let cpu = process.cpuUsage();
let startedAt = 0;

const viewers = await Promise.all(
  Array.from(
    { length: count },
    (_, i) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(url, { perMessageDeflate: false });
        ws.on("message", (data: Buffer) => {
          const at = now();
          const text = data.toString("utf8");
          // Console lines are nearly all of the traffic: their one string argument is read without
          // building the whole frame object; every other event is parsed.
          if (text.startsWith(FRAME_PREFIX)) tallies[i]?.line(JSON.parse(text.slice(FRAME_PREFIX.length, -1))[0] as string, at);
          else if ((JSON.parse(text) as { event: string }).event === "auth success") resolve(ws);
        });
        ws.on("close", (code) => closes.push(code));
        ws.once("error", reject);
      }),
  ),
);
console.log("ready");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
createInterface({ input: process.stdin }).on("line", (line) => {
  const [verb, run, lines] = line.split(" ");
  if (verb === "start") {
    tallies = viewers.map(() => new Tally(Number(run), Number(lines)));
    closes.length = 0;
    cpu = process.cpuUsage();
    meter.start();
    startedAt = performance.now();
    console.log("started");
  } else if (verb === "report") {
    void (async () => {
      const deadline = Date.now() + waitMs;
      while (!tallies.every((t) => t?.done) && Date.now() < deadline) await sleep(20);
      const loop = meter.stop();
      const used = process.cpuUsage(cpu);
      const seconds = (performance.now() - startedAt) / 1000;
      const viewersReport = tallies.map((t) => ({ missing: t!.missing, duplicates: t!.duplicates, delays: t!.delays.map((d) => Math.round(d * 1000) / 1000) }));
      console.log(JSON.stringify({ viewers: viewersReport, closes, cpuMsPerSecond: (used.user + used.system) / 1000 / seconds, loop }));
    })();
  }
});
