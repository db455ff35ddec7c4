// npm run bench:game-files — listing a large folder on the game node (docs/performance.md, "Game file
// listing"). A real agent (the test harness: temp data dir, port 0, in this process) with one
// installed server whose folder gets BENCH_FILES (default 10,000) small files. Timed, in the same run:
//   readdir       fs.promises.readdir(dir, { withFileTypes: true }): names and types only (baseline 1)
//   readdir+stat  readdir, then an lstat of every entry, 16 in flight: what any listing with sizes,
//                 modes and times has to do (baseline 2, the one the goal names)
//   readdir+lstatSync  the same with lstatSync in a loop: the kernel's work without the thread pool's
//                 round trips (blocks the event loop, so not an option for the agent; shown as a floor)
//   ServerRoot    the server's own ServerRoot.list("/") (contained walk, lstat per entry, sort)
//   HTTP          GET /api/servers/:id/files/list on the agent, until the whole JSON body is read
// BENCH_ROUNDS (default 5) × BENCH_REPEAT (default 3) passes; each pass runs every variant once, the
// order rotating from pass to pass, and the median of a variant's timings is reported.
import { lstatSync, promises as fsp } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { NODE_TOKEN, SERVER_ID, installed, startAgent, stopAll } from "../game-node/agent/testing/agent-harness";

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const GOAL_RATIO = 3;

const node = await startAgent();
await installed(node, { diskMb: 1024 });
const root = node.agent.serverRoot(SERVER_ID)!;
const dir = root.realRoot;

// Names like a game server's (world region files, logs), sizes from 0 to a few KiB.
for (let i = 0; i < FILES; i += 500) {
  await Promise.all(
    Array.from({ length: Math.min(500, FILES - i) }, (_, k) => fsp.writeFile(path.join(dir, `r.${i + k}.${(i + k) % 7}.mca`), "x".repeat((i + k) % 4096))),
  );
}
const expected = (await fsp.readdir(dir)).length;

type Variant = "readdir" | "readdir+stat" | "readdir+lstatSync" | "ServerRoot" | "HTTP";

/** lstat of every entry with `limit` calls in flight (one at a time waits a thread-pool trip per entry; all at once floods the pool). */
async function lstatAll(entries: { name: string }[], limit: number): Promise<number> {
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < entries.length) {
        await fsp.lstat(path.join(dir, entries[next++]!.name));
        done++;
      }
    }),
  );
  return done;
}
const variants: Record<Variant, () => Promise<number>> = {
  async readdir() {
    return (await fsp.readdir(dir, { withFileTypes: true })).length;
  },
  async "readdir+stat"() {
    return lstatAll(await fsp.readdir(dir, { withFileTypes: true }), 16);
  },
  async "readdir+lstatSync"() {
    const entries = await fsp.readdir(dir, { withFileTypes: true });
    return entries.map((entry) => lstatSync(path.join(dir, entry.name))).length;
  },
  async ServerRoot() {
    return (await root.list("/")).length;
  },
  async HTTP() {
    const res = await fetch(`${node.base}/api/servers/${SERVER_ID}/files/list?path=/`, { headers: { authorization: `Bearer ${NODE_TOKEN}` } });
    if (res.status !== 200) throw new Error(`files/list answered ${res.status}`);
    // The body read to its end; parsing it is the portal's cost, not the node's (counted as entries only).
    const body = await res.text();
    return body.split('"name":').length - 1;
  },
};
const names = Object.keys(variants) as Variant[];
const timings: Record<Variant, number[]> = { readdir: [], "readdir+stat": [], "readdir+lstatSync": [], ServerRoot: [], HTTP: [] };

// One untimed pass each: the directory in the page cache, the code compiled.
for (const name of names) await variants[name]();
for (let round = 0; round < ROUNDS; round++) {
  for (let r = 0; r < REPEAT; r++) {
    // Each variant once per pass, the order rotating, so a burst of other work falls on all of them.
    const shift = round * REPEAT + r;
    for (const name of names.map((_, i) => names[(i + shift) % names.length]!)) {
      const t0 = performance.now();
      const count = await variants[name]();
      timings[name].push(performance.now() - t0);
      if (count !== expected) throw new Error(`${name} listed ${count} entries, the folder has ${expected}`);
    }
  }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const ms = Object.fromEntries(names.map((name) => [name, median(timings[name])])) as Record<Variant, number>;
console.log(`game file listing bench: ${expected} entries, ${ROUNDS} rounds × ${REPEAT} per variant, medians`);
console.log("");
// The fastest pass too: on a shared machine it is the closest to the work itself.
const min = (name: Variant) => Math.min(...timings[name]);
console.log("| variant | median ms | fastest ms | vs readdir | vs readdir+stat | fastest vs fastest readdir+stat | goal |");
console.log("|---|---:|---:|---:|---:|---:|---|");
for (const name of names) {
  const goal = name === "ServerRoot" || name === "HTTP" ? `≤ ${GOAL_RATIO}× readdir+stat` : "";
  console.log(
    `| ${name} | ${ms[name].toFixed(1)} | ${min(name).toFixed(1)} | ${(ms[name] / ms.readdir).toFixed(1)}× | ${(ms[name] / ms["readdir+stat"]).toFixed(2)}× | ${(min(name) / min("readdir+stat")).toFixed(2)}× | ${goal} |`,
  );
}
console.log("");
const ratios = { ServerRoot: +(ms.ServerRoot / ms["readdir+stat"]).toFixed(2), HTTP: +(ms.HTTP / ms["readdir+stat"]).toFixed(2) };
console.log(
  JSON.stringify({ files: expected, medianMs: Object.fromEntries(names.map((n) => [n, +ms[n].toFixed(2)])), fastestMs: Object.fromEntries(names.map((n) => [n, +min(n).toFixed(2)])), ratioToReaddirStat: ratios }),
);
console.log(`goal (ServerRoot and HTTP ≤ ${GOAL_RATIO}× readdir+stat): ${ratios.ServerRoot <= GOAL_RATIO && ratios.HTTP <= GOAL_RATIO ? "met" : "NOT met"}`);
await stopAll();
