import { readFileSync } from "node:fs";
import http from "node:http";

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50ms: number;
  p99ms: number;
  /** Every successful request's latency in ms, sorted. */
  latencies: number[];
}

/** Several runs of one request against one server as if they were one. */
export function poolLoads(runs: readonly LoadResult[]): LoadResult {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]! : NaN);
  const errors = runs.reduce((sum, r) => sum + r.errors, 0);
  return { requests: latencies.length, errors, seconds, rps: latencies.length / seconds, p50ms: pct(0.5), p99ms: pct(0.99), latencies };
}

/** `connections` keep-alive clients each sending requests back to back for `seconds`. */
export async function runLoad(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]! : NaN);
  return { requests: latencies.length, errors, seconds: elapsed, rps: latencies.length / elapsed, p50ms: pct(0.5), p99ms: pct(0.99), latencies };
}

/** Resident set size of a process in MB (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** CPU time (user + system) a process has used so far, in ms (Linux, /proc/<pid>/stat). */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0; // the process has exited
  }
}

/** The PostgreSQL backends connected to the database of `url` (every pool on it), other than this query's own. */
export async function databaseBackends(url: string): Promise<number[]> {
  const pg = (await import("pg")).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    return rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

// sysconf(_SC_CLK_TCK): 100 on every Linux this runs on.
const CLOCK_TICKS_PER_SECOND = 100;
