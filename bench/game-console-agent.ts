// The process under test for bench/game-console-fanout.ts: a real game node agent (the test harness's
// startAgent: temp data dir, port 0) with the nodejs-app template. Prints `{ port }` as one JSON line
// once it listens. Each `loop` line on stdin answers, as one JSON line, how busy its event loop was
// since the previous one (utilization 0..1 and the event-loop delay p99/max in ms), so the bench can
// tell a saturated agent from a saturated viewer. SIGTERM closes it (stopping its server) and
// removes the data directory.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { startAgent, stopAll } from "../game-node/agent/testing/agent-harness";
import { nodejsApp } from "../game-node/templates/nodejs-app";

const node = await startAgent({ templates: [nodejsApp] });
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
let elu = performance.eventLoopUtilization();
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line !== "loop") return;
  const now = performance.eventLoopUtilization();
  console.log(JSON.stringify({ utilization: performance.eventLoopUtilization(now, elu).utilization, delayP99Ms: delay.percentile(99) / 1e6, delayMaxMs: delay.max / 1e6 }));
  elu = now;
  delay.reset();
});
console.log(JSON.stringify({ port: node.port }));
process.on("SIGTERM", () => {
  void stopAll().finally(() => process.exit(0));
});
