// Entry point of `npm start`. The generated Prisma client must exist before anything that
// imports it is loaded, so this file only makes sure it is generated, then loads the server.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const gen = spawnSync(process.execPath, [path.join(root, "scripts/prisma-generate.mjs")], { cwd: root, stdio: "inherit" });
if (gen.status !== 0) {
  console.error("rackfront: prisma generate failed");
  process.exit(1);
}
const { main } = await import("./server/main");
await main({ root });
