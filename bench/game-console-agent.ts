// The process under test for bench/game-console-fanout.ts: a real game node agent (the test harness's
// startAgent: temp data dir, port 0) with the nodejs-app template. Prints `{ port }` as one JSON line
// once it listens; SIGTERM closes it (stopping its server) and removes the data directory.
import { startAgent, stopAll } from "../game-node/agent/testing/agent-harness";
import { nodejsApp } from "../game-node/templates/nodejs-app";

const node = await startAgent({ templates: [nodejsApp] });
console.log(JSON.stringify({ port: node.port }));
process.on("SIGTERM", () => {
  void stopAll().finally(() => process.exit(0));
});
