// Resource usage of a game server read from Linux /proc, and disk usage from its directory.
// Network counters are null: a plain child process shares the host's network namespace, so there is
// no per-server counter to read (docs/game-servers.md#process-supervisor).
import { readdir, readFile, lstat } from "node:fs/promises";
import path from "node:path";

export type ResourceUsage = {
  cpuPercent: number;
  memoryBytes: number;
  diskBytes: number;
  networkRxBytes: null;
  networkTxBytes: null;
};

/** USER_HZ: the unit of utime/stime in /proc/<pid>/stat; 100 on every mainstream Linux build. */
const CLOCK_TICKS_PER_SECOND = 100;
/** Entries the disk walk visits at most; beyond it the sum so far is reported (a floor). */
export const DISK_WALK_MAX_ENTRIES = 200_000;
const MAX_TREE_PROCESSES = 256;

export type ProcSample = { cpuTicks: number; rssBytes: number; pids: number[] };

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, "utf8");
  } catch {
    return null;
  }
}

/** utime + stime in ticks, or null when the process is gone. */
async function cpuTicks(pid: number): Promise<number | null> {
  const stat = await readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) may contain spaces and parentheses: fields resume after the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the name: state(3) ppid(4) ... utime(14) stime(15) -> indexes 11 and 12 here.
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? utime + stime : null;
}

async function rssBytes(pid: number): Promise<number | null> {
  const status = await readText(`/proc/${pid}/status`);
  if (status === null) return null;
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  // A zombie has no VmRSS line: it holds no memory.
  return match ? Number(match[1]) * 1024 : 0;
}

/**
 * Direct children from /proc/<pid>/task/<tid>/children. That file needs CONFIG_PROC_CHILDREN; on a
 * kernel without it the list is empty and only the main process is counted.
 */
async function childPids(pid: number): Promise<number[]> {
  let tasks: string[];
  try {
    tasks = await readdir(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const tid of tasks) {
    const text = await readText(`/proc/${pid}/task/${tid}/children`);
    if (text) for (const part of text.trim().split(/\s+/)) if (/^\d+$/.test(part)) out.push(Number(part));
  }
  return out;
}

/** CPU ticks and RSS of a process and its descendants (as far as the kernel lists them). */
export async function sampleProcessTree(pid: number): Promise<ProcSample | null> {
  const rootTicks = await cpuTicks(pid);
  if (rootTicks === null) return null;
  let ticks = rootTicks;
  let rss = (await rssBytes(pid)) ?? 0;
  const pids = [pid];
  const queue = await childPids(pid);
  const seen = new Set(pids);
  while (queue.length > 0 && pids.length < MAX_TREE_PROCESSES) {
    const child = queue.shift()!;
    if (seen.has(child)) continue;
    seen.add(child);
    const t = await cpuTicks(child);
    if (t === null) continue;
    ticks += t;
    rss += (await rssBytes(child)) ?? 0;
    pids.push(child);
    queue.push(...(await childPids(child)));
  }
  return { cpuTicks: ticks, rssBytes: rss, pids };
}

/** CPU percent between two samples (100 = one core busy), from ticks and wall-clock milliseconds. */
export function cpuPercentBetween(prevTicks: number, prevAtMs: number, ticks: number, atMs: number): number {
  const elapsedSeconds = (atMs - prevAtMs) / 1000;
  if (elapsedSeconds <= 0 || ticks < prevTicks) return 0;
  const percent = ((ticks - prevTicks) / CLOCK_TICKS_PER_SECOND / elapsedSeconds) * 100;
  return Math.round(percent * 10) / 10;
}

/**
 * Apparent size of every regular file under `dir` (symlinks are not followed, so a link out of the
 * directory costs nothing). Stops after DISK_WALK_MAX_ENTRIES entries.
 */
export async function directorySize(dir: string, maxEntries: number = DISK_WALK_MAX_ENTRIES): Promise<number> {
  let total = 0;
  let visited = 0;
  const stack = [dir];
  while (stack.length > 0 && visited < maxEntries) {
    const current = stack.pop()!;
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++visited > maxEntries) break;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile()) {
        try {
          total += (await lstat(full)).size;
        } catch {
          // Deleted while walking.
        }
      }
    }
  }
  return total;
}
