// A stand-in for the portal in start-embedded-game-node.test.ts: starts the embedded game node, prints
// its address and waits to be killed.
import path from "node:path";
import { embeddedGameNode } from "../embedded-game-node";
import { startEmbeddedGameNode } from "../start-embedded-game-node";

const [dataDir] = process.argv.slice(2);
await startEmbeddedGameNode({
  root: path.resolve(import.meta.dirname, "../../../.."),
  dataDir,
  token: "t".repeat(40),
  allowedOrigin: "http://127.0.0.1:1",
  publicHost: "127.0.0.1",
  log: () => {},
});
console.log(`node at ${embeddedGameNode()?.url}`);
setInterval(() => {}, 60_000);
