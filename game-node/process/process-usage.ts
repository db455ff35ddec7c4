// Resource usage of a game server read from Linux /proc, and disk usage from its directory.
// Network counters are null here: a plain child process shares the host's network namespace, so there
// is no per-process counter; the agent counts the game port's connections instead (port-traffic.ts).
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

/** Direct children from /proc/<pid>/task/<tid>/children (needs a kernel with CONFIG_PROC_CHILDREN). */
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

/** How long one scan of /proc for process groups is shared by every server's sample. */
const GROUP_SCAN_TTL_MS = 500;
let groupScan: { at: number; groups: Promise<Map<number, number[]>> } | null = null;

/**
 * Process group id -> member pids, from one pass over /proc/<pid>/stat. It is the fallback for
 * kernels without the children files. GameProcess makes each server a group leader, so its group is
 * what it spawned (unless a child left with setsid). One scan is shared for GROUP_SCAN_TTL_MS.
 */
function processGroups(): Promise<Map<number, number[]>> {
  const now = Date.now();
  if (groupScan && now - groupScan.at < GROUP_SCAN_TTL_MS) return groupScan.groups;
  const groups = (async () => {
    const byGroup = new Map<number, number[]>();
    let entries: string[];
    try {
      entries = await readdir("/proc");
    } catch {
      return byGroup;
    }
    for (const entry of entries) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await readText(`/proc/${entry}/stat`);
      if (stat === null) continue;
      // After the name: state, ppid, pgrp.
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (!Number.isInteger(pgrp)) continue;
      const members = byGroup.get(pgrp) ?? [];
      members.push(Number(entry));
      byGroup.set(pgrp, members);
    }
    return byGroup;
  })();
  groupScan = { at: now, groups };
  return groups;
}

let childrenFilesExist: boolean | null = null;

async function kernelListsChildren(): Promise<boolean> {
  if (childrenFilesExist === null) childrenFilesExist = (await readText(`/proc/self/task/${process.pid}/children`)) !== null;
  return childrenFilesExist;
}

/**
 * CPU ticks and RSS of a process and its descendants: from the kernel's children files where it has
 * them, else the members of the process group led by `pid`. `via` forces one way (tests).
 */
export async function sampleProcessTree(pid: number, via?: "children" | "group"): Promise<ProcSample | null> {
  const rootTicks = await cpuTicks(pid);
  if (rootTicks === null) return null;
  let ticks = rootTicks;
  let rss = (await rssBytes(pid)) ?? 0;
  const pids = [pid];
  const useChildren = via ? via === "children" : await kernelListsChildren();
  const queue = useChildren ? await childPids(pid) : ((await processGroups()).get(pid) ?? []).filter((p) => p !== pid);
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
    if (useChildren) queue.push(...(await childPids(child)));
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
